// gen SECRET: the test is the secret.
#include <cstdio>
#include <cstdlib>

int main(int, char **argv) { printf("%d\n", atoi(argv[1])); }
