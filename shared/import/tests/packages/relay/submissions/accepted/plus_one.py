k, v = map(int, input().split())
print(v + 1)
