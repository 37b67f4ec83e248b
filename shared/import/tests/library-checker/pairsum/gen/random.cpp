// Small inputs; an even seed's target is the sum of a random pair.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "random.h"
#include "../params.h"

int main(int, char **argv) {
    long long seed = atoll(argv[1]);
    Random rng(seed);
    int n = (int)rng.uniform(2, 100);
    std::vector<long long> a(n);
    for (auto &x : a) x = rng.uniform(0, 1000);
    long long t;
    if (seed % 2 == 0) {
        int i = (int)rng.uniform(0, n - 1), j = (int)rng.uniform(0, n - 2);
        if (j >= i) j++;
        t = a[i] + a[j];
    } else {
        t = rng.uniform(0, 2000);
    }
    printf("%d %lld\n", n, t);
    for (int i = 0; i < n; i++) printf("%lld%c", a[i], i + 1 < n ? ' ' : '\n');
}
