"""validate on a two-node cluster prints byte for byte what one `hdrcolor validate --jobs 2` prints."""

from __future__ import annotations

import io
import subprocess

import pytest

from conftest import FIXTURES, require_option
from hdrcolor_ray.errors import HdrcolorRayError
from hdrcolor_ray.validate import run_validate

pytestmark = pytest.mark.cluster


@pytest.fixture(scope="module")
def merging(hdrcolor):
    require_option(hdrcolor, "validate", "--list-files")
    require_option(hdrcolor, "validate", "--merge-reports")
    return hdrcolor


def reference(binary: str, arguments: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [binary, "validate", "--jobs", "2", *arguments], cwd=FIXTURES, capture_output=True, text=True, check=False
    )


def distributed(cluster, arguments: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    status = run_validate(arguments, address=cluster["cluster"].address, cwd=str(FIXTURES), stdout=out)
    return status, out.getvalue()


@pytest.mark.parametrize("report_format", ["json", "junit", "sarif", "text"])
def test_tree_matches_one_process(merging, cluster, report_format):
    arguments = ["--format", report_format, "."]
    expected = reference(merging, arguments)
    status, output = distributed(cluster, [*arguments, "--batch-size", "40"])
    assert output == expected.stdout
    assert status == expected.returncode


def test_selection_policy_and_fail_on(merging, cluster):
    arguments = ["--format", "github", "--fail-on", "warning", "--include", "*.png", "--exclude", "icc/**", "."]
    expected = reference(merging, arguments)
    status, output = distributed(cluster, [*arguments, "--batch-size", "7"])
    assert (status, output) == (expected.returncode, expected.stdout)


def test_missing_file_is_a_finding_not_a_failure(merging, cluster):
    arguments = ["--format", "json", "image-files", "no-such-file.png"]
    expected = reference(merging, arguments)
    status, output = distributed(cluster, arguments)
    assert (status, output) == (expected.returncode, expected.stdout)
    assert status != 0


def test_a_wrong_policy_file_fails_the_job(merging, cluster, tmp_path):
    policy = tmp_path / "policy.yml"
    policy.write_text("no-such-key: 1\n")
    with pytest.raises(HdrcolorRayError) as caught:
        distributed(cluster, ["--config", str(policy), "image-files"])
    assert caught.value.status == 2
