// gen_pos N M SEED: N numbers in [0, M] (positional arguments).
#include <cstdio>
#include "args.h"

int main(int argc, char **argv) {
    Args args(argc, argv);
    long long n = args.at(0), max = args.at(1);
    Rng rng(args.at(2) * 7919);
    printf("%lld\n", n);
    for (long long i = 0; i < n; i++) printf("%lld%c", rng.between(0, max), i + 1 < n ? ' ' : '\n');
}
