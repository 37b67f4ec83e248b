// Checks an input's exact format on stdin (see verifier.h).
#include "params.h"
#include "verifier.h"

int main() {
    long long n = number(1, N_MAX, ' ', "N");
    long long q = number(1, Q_MAX, '\n', "Q");
    for (long long i = 0; i < n; i++) number(0, A_MAX, i + 1 < n ? ' ' : '\n', "A_i");
    for (long long k = 0; k < q; k++) {
        long long l = number(0, n - 1, ' ', "l");
        number(l + 1, n, '\n', "r");
    }
    at_end();
    return 0;
}
