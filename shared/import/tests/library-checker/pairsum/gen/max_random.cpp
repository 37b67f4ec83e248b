// N_MAX numbers; the target is the sum of a random pair.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "random.h"
#include "../params.h"

int main(int, char **argv) {
    Random rng(atoll(argv[1]) + 1000);
    int n = (int)N_MAX;
    std::vector<long long> a(n);
    for (auto &x : a) x = rng.uniform(0, A_MAX);
    int i = (int)rng.uniform(0, n - 1), j = (int)rng.uniform(0, n - 2);
    if (j >= i) j++;
    printf("%d %lld\n", n, a[i] + a[j]);
    for (int k = 0; k < n; k++) printf("%lld%c", a[k], k + 1 < n ? ' ' : '\n');
}
