"""Finding hdrcolor: $HDRCOLOR first, then PATH, else a clear error."""

import os

import pytest

from hdrcolor_ray.binary import find_hdrcolor
from hdrcolor_ray.errors import HdrcolorRayError


def executable(path):
    path.write_text("#!/bin/sh\nexit 0\n")
    path.chmod(0o755)
    return str(path)


def test_environment_variable_wins(tmp_path):
    explicit = executable(tmp_path / "mine")
    (tmp_path / "bin").mkdir()
    executable(tmp_path / "bin" / "hdrcolor")
    assert find_hdrcolor({"HDRCOLOR": explicit, "PATH": str(tmp_path / "bin")}) == explicit


def test_path_is_searched(tmp_path):
    on_path = executable(tmp_path / "hdrcolor")
    assert find_hdrcolor({"PATH": f"/nonexistent{os.pathsep}{tmp_path}"}) == on_path


def test_neither_is_a_clear_error(tmp_path):
    with pytest.raises(HdrcolorRayError, match="set HDRCOLOR") as caught:
        find_hdrcolor({"PATH": str(tmp_path)})
    assert caught.value.status == 2


def test_a_wrong_environment_variable_is_not_silently_ignored(tmp_path):
    (tmp_path / "hdrcolor").write_text("not executable")
    with pytest.raises(HdrcolorRayError, match="is not an executable file"):
        find_hdrcolor({"HDRCOLOR": str(tmp_path / "hdrcolor"), "PATH": str(tmp_path)})
