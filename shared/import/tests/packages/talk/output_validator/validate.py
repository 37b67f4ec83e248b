"""Talk's output validator: one pass a call; it talks to the program.

argv: input answer feedback_dir; the program's output on stdin, the
program's input on stdout. Exit 42 accepts (with nextpass.in: run again),
43 rejects.
"""
import os
import sys

input_file, answer_file, feedback = sys.argv[1], sys.argv[2], sys.argv[3]
k, v = map(int, open(input_file).read().split())
print(v, flush=True)
reply = sys.stdin.readline().split()


def reject(message):
    with open(os.path.join(feedback, "judgemessage.txt"), "a") as f:
        f.write(message + "\n")
    sys.exit(43)


if reply != [str(v + 1)]:
    reject(f"expected {v + 1} with {k} passes left, got {' '.join(reply)[:40]!r}")
if k > 1:
    with open(os.path.join(feedback, "nextpass.in"), "w") as f:
        f.write(f"{k - 1} {v + 1}\n")
    sys.exit(42)
if v + 1 != int(open(answer_file).read()):
    reject(f"{v + 1} is not the answer")
sys.exit(42)
