a, b = map(int, input().split())
print("nan" if b == 0 else f"{a / b:.2f}")
