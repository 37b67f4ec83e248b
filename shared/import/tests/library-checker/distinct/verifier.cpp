// Checks an input's exact format on stdin (see verifier.h).
#include "params.h"
#include "verifier.h"

int main() {
    long long n = number(1, N_MAX, '\n', "N");
    for (long long i = 0; i < n; i++) number(0, A_MAX, i + 1 < n ? ' ' : '\n', "A_i");
    at_end();
    return 0;
}
