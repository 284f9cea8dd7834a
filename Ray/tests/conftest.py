"""Shared fixtures: the hdrcolor binary, a two-node Ray cluster, the test movie and its one-process reference."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from hdrcolor_ray.binary import find_hdrcolor
from hdrcolor_ray.errors import HdrcolorRayError

REPOSITORY = Path(__file__).resolve().parents[2]
FIXTURES = REPOSITORY / "Tests" / "Fixtures"
OBJECT_STORE_BYTES = 100 * 1024 * 1024


def hdrcolor_or_skip() -> str:
    """The binary ($HDRCOLOR, PATH, else this checkout's debug build), exported as $HDRCOLOR for the Ray nodes."""
    try:
        binary = find_hdrcolor()
    except HdrcolorRayError as error:
        local = REPOSITORY / ".build" / "debug" / "hdrcolor"
        if not local.is_file():
            pytest.skip(f"no hdrcolor binary: {error}")
        binary = str(local)
    os.environ["HDRCOLOR"] = binary
    return binary


def require_option(binary: str, subcommand: str, option: str) -> None:
    """Skips the test when `hdrcolor SUBCOMMAND --help` does not mention OPTION (an older binary)."""
    result = subprocess.run([binary, subcommand, "--help"], capture_output=True, text=True, check=False)
    if result.returncode != 0 or option not in result.stdout:
        pytest.skip(f"this hdrcolor has no `{subcommand} {option}` yet")


@pytest.fixture(scope="session")
def hdrcolor() -> str:
    return hdrcolor_or_skip()


@pytest.fixture(scope="session")
def cluster(hdrcolor):
    """A Ray cluster of two nodes (head 1 CPU, worker 1 CPU); the driver is connected to it."""
    ray = pytest.importorskip("ray")
    from ray.cluster_utils import Cluster

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    node_args = {"num_cpus": 1, "object_store_memory": OBJECT_STORE_BYTES}
    cluster = Cluster(initialize_head=True, head_node_args={**node_args, "include_dashboard": False})
    worker = cluster.add_node(**node_args)
    cluster.wait_for_nodes()
    ray.init(address=cluster.address, log_to_driver=False)
    state = {"cluster": cluster, "worker": worker, "node_args": node_args}
    try:
        yield state
    finally:
        ray.shutdown()
        cluster.shutdown()


def ensure_worker(state: dict) -> None:
    """Adds a worker node again when a test removed it."""
    if state["worker"] is None or not state["worker"].remaining_processes_alive():
        state["worker"] = state["cluster"].add_node(**state["node_args"])
        state["cluster"].wait_for_nodes()


@pytest.fixture(scope="session")
def ffmpeg_tools():
    if shutil.which("ffmpeg") is None or shutil.which("ffprobe") is None:
        pytest.skip("ffmpeg and ffprobe are needed to make and measure the test movie")


@pytest.fixture(scope="session")
def movie(tmp_path_factory, hdrcolor, ffmpeg_tools):
    """The source movie and `hdrcolor convert SRC ref.mp4 --to bt2100-hlg --lossless` in one process."""
    from media import make_hdr10_movie

    folder = tmp_path_factory.mktemp("movie")
    source = make_hdr10_movie(folder / "src.mp4")
    subprocess.run(
        [hdrcolor, "convert", "src.mp4", "ref.mp4", *CONVERT_OPTIONS, "--json"],
        cwd=folder,
        check=True,
        capture_output=True,
    )
    return {"folder": folder, "source": source, "reference": folder / "ref.mp4"}


CONVERT_OPTIONS = ["--to", "bt2100-hlg", "--lossless"]
