"""Entry point: ``python -m bench_beats``."""

import sys

from .bench import main

sys.exit(main())
