import sys

# Kattis's interface, interactively: the input file holds the number, the
# submission's guesses arrive on stdin and the answers go to stdout.
secret = int(open(sys.argv[1]).read())
feedback = sys.argv[3]


def reject(message):
    with open(feedback + "judgemessage.txt", "w") as out:
        out.write(message + "\n")
    sys.exit(43)


for guesses in range(1, 11):
    line = sys.stdin.readline()
    if not line:
        reject(f"no guess {guesses}: the program ended")
    try:
        guess = int(line)
    except ValueError:
        reject(f"guess {guesses} is not a number: {line.strip()!r}")
    if guess == secret:
        print("correct", flush=True)
        if sys.stdin.read().strip():
            reject("output after the right guess")
        sys.exit(42)
    print("lower" if secret < guess else "higher", flush=True)
reject("10 guesses, none right")
