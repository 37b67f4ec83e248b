# pygen N M SEED: N numbers in [1, M], made by Python's own generator.
import random
import sys

n, m, seed = map(int, sys.argv[1:4])
rng = random.Random(seed)
print(n)
print(" ".join(str(rng.randint(1, m)) for _ in range(n)))
