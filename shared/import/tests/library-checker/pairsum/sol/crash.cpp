// Reads the input, then fails.
#include <cstdio>
#include <cstdlib>

int main() {
    int n;
    if (scanf("%d", &n) == 1) abort();
}
