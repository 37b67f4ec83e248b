// What the verifiers share: an input read on stdin in its exact format, with
// testlib's exit codes: 0 for a valid input, 3 with a message on stderr for
// an invalid one.
#pragma once
#include <cstdio>
#include <cstdlib>

[[noreturn]] static void invalid(const char *what) {
    fprintf(stderr, "FAIL %s\n", what);
    exit(3);
}

// A number of at most 18 digits without a sign or leading zero, in [low,
// high], then the character `after`.
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

// The end of the input.
static void at_end() {
    if (getchar() != EOF) invalid("trailing input");
}
