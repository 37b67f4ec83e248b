// Checks an input's exact format on stdin, with testlib's exit codes: 0 for
// a valid input, 3 with a message on stderr for an invalid one.
#include <cstdio>
#include <cstdlib>
#include "params.h"

[[noreturn]] static void invalid(const char *what) {
    fprintf(stderr, "FAIL %s\n", what);
    exit(3);
}

// A number of at most 18 digits without a sign or leading zero, then `after`.
static long long number(long long low, long long high, int after, const char *what) {
    long long value = 0;
    int digits = 0, c = getchar();
    if (c == '0') {
        digits = 1;
        c = getchar();
    } else {
        while (c >= '0' && c <= '9' && digits < 18) {
            value = value * 10 + (c - '0');
            digits++;
            c = getchar();
        }
    }
    if (digits == 0 || c != after) invalid(what);
    if (value < low || value > high) invalid(what);
    return value;
}

int main() {
    long long n = number(2, N_MAX, ' ', "N");
    number(0, 2 * A_MAX, '\n', "T");
    for (long long i = 0; i < n; i++) number(0, A_MAX, i + 1 < n ? ' ' : '\n', "A_i");
    if (getchar() != EOF) invalid("trailing input");
    return 0;
}
