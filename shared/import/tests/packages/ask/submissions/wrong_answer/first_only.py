# Answers the first query only, then ends.
import sys

sys.stdin.readline()
values = list(map(int, sys.stdin.readline().split()))
_, l, r = sys.stdin.readline().split()
print(sum(values[int(l) - 1 : int(r)]), flush=True)
