# @EXPECTED_RESULTS@: WRONG-ANSWER, RUN-ERROR
a, b = map(int, input().split())
print(a // b)
