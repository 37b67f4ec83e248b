# Waits for an answer to a guess it never made.
input()
