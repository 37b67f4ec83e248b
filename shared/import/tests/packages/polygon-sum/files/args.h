// The generators' arguments, as testlib reads a generator's options: a
// token `-name` or `--name` is an option, its value after `=` or in the next
// token; any other token (a negative number too) is positional.
#pragma once
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

struct Args {
    std::map<std::string, std::string> options;
    std::vector<std::string> positional;

    Args(int argc, char **argv) {
        for (int i = 1; i < argc; i++) {
            const char *token = argv[i];
            bool option = token[0] == '-' && (isalpha((unsigned char)token[1]) ||
                                              (token[1] == '-' && isalpha((unsigned char)token[2])));
            if (!option) {
                positional.push_back(token);
                continue;
            }
            std::string name = token + (token[1] == '-' ? 2 : 1);
            size_t equals = name.find('=');
            if (equals != std::string::npos) {
                options[name.substr(0, equals)] = name.substr(equals + 1);
            } else if (i + 1 < argc) {
                options[name] = argv[++i];
            } else {
                options[name] = "true";
            }
        }
    }

    long long option(const std::string &name) const { return atoll(options.at(name).c_str()); }
    long long at(size_t index) const { return atoll(positional.at(index).c_str()); }
};

// The same numbers on every machine: splitmix64.
struct Rng {
    unsigned long long state;
    explicit Rng(unsigned long long seed) : state(seed) {}
    unsigned long long next() {
        unsigned long long z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    long long between(long long low, long long high) { return low + (long long)(next() % (unsigned long long)(high - low + 1)); }
};
