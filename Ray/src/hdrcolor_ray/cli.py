"""The `hdrcolor-ray` command: `validate` and `convert`, shaped like hdrcolor's."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from hdrcolor_ray.errors import HdrcolorRayError

USAGE = """\
usage: hdrcolor-ray validate TREE… [--require P]… [--config F] [--fail-on S] [--format text|json|junit|github|sarif]
                                  [--include G]… [--exclude G]… [--batch-size N] [--address ADDR] [--num-cpus N]
       hdrcolor-ray convert IN OUT [hdrcolor convert options…] [--segments N] [--cpus-per-segment C] [--json]
                                   [--overwrite] [--address ADDR] [--num-cpus N]

Runs hdrcolor on a Ray cluster (--address, else a local one). hdrcolor is found through $HDRCOLOR, else PATH,
on every node; paths are relative to this folder, which every node must see at the same path (a shared filesystem).
`hdrcolor-ray COMMAND --help` says more.
"""


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments or arguments[0] in ("-h", "--help", "help"):
        sys.stdout.write(USAGE)
        return 0 if arguments else 64
    command, rest = arguments[0], arguments[1:]
    try:
        if command == "validate":
            from hdrcolor_ray.validate import run_validate

            return run_validate(rest)
        if command == "convert":
            from hdrcolor_ray.convert import run_convert

            return run_convert(rest)
        raise HdrcolorRayError(f"unknown command {command!r}; use validate or convert", status=64)
    except HdrcolorRayError as error:
        sys.stderr.write(f"hdrcolor-ray: error: {error}\n")
        return error.status
    except KeyboardInterrupt:
        sys.stderr.write("hdrcolor-ray: interrupted\n")
        return 130


if __name__ == "__main__":
    sys.exit(main())
