def plus_one(v):
    return v + 1


if __name__ == "__main__":
    print("not the entry point")
