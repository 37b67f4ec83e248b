// Keeps at most 10 numbers, then fails.
#include <cstdio>
#include <cstdlib>

int main() {
    long long n, sum = 0, x;
    scanf("%lld", &n);
    if (n > 10) abort();
    for (long long i = 0; i < n; i++) {
        scanf("%lld", &x);
        sum += x;
    }
    printf("%lld\n", sum);
}
