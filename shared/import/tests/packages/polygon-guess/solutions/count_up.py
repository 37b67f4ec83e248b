# 1, 2, 3, ...: too many guesses for a large secret.
guess = 1
while True:
    print(guess, flush=True)
    if input().strip() == "=":
        break
    guess += 1
