// Each query summed on its own: O(NQ), too slow for the largest input.
#include <cstdio>
#include <vector>

int main() {
    int n, q;
    if (scanf("%d %d", &n, &q) != 2) return 1;
    std::vector<long long> a(n);
    for (auto &x : a) scanf("%lld", &x);
    for (int k = 0; k < q; k++) {
        int l, r;
        scanf("%d %d", &l, &r);
        long long sum = 0;
        for (int i = l; i < r; i++) sum += a[i];
        printf("%lld\n", sum);
    }
}
