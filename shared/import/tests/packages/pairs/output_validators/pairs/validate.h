// Kattis's output validator interface, in a few lines: the input and the
// answer from the command line, the verdict as the exit code, the message in
// the feedback folder.
#pragma once
#include <cstdlib>
#include <fstream>
#include <string>

inline std::ifstream judge_in, judge_ans;
inline std::string feedback_dir;

inline void init_io(int argc, char **argv) {
    if (argc < 4) std::exit(1);
    judge_in.open(argv[1]);
    judge_ans.open(argv[2]);
    feedback_dir = argv[3];
}

[[noreturn]] inline void accept() { std::exit(42); }

[[noreturn]] inline void wrong_answer(const std::string &message) {
    std::ofstream(feedback_dir + "judgemessage.txt") << message << "\n";
    std::exit(43);
}
