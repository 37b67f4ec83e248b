#include <iostream>
#include <vector>

#include "validate.h"

int main(int argc, char **argv) {
    init_io(argc, argv);
    long long n, target;
    judge_in >> n >> target;
    std::vector<long long> a(n);
    for (auto &x : a) judge_in >> x;
    long long answer_i;
    judge_ans >> answer_i;
    long long i, j;
    if (!(std::cin >> i)) wrong_answer("no output");
    if (answer_i == -1) {
        if (i != -1) wrong_answer("there is no such pair, yet a pair was printed");
    } else {
        if (i == -1) wrong_answer("printed -1, but a pair exists");
        if (!(std::cin >> j)) wrong_answer("one index only");
        if (!(1 <= i && i < j && j <= n)) wrong_answer("indices out of order or range");
        if (a[i - 1] + a[j - 1] != target) wrong_answer("the values do not add up to the target");
    }
    std::string extra;
    if (std::cin >> extra) wrong_answer("trailing output: " + extra);
    accept();
}
