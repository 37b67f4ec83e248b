// The Kattis interface, interactively: argv[1] the input, argv[3] the
// feedback folder; the program's answers on stdin, the messages to it on
// stdout. SIGPIPE is left at its default, as in most validators: a judge
// must not let a program that stopped reading turn this into a crash.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

static std::string feedback;

[[noreturn]] static void reject(const std::string &message) {
    FILE *out = fopen((feedback + "judgemessage.txt").c_str(), "w");
    if (out) {
        fprintf(out, "%s\n", message.c_str());
        fclose(out);
    }
    exit(43);
}

int main(int argc, char **argv) {
    if (argc < 4) return 1;
    feedback = argv[3];
    FILE *in = fopen(argv[1], "r");
    long long n, seed, q;
    if (!in || fscanf(in, "%lld %lld %lld", &n, &seed, &q) != 3 || n < 1) return 1;
    std::vector<long long> prefix(n + 1, 0);
    unsigned long long x = seed;
    printf("%lld\n", n);
    for (long long i = 0; i < n; i++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        long long value = (long long)(x >> 33) % 1000;
        prefix[i + 1] = prefix[i] + value;
        printf("%lld%c", value, i + 1 < n ? ' ' : '\n');
    }
    fflush(stdout);
    for (long long k = 0; k < q; k++) {
        long long l = (k * 7919) % n + 1, r = l + (k * 104729) % (n - l + 1);
        printf("? %lld %lld\n", l, r);
        fflush(stdout);
        long long got;
        if (scanf("%lld", &got) != 1)
            reject("no answer to query " + std::to_string(k + 1) + ": the program ended or wrote no number");
        if (got != prefix[r] - prefix[l - 1])
            reject("query " + std::to_string(k + 1) + ": expected " + std::to_string(prefix[r] - prefix[l - 1]) +
                   ", got " + std::to_string(got));
    }
    printf("done\n");
    fflush(stdout);
    char extra;
    if (scanf(" %c", &extra) == 1) reject("output after the last answer");
    return 42;
}
