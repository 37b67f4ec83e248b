n, target = map(int, input().split())
a = list(map(int, input().split()))
seen = {}
for j, x in enumerate(a):
    if target - x in seen:
        print(seen[target - x] + 1, j + 1)
        break
    seen.setdefault(x, j)
else:
    print(-1)
