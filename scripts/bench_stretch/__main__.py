"""Entry point: ``python3 -m bench_stretch``."""

import sys

from .cli import main

sys.exit(main())
