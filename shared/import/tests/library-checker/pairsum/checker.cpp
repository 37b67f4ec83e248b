// testlib's interface (see checker.h). Any right pair is accepted; -1 only
// when the answer says there is none.
#include <vector>
#include "checker.h"

int main(int argc, char **argv) {
    auto [input, output, answer] = open_files(argc, argv);
    long long n, t;
    if (fscanf(input, "%lld %lld", &n, &t) != 2) quit(3, "the input cannot be read");
    std::vector<long long> a(n);
    for (auto &x : a)
        if (fscanf(input, "%lld", &x) != 1) quit(3, "the input cannot be read");
    long long expected;
    if (fscanf(answer, "%lld", &expected) != 1) quit(3, "the answer cannot be read");
    long long i, j;
    if (fscanf(output, "%lld", &i) != 1) quit(1, "no number in the output");
    if (i == -1) {
        if (expected != -1) quit(1, "printed -1, but a pair exists");
    } else {
        if (expected == -1) quit(1, "printed a pair, but there is none");
        if (fscanf(output, "%lld", &j) != 1) quit(1, "one index only");
        if (!(1 <= i && i < j && j <= n)) quit(1, "indices out of order or range");
        if (a[i - 1] + a[j - 1] != t) quit(1, "the two numbers do not add up to T");
    }
    accept_at_end(output);
}
