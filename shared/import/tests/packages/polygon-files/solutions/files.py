with open("sum.in") as source:
    n = int(source.read())
with open("sum.out", "w") as answer:
    print(n * (n + 1) // 2, file=answer)
