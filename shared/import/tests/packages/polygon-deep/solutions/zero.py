# Sums nothing: testlib's partially correct result.
input()
print(0)
