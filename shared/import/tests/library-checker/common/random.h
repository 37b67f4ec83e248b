// A seeded generator for the generators: splitmix64, the same numbers on
// every machine and compiler.
#pragma once
#include <cstdint>

struct Random {
    uint64_t state;
    explicit Random(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ULL + 1) {}
    uint64_t next() {
        uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    // Uniform in [low, high], near enough for tests.
    long long uniform(long long low, long long high) {
        return low + (long long)(next() % (uint64_t)(high - low + 1));
    }
};
