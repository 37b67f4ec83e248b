# Right while the value is small: wrong from the third pass of secret 1.
v = int(input())
print(v + 1 if v < 12 else v, flush=True)
