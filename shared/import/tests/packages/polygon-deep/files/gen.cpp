// gen N: the input N.
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
    if (argc < 2) return 3;
    printf("%lld\n", atoll(argv[1]));
}
