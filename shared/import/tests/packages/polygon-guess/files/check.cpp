// testlib's checker interface: check input output answer, the output being
// what the interactor wrote. Exit 0 when it says the secret was found.
#include <cstdio>
#include <cstring>

int main(int argc, char **argv) {
    if (argc < 4) return 3;
    FILE *output = fopen(argv[2], "r");
    char word[16] = "";
    if (!output || fscanf(output, "%15s", word) != 1 || strcmp(word, "found") != 0) {
        fprintf(stderr, "the interactor did not say found\n");
        return 1;
    }
    return 0;
}
