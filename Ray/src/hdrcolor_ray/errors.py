"""The exceptions the driver raises; the CLI prints them as one line on stderr."""

from __future__ import annotations


class HdrcolorRayError(Exception):
    """A problem the user can act on: a usage error, a missing binary, a refused output.

    `status` is the exit status the command ends with.
    """

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


class HdrcolorFailed(HdrcolorRayError):
    """`hdrcolor` ended with a status that means it could not do the job (not a finding)."""

    def __init__(self, argv: list[str], status: int, stderr: str) -> None:
        detail = stderr.strip() or "(nothing on stderr)"
        super().__init__(f"`{' '.join(argv[:2])} …` exited with status {status}: {detail}", status or 1)
        self.argv = argv
        self.returncode = status
        self.stderr = stderr


class SegmentError(HdrcolorRayError):
    """A movie segment that `hdrcolor convert` could not convert: its frames and `hdrcolor`'s stderr.

    Raised in the Ray task (so Ray does not retry it) and again by the driver.
    """

    def __init__(self, index: int, first: int, end: int, status: int, stderr: str) -> None:
        detail = stderr.strip() or "(nothing on stderr)"
        super().__init__(
            f"segment {index} (frames {first}..<{end}) failed: hdrcolor convert exited with status {status}: {detail}",
            status if status > 0 else 1,
        )
        self.index = index
        self.first = first
        self.end = end
        self.returncode = status
        self.stderr = stderr

    def __reduce__(self):  # keep the fields when Ray pickles the exception
        return (SegmentError, (self.index, self.first, self.end, self.returncode, self.stderr))
