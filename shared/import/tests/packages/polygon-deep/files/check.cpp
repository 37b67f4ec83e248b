// The checker, with testlib's interface and its way of giving points:
// check input output answer. The exact sum is 10 points (as quitp(10, ...)
// writes them: `points 10 ...` first on stderr, exit 7); within 1% of it,
// 5 points; 0 is testlib's partially correct result 30 (`partially correct
// (30) ...`, exit 30); anything else a wrong answer (exit 1).
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
    if (argc < 4) return 3;
    FILE *output = fopen(argv[2], "r"), *answer = fopen(argv[3], "r");
    long long got, expected;
    if (!answer || fscanf(answer, "%lld", &expected) != 1) return 3;
    if (!output || fscanf(output, "%lld", &got) != 1) {
        fprintf(stderr, "wrong output format no number\n");
        return 2;
    }
    if (got == expected) {
        fprintf(stderr, "points 10 the sum\n");
        return 7;
    }
    if (got == 0) {
        fprintf(stderr, "partially correct (30) nothing summed\n");
        return 30;
    }
    if (llabs(got - expected) * 100 <= expected) {
        fprintf(stderr, "points 5 %lld is close to %lld\n", got, expected);
        return 7;
    }
    fprintf(stderr, "wrong answer expected %lld, got %lld\n", expected, got);
    return 1;
}
