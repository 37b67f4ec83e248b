#include <stdio.h>

int main(void) {
    int n;
    long long sum = 0, value;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; i++) {
        if (scanf("%lld", &value) != 1) return 1;
        sum += value;
    }
    printf("%.9f\n", (double)sum / n);
    return 0;
}
