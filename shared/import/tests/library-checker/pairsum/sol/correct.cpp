// For each j, the first i < j whose number completes it: O(N log N).
#include <cstdio>
#include <map>
#include <vector>

int main() {
    int n;
    long long t;
    if (scanf("%d %lld", &n, &t) != 2) return 1;
    std::vector<long long> a(n);
    for (auto &x : a) scanf("%lld", &x);
    std::map<long long, int> first;
    for (int j = 0; j < n; j++) {
        auto found = first.find(t - a[j]);
        if (found != first.end()) {
            printf("%d %d\n", found->second + 1, j + 1);
            return 0;
        }
        first.emplace(a[j], j);
    }
    printf("-1\n");
}
