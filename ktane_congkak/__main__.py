"""`python -m ktane_congkak`: the same as the `ktane-congkak` command."""

import sys

from .cli import main

if __name__ == "__main__":  # a spawned worker (stats --jobs, where there is no fork) imports this too
    sys.exit(main())
