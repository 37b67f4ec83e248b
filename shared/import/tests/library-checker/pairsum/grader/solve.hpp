#pragma once
#include <utility>
#include <vector>

std::pair<int, int> solve(long long t, const std::vector<long long> &a);
