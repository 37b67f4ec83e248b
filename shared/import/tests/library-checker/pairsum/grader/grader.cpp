// Reads the input, calls solve, prints its pair 1-based (or -1).
#include <cstdio>
#include "solve.hpp"

int main() {
    int n;
    long long t;
    if (scanf("%d %lld", &n, &t) != 2) return 1;
    std::vector<long long> a(n);
    for (auto &x : a) scanf("%lld", &x);
    auto [i, j] = solve(t, a);
    if (i < 0) printf("-1\n");
    else printf("%d %d\n", i + 1, j + 1);
}
