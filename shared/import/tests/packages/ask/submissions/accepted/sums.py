import sys

n = int(sys.stdin.readline())
prefix = [0]
for value in map(int, sys.stdin.readline().split()):
    prefix.append(prefix[-1] + value)
for line in sys.stdin:
    if line.strip() == "done":
        break
    _, l, r = line.split()
    print(prefix[int(r)] - prefix[int(l) - 1], flush=True)
