// gen -n N -max M SEED: N numbers in [-M, M] (options as testlib's).
#include <cstdio>
#include "args.h"

int main(int argc, char **argv) {
    Args args(argc, argv);
    long long n = args.option("n"), max = args.option("max");
    Rng rng(args.at(0));
    printf("%lld\n", n);
    for (long long i = 0; i < n; i++) printf("%lld%c", rng.between(-max, max), i + 1 < n ? ' ' : '\n');
}
