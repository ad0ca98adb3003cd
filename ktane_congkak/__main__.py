"""`python -m ktane_congkak`: the same as the `ktane-congkak` command."""

import sys

from .cli import main

sys.exit(main())
