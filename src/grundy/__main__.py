"""``python -m grundy`` runs the command line."""

import sys

from grundy.cli.main import main

sys.exit(main())
