"""Finding and running the `hdrcolor` binary, on the driver and in every Ray task alike."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from typing import Any

from hdrcolor_ray.errors import HdrcolorFailed, HdrcolorRayError

ENVIRONMENT_VARIABLE = "HDRCOLOR"


def find_hdrcolor(environ: Mapping[str, str] | None = None) -> str:
    """The path of `hdrcolor`: `$HDRCOLOR` when set, else the first `hdrcolor` on `PATH`.

    Raises HdrcolorRayError when neither gives an executable file.
    """
    environ = os.environ if environ is None else environ
    explicit = environ.get(ENVIRONMENT_VARIABLE)
    if explicit:
        if os.path.isfile(explicit) and os.access(explicit, os.X_OK):
            return os.path.abspath(explicit)
        raise HdrcolorRayError(
            f"{ENVIRONMENT_VARIABLE}={explicit} is not an executable file; "
            "point it at the hdrcolor binary (e.g. .build/release/hdrcolor) or unset it to search PATH",
            status=2,
        )
    found = shutil.which("hdrcolor", path=environ.get("PATH", os.defpath))
    if found:
        return found
    raise HdrcolorRayError(
        f"cannot find hdrcolor: set {ENVIRONMENT_VARIABLE} to the binary's path or put it on PATH "
        "(on every node of the cluster)",
        status=2,
    )


def run_hdrcolor(
    arguments: Sequence[str],
    cwd: str | None = None,
    ok_statuses: Sequence[int] = (0,),
    binary: str | None = None,
) -> subprocess.CompletedProcess[str]:
    """Runs `hdrcolor ARGUMENTS…` in `cwd`, capturing stdout and stderr as text.

    A status outside `ok_statuses` raises HdrcolorFailed with hdrcolor's stderr.
    """
    argv = [binary or find_hdrcolor(), *arguments]
    result = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False)
    if result.returncode not in ok_statuses:
        raise HdrcolorFailed(["hdrcolor", *arguments], result.returncode, result.stderr)
    return result


def run_hdrcolor_json(
    arguments: Sequence[str], cwd: str | None = None, ok_statuses: Sequence[int] = (0,), binary: str | None = None
) -> Any:
    """Runs `hdrcolor` like run_hdrcolor and decodes its stdout as JSON."""
    result = run_hdrcolor(arguments, cwd=cwd, ok_statuses=ok_statuses, binary=binary)
    try:
        return json.loads(result.stdout)
    except json.JSONDecodeError as error:
        raise HdrcolorRayError(
            f"`hdrcolor {' '.join(arguments[:1])}` printed no JSON ({error}); stderr: {result.stderr.strip()}"
        ) from error


def has_subcommand_option(option: str, subcommand: str, binary: str | None = None) -> bool:
    """Whether `hdrcolor SUBCOMMAND --help` mentions OPTION (to tell an older binary from a newer one)."""
    result = subprocess.run(
        [binary or find_hdrcolor(), subcommand, "--help"], capture_output=True, text=True, check=False
    )
    return result.returncode == 0 and option in result.stdout
