// Reads n from sum.in and writes the sum to sum.out; what it prints on stdout
// is not its answer.
#include <cstdio>

int main() {
    FILE *in = fopen("sum.in", "r"), *out = fopen("sum.out", "w");
    long long n;
    if (!in || !out || fscanf(in, "%lld", &n) != 1) return 1;
    fprintf(out, "%lld\n", n * (n + 1) / 2);
    printf("not the answer\n");
}
