# One by one from 1: past 10 guesses but for the smallest numbers.
guess = 1
while True:
    print(guess, flush=True)
    if input() == "correct":
        break
    guess += 1
