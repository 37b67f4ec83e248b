// N_MAX numbers and Q_MAX queries, most of them long.
#include <cstdio>
#include <cstdlib>
#include "random.h"
#include "../params.h"

int main(int, char **argv) {
    Random rng(atoll(argv[1]) + 500);
    int n = (int)N_MAX, q = (int)Q_MAX;
    printf("%d %d\n", n, q);
    for (int i = 0; i < n; i++) printf("%lld%c", rng.uniform(0, A_MAX), i + 1 < n ? ' ' : '\n');
    for (int k = 0; k < q; k++) {
        int l = (int)rng.uniform(0, n / 10);
        int r = (int)rng.uniform(n - n / 10, n);
        printf("%d %d\n", l, r);
    }
}
