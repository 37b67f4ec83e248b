// A secret from 1 to 1000 on one line; testlib's exit codes (0 valid, 3 not).
#include <cstdio>

int main() {
    int secret;
    char end = 0;
    if (scanf("%d%c", &secret, &end) != 2 || end != '\n' || secret < 1 || secret > 1000 || getchar() != EOF) {
        fprintf(stderr, "FAIL expected a secret from 1 to 1000\n");
        return 3;
    }
}
