# The format's Python entry point: a folder's __main__.py.
from reply import answer

print(answer(int(input())), flush=True)
