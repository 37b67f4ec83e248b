// testlib's interactor interface: interactor input output [answer]; the
// program's guesses on stdin, the replies on stdout. Exit 0 when it found
// the secret in at most 10 guesses (writing "found in K" to output), 1 when
// it did not.
#include <cstdio>

int main(int argc, char **argv) {
    if (argc < 3) return 3;
    FILE *input = fopen(argv[1], "r"), *output = fopen(argv[2], "w");
    int secret;
    if (!input || !output || fscanf(input, "%d", &secret) != 1) return 3;
    for (int guesses = 1; guesses <= 10; guesses++) {
        int guess;
        if (scanf("%d", &guess) != 1) {
            fprintf(stderr, "the program ended after %d guesses\n", guesses - 1);
            return 1;
        }
        if (guess == secret) {
            printf("=\n");
            fflush(stdout);
            fprintf(output, "found in %d\n", guesses);
            return 0;
        }
        printf(guess < secret ? "<\n" : ">\n");
        fflush(stdout);
    }
    fprintf(stderr, "no right guess in 10\n");
    return 1;
}
