# The entry point submissions.yaml names.
import other

print(other.plus_one(int(input())), flush=True)
