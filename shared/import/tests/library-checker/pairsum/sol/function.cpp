// The function the grader calls: a pair of 0-based indices, or {-1, -1}.
#include <unordered_map>
#include "solve.hpp"

std::pair<int, int> solve(long long t, const std::vector<long long> &a) {
    std::unordered_map<long long, int> first;
    for (int j = 0; j < (int)a.size(); j++) {
        auto found = first.find(t - a[j]);
        if (found != first.end()) return {found->second, j};
        first.emplace(a[j], j);
    }
    return {-1, -1};
}
