#include <stdio.h>

/* Spins past any time limit before answering. */
int main(void) {
    volatile unsigned long long spin = 0;
    for (;;) spin++;
    return 0;
}
