// testlib's interface (see checker.h). The output must be the answer's one
// number.
#include "checker.h"

int main(int argc, char **argv) {
    Files files = open_files(argc, argv);
    FILE *output = files.output;
    long long expected, got;
    if (fscanf(files.answer, "%lld", &expected) != 1) quit(3, "the answer cannot be read");
    if (fscanf(output, "%lld", &got) != 1) quit(1, "no number in the output");
    if (got != expected) quit(1, "the count differs from the answer's");
    accept_at_end(output);
}
