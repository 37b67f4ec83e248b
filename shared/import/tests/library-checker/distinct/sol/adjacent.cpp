// Wrong: counts the numbers that differ from the one before them, which is
// the count only when equal values stand together.
#include <cstdio>

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    long long previous = -1, count = 0;
    for (int i = 0; i < n; i++) {
        long long a;
        scanf("%lld", &a);
        if (a != previous) count++;
        previous = a;
    }
    printf("%lld\n", count);
}
