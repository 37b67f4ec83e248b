// N_MAX odd numbers and an odd target: no pair adds up to it.
#include <cstdio>
#include <cstdlib>
#include "random.h"
#include "../params.h"

int main(int, char **argv) {
    Random rng(atoll(argv[1]) + 2000);
    int n = (int)N_MAX;
    printf("%d %lld\n", n, 2 * rng.uniform(0, A_MAX - 1) + 1);
    for (int k = 0; k < n; k++) printf("%lld%c", 2 * rng.uniform(0, (A_MAX - 1) / 2) + 1, k + 1 < n ? ' ' : '\n');
}
