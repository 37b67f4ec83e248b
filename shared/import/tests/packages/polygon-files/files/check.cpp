// The checker, with testlib's interface: check input output answer. The same
// number is accepted (exit 0); anything else is a wrong answer (exit 1).
#include <cstdio>

int main(int argc, char **argv) {
    if (argc < 4) return 3;
    FILE *output = fopen(argv[2], "r"), *answer = fopen(argv[3], "r");
    long long got, expected;
    if (!answer || fscanf(answer, "%lld", &expected) != 1) return 3;
    if (!output || fscanf(output, "%lld", &got) != 1) {
        fprintf(stderr, "wrong answer no number in the output\n");
        return 1;
    }
    if (got != expected) {
        fprintf(stderr, "wrong answer expected %lld, got %lld\n", expected, got);
        return 1;
    }
    fprintf(stderr, "ok the sum\n");
    return 0;
}
