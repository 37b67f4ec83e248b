def answer(v):
    return v + 1
