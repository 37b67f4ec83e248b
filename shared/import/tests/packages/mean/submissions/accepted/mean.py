n = int(input())
print(f"{sum(map(int, input().split())) / n:.9f}")
