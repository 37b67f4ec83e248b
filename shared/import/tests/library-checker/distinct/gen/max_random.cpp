// N_MAX numbers: from a range of N_MAX / 2 values (seed 0), or of A_MAX.
#include <cstdio>
#include <cstdlib>
#include "random.h"
#include "../params.h"

int main(int, char **argv) {
    long long seed = atoll(argv[1]);
    Random rng(seed + 300);
    long long high = seed == 0 ? N_MAX / 2 : A_MAX;
    int n = (int)N_MAX;
    printf("%d\n", n);
    for (int i = 0; i < n; i++) printf("%lld%c", rng.uniform(0, high), i + 1 < n ? ' ' : '\n');
}
