// Checks an input's exact format on stdin (see verifier.h).
#include "params.h"
#include "verifier.h"

int main() {
    long long n = number(2, N_MAX, ' ', "N");
    number(0, 2 * A_MAX, '\n', "T");
    for (long long i = 0; i < n; i++) number(0, A_MAX, i + 1 < n ? ' ' : '\n', "A_i");
    at_end();
    return 0;
}
