// testlib's interface (see checker.h). The output must be the answer's Q
// sums, in order.
#include "checker.h"

int main(int argc, char **argv) {
    auto [input, output, answer] = open_files(argc, argv);
    long long n, q;
    if (fscanf(input, "%lld %lld", &n, &q) != 2) quit(3, "the input cannot be read");
    for (long long k = 0; k < q; k++) {
        long long expected, got;
        if (fscanf(answer, "%lld", &expected) != 1) quit(3, "the answer cannot be read");
        if (fscanf(output, "%lld", &got) != 1) quit(1, "fewer sums than queries");
        if (got != expected) quit(1, "a sum differs from the answer's");
    }
    accept_at_end(output);
}
