"""Relay's output validator: one pass a call, as the Kattis format runs it.

argv: input answer feedback_dir; the program's output on stdin. Exit 42
accepts (with nextpass.in written: run again), 43 rejects.
"""
import os
import sys

input_file, answer_file, feedback = sys.argv[1], sys.argv[2], sys.argv[3]
k, v = map(int, open(input_file).read().split())
log = os.path.join(feedback, "log")
with open(log, "a") as f:
    f.write(f"{k} {v}\n")


def reject(message):
    with open(os.path.join(feedback, "judgemessage.txt"), "a") as f:
        f.write(message + "\n")
    sys.exit(43)


words = sys.stdin.read().split()
if words != [str(v + 1)]:
    reject(f"expected {v + 1} on the pass with {k} left, got {' '.join(words)[:40]!r}")
if k > 1:
    with open(os.path.join(feedback, "nextpass.in"), "w") as f:
        f.write(f"{k - 1} {v + 1}\n")
    sys.exit(42)
if v + 1 != int(open(answer_file).read()):
    reject(f"{v + 1} is not the answer")
# The first pass's line starts the log: a log kept from pass to pass holds
# as many lines as that pass had passes left.
lines = open(log).read().splitlines()
if len(lines) != int(lines[0].split()[0]):
    print(f"the feedback folder lost passes: {lines}", file=sys.stderr)
    sys.exit(1)
sys.exit(42)
