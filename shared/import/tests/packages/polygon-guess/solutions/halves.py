low, high = 1, 1000
while True:
    guess = (low + high) // 2
    print(guess, flush=True)
    reply = input().strip()
    if reply == "=":
        break
    if reply == "<":
        low = guess + 1
    else:
        high = guess - 1
