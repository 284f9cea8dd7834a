"""Run `hdrcolor validate` and `hdrcolor convert` across a Ray cluster.

The package is a thin driver: it lists files and plans movie segments from the JSON that `hdrcolor` prints, runs
`hdrcolor` in Ray tasks, and hands the pieces back to `hdrcolor` (`validate --merge-reports`, `join`). No colour
logic lives here.
"""

from hdrcolor_ray.errors import HdrcolorRayError, SegmentError

__all__ = ["HdrcolorRayError", "SegmentError", "__version__"]
__version__ = "0.1.0"
