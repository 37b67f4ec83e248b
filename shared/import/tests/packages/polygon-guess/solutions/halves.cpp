#include <cstdio>

int main() {
    int low = 1, high = 1000;
    char reply[4];
    while (true) {
        int guess = (low + high) / 2;
        printf("%d\n", guess);
        fflush(stdout);
        if (scanf("%3s", reply) != 1 || reply[0] == '=') return 0;
        if (reply[0] == '<') low = guess + 1;
        else high = guess - 1;
    }
}
