// Up to 100 numbers; seed i draws them from 1 to 10^i, so that the first
// inputs repeat many values and the last few.
#include <cstdio>
#include <cstdlib>
#include "random.h"
#include "../params.h"

int main(int, char **argv) {
    long long seed = atoll(argv[1]);
    Random rng(seed);
    long long high = 1;
    for (long long i = 0; i <= seed && high < A_MAX; i++) high *= 10;
    int n = (int)rng.uniform(1, 100);
    printf("%d\n", n);
    for (int i = 0; i < n; i++) printf("%lld%c", rng.uniform(0, high), i + 1 < n ? ' ' : '\n');
}
