// The validator, as a testlib validator is run: the input on stdin,
// `--testset NAME --group G` as arguments; exit 0 for a valid input, 3 with
// a message for an invalid one. Group g1's lists have at most 10 numbers.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

[[noreturn]] static void invalid(const char *what) {
    fprintf(stderr, "FAIL %s\n", what);
    exit(3);
}

static long long number(int after, long long low, long long high, const char *what) {
    int c = getchar();
    bool negative = c == '-';
    if (negative) c = getchar();
    if (c < '0' || c > '9') invalid(what);
    long long value = 0;
    int digits = 0;
    while (c >= '0' && c <= '9') {
        if (++digits > 18) invalid(what);
        value = value * 10 + (c - '0');
        c = getchar();
    }
    if (negative) value = -value;
    if (c != after || value < low || value > high) invalid(what);
    return value;
}

int main(int argc, char **argv) {
    std::string group;
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "--group") == 0) group = argv[i + 1];
    long long most = group == "g1" ? 10 : 1000;
    long long n = number('\n', 1, most, "n out of range for its group");
    for (long long i = 0; i < n; i++) number(i + 1 < n ? ' ' : '\n', -1000000000, 1000000000, "a number");
    if (getchar() != EOF) invalid("trailing input");
}
