"""`python -m hdrcolor_ray`: the same as the `hdrcolor-ray` command."""

import sys

from hdrcolor_ray.cli import main

sys.exit(main())
