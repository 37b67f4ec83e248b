# Waits for a reply to a guess it never made.
input()
