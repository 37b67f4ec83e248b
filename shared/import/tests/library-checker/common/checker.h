// What the checkers share: testlib's interface, `checker input output
// answer`, and its exit codes: 0 accepted, 1 a wrong answer (its message on
// stderr), 3 the checker's own failure.
#pragma once
#include <cstdio>
#include <cstdlib>

[[noreturn]] static void quit(int code, const char *message) {
    fprintf(stderr, "%s\n", message);
    exit(code);
}

struct Files {
    FILE *input, *output, *answer;
};

// The three files of the command line, open; the checker's failure when one is not.
static Files open_files(int argc, char **argv) {
    if (argc < 4) quit(3, "usage: checker input output answer");
    Files files{fopen(argv[1], "r"), fopen(argv[2], "r"), fopen(argv[3], "r")};
    if (!files.input || !files.output || !files.answer) quit(3, "a file cannot be opened");
    return files;
}

// Nothing but blanks after the answer, and the verdict accepted.
[[noreturn]] static void accept_at_end(FILE *output) {
    char extra;
    if (fscanf(output, " %c", &extra) == 1) quit(1, "more output after the answer");
    quit(0, "ok");
}
