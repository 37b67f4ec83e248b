// Small inputs: up to 50 numbers and 50 queries.
#include <cstdio>
#include <cstdlib>
#include "random.h"
#include "../params.h"

int main(int, char **argv) {
    Random rng(atoll(argv[1]));
    int n = (int)rng.uniform(1, 50), q = (int)rng.uniform(1, 50);
    printf("%d %d\n", n, q);
    for (int i = 0; i < n; i++) printf("%lld%c", rng.uniform(0, A_MAX), i + 1 < n ? ' ' : '\n');
    for (int k = 0; k < q; k++) {
        int l = (int)rng.uniform(0, n - 1);
        int r = (int)rng.uniform(l + 1, n);
        printf("%d %d\n", l, r);
    }
}
