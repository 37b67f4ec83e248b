low, high = 1, 1000
while True:
    guess = (low + high) // 2
    print(guess, flush=True)
    answer = input()
    if answer == "correct":
        break
    if answer == "lower":
        high = guess - 1
    else:
        low = guess + 1
