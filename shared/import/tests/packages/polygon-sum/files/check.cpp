// The checker, with testlib's interface: check input output answer;
// exit 0 accepted, 1 wrong answer, 2 presentation error (no number).
#include <cstdio>

int main(int argc, char **argv) {
    if (argc < 4) return 3;
    FILE *output = fopen(argv[2], "r"), *answer = fopen(argv[3], "r");
    long long got, expected;
    if (!answer || fscanf(answer, "%lld", &expected) != 1) return 3;
    if (!output || fscanf(output, "%lld", &got) != 1) {
        fprintf(stderr, "no number\n");
        return 2;
    }
    if (got != expected) {
        fprintf(stderr, "expected %lld, got %lld\n", expected, got);
        return 1;
    }
    fprintf(stderr, "ok %lld\n", got);
    return 0;
}
