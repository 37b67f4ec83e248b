a, b = map(int, input().split())
# C's printf and Python's float formatting both write nan for 0/0.
print("nan" if b == 0 else f"{a / b:.9f}")
