import sys

# Kattis's interface: input, answer and feedback folder in argv, the
# submission's output on stdin; exit 42 accepts, 43 rejects.
answer = open(sys.argv[2]).read().strip().lower()
output = sys.stdin.read().strip().lower()
if output == answer:
    sys.exit(42)
with open(sys.argv[3] + "judgemessage.txt", "w") as feedback:
    feedback.write(f"expected {answer}, got {output!r}\n")
sys.exit(43)
