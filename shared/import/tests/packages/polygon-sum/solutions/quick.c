#include <stdio.h>

int main(void) {
    long long n, sum = 0, x;
    if (scanf("%lld", &n) != 1) return 1;
    for (long long i = 0; i < n; i++) {
        if (scanf("%lld", &x) != 1) return 1;
        sum += x;
    }
    printf("%lld\n", sum);
    return 0;
}
