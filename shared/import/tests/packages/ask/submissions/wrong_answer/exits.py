# Reads nothing and ends: the validator, still writing its numbers, is told
# so by the end of the program's output (DOMjudge: WRONG-ANSWER).
