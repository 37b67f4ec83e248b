// Sums in 32 bits: wrong once the sum passes 2^31.
#include <cstdio>

int main() {
    int n, sum = 0, x;
    scanf("%d", &n);
    for (int i = 0; i < n; i++) {
        scanf("%d", &x);
        sum += x;
    }
    printf("%d\n", sum);
}
