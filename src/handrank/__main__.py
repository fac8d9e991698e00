"""``python -m handrank``: the command line."""

import sys

from .cli import main

if __name__ == "__main__":  # worker processes (handrank strength-tables) import this module again
    sys.exit(main())
