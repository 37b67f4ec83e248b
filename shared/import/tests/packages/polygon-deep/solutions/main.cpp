// Recursion n deep, a frame of about 100 bytes that the compiler cannot
// turn into a loop: about 100 MB of stack at n = 1,000,000.
#include <cstdio>

long long sum(long long n) {
    volatile char frame[64];
    frame[0] = (char)n;
    if (n == 0) return 0;
    long long below = sum(n - 1);
    return below + n + (frame[0] - (char)n);
}

int main() {
    long long n;
    scanf("%lld", &n);
    printf("%lld\n", sum(n));
}
