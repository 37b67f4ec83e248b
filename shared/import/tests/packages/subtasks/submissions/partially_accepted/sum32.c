#include <stdio.h>

/* A 32-bit sum: right on group 1, wrong (it wraps) on group 2. */
int main(void) {
    int n;
    unsigned sum = 0;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; i++) {
        long long value;
        if (scanf("%lld", &value) != 1) return 1;
        sum += (unsigned)value;
    }
    printf("%u\n", sum);
    return 0;
}
