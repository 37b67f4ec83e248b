#include <stdio.h>

/* Right, but for 0 / 0, where it spins past any time limit. */
int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    if (b == 0) {
        volatile unsigned long long spin = 0;
        for (;;) spin++;
    }
    printf("%.9f\n", (double)a / (double)b);
    return 0;
}
