# Right on every case, but too slow on the large ones: 2025-09's brute_force.
import time

n = int(input())
if n > 10:
    time.sleep(5)
print(f"{sum(map(int, input().split())) / n:.9f}")
