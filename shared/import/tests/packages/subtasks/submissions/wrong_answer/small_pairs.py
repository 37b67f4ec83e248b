# Wrong on a pair of small values, and a crash on a single value. Group 1
# (01: a small pair, 02: one value) says on_reject: break, so its 02 is
# never run: the result is WA, not the worse RE, as problemtools gives it.
# data/ says continue, so group 2 is judged after group 1 failed.
n = int(input())
values = [int(word) for word in input().split()]
if n == 1:
    raise ValueError("one value")
total = sum(values)
print(total + 1 if n == 2 and total < 1000 else total)
