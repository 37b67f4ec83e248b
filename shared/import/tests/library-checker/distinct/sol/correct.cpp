// Sorted, then the values that differ from the one before: O(N log N).
#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    std::vector<long long> a(n);
    for (auto &x : a) scanf("%lld", &x);
    std::sort(a.begin(), a.end());
    printf("%d\n", (int)(std::unique(a.begin(), a.end()) - a.begin()));
}
