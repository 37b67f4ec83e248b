// Every pair: O(N^2), too slow for N_MAX numbers without a pair.
#include <cstdio>
#include <vector>

int main() {
    int n;
    long long t;
    if (scanf("%d %lld", &n, &t) != 2) return 1;
    std::vector<long long> a(n);
    for (auto &x : a) scanf("%lld", &x);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < j; i++)
            if (a[i] + a[j] == t) {
                printf("%d %d\n", i + 1, j + 1);
                return 0;
            }
    printf("-1\n");
}
