import re
import sys

# Kattis's interface: the input on stdin; exit 42 when it is valid, 43 when not.
text = sys.stdin.read()
match = re.fullmatch(r"(-?\d+) (-?\d+)\n", text)
if not match:
    print("expected one line: two integers")
    sys.exit(43)
a, b = map(int, match.groups())
if not (abs(a) <= 10**9 and abs(b) <= 10**9):
    print("a number out of range")
    sys.exit(43)
if b == 0 and a != 0:
    print("b = 0 needs a = 0")
    sys.exit(43)
sys.exit(42)
