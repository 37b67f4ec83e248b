import re
import sys

# Kattis's interface: the input on stdin, the group's flags as arguments;
# exit 42 when the input is valid, 43 when not. --max-n N bounds n.
args = sys.argv[1:]
max_n = int(args[args.index("--max-n") + 1]) if "--max-n" in args else 1000
text = sys.stdin.read()
match = re.fullmatch(r"(\d+)\n(-?\d+(?: -?\d+)*)\n", text)
if not match:
    print("expected n, then a line of n integers")
    sys.exit(43)
n = int(match.group(1))
values = list(map(int, match.group(2).split()))
if not 1 <= n <= max_n:
    print(f"n = {n}, not from 1 to {max_n}")
    sys.exit(43)
if len(values) != n or any(abs(value) > 10**7 for value in values):
    print("not n integers of at most 10^7")
    sys.exit(43)
sys.exit(42)
