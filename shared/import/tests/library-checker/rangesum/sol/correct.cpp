// Prefix sums: O(N + Q).
#include <cstdio>
#include <vector>

int main() {
    int n, q;
    if (scanf("%d %d", &n, &q) != 2) return 1;
    std::vector<long long> prefix(n + 1, 0);
    for (int i = 0; i < n; i++) {
        long long a;
        scanf("%lld", &a);
        prefix[i + 1] = prefix[i] + a;
    }
    for (int k = 0; k < q; k++) {
        int l, r;
        scanf("%d %d", &l, &r);
        printf("%lld\n", prefix[r] - prefix[l]);
    }
}
