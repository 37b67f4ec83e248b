#include <cstdio>

int main() {
    long long n, sum = 0, x;
    scanf("%lld", &n);
    for (long long i = 0; i < n; i++) {
        scanf("%lld", &x);
        sum += x;
    }
    printf("%lld\n", sum);
}
