"""convert on a two-node cluster: a movie in segments equals the one-process conversion; faults; image folders."""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

from conftest import CONVERT_OPTIONS, FIXTURES, ensure_worker, require_option
from hdrcolor_ray.convert import run_convert
from hdrcolor_ray.errors import SegmentError

pytestmark = pytest.mark.cluster


@pytest.fixture(scope="module")
def joining(hdrcolor):
    require_option(hdrcolor, "join", "USAGE: hdrcolor join")
    return hdrcolor


def convert(
    cluster, folder: Path, output: str, *extra: str, source: str = "src.mp4", options: tuple = tuple(CONVERT_OPTIONS)
) -> dict:
    out = io.StringIO()
    arguments = [source, output, "--segments", "4", *options, "--json", *extra]
    status = run_convert(arguments, address=cluster["cluster"].address, cwd=str(folder), stdout=out)
    assert status == 0
    return json.loads(out.getvalue())


def assert_same_movie(result: Path, reference: Path, light_level: bool = False) -> None:
    from media import content_light_level, frame_md5, frame_times, packet_times, stream_kinds, tags

    assert frame_times(result) == frame_times(reference)
    assert packet_times(result) == packet_times(reference)
    assert frame_md5(result) == frame_md5(reference)
    assert stream_kinds(result) == stream_kinds(reference)
    assert stream_kinds(result).count("audio") == 1
    assert len(packet_times(result, "a:0")) == len(packet_times(reference, "a:0"))
    assert tags(result) == tags(reference)
    assert content_light_level(result) == content_light_level(reference)
    if light_level:
        assert content_light_level(result) is not None


def leftovers(folder: Path) -> list[str]:
    return [name for name in os.listdir(folder) if "hdrcolor-ray" in name or ".tmp-" in name]


def test_segments_join_to_the_reference(joining, cluster, movie):
    ensure_worker(cluster)
    folder = movie["folder"]
    summary = convert(cluster, folder, "out.mp4")
    assert [(s["FirstFrame"], s["LastFrame"]) for s in summary["Segments"]] == [(0, 23), (24, 47), (48, 71), (72, 95)]
    assert len({s["Node"] for s in summary["Segments"]}) == 2  # both nodes converted segments
    assert set(summary["TimeSeconds"]) >= {"Plan", "Convert", "Join", "Total"}
    assert_same_movie(folder / "out.mp4", movie["reference"])
    assert leftovers(folder) == []


def test_pq_segments_keep_the_content_light_level(joining, cluster, movie, hdrcolor):
    """PQ output carries MaxCLL/MaxFALL (HLG output has none): the joined movie's equals the one-process one's."""
    ensure_worker(cluster)
    folder = movie["folder"]
    options = ("--to", "bt2100-pq", "--lossless")
    subprocess.run(
        [hdrcolor, "convert", "src.mp4", "ref-pq.mp4", *options], cwd=folder, check=True, capture_output=True
    )
    convert(cluster, folder, "out-pq.mp4", options=options)
    assert_same_movie(folder / "out-pq.mp4", folder / "ref-pq.mp4", light_level=True)


def test_existing_output_is_refused_before_any_work(joining, cluster, movie):
    folder = movie["folder"]
    (folder / "exists.mp4").write_bytes(b"keep me")
    from hdrcolor_ray.errors import HdrcolorRayError

    with pytest.raises(HdrcolorRayError, match="exists; give --overwrite"):
        convert(cluster, folder, "exists.mp4")
    assert (folder / "exists.mp4").read_bytes() == b"keep me"


def hdrcolor_segment_processes(marker: str = "/seg-") -> list[tuple[int, int]]:
    """(pid, parent pid) of running `hdrcolor convert` processes that write a segment."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            argv = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
            status = Path(f"/proc/{entry}/status").read_text()
        except OSError:
            continue
        if len(argv) > 3 and argv[1] == b"convert" and marker.encode() in argv[3]:
            parent = int(next(line.split()[1] for line in status.splitlines() if line.startswith("PPid:")))
            found.append((int(entry), parent))
    return found


def run_in_background(cluster, folder: Path, output: str, source: str = "src.mp4"):
    outcome: dict = {}

    def target():
        try:
            outcome["summary"] = convert(cluster, folder, output, source=source)
        except BaseException as error:
            outcome["error"] = error

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread, outcome


def wait_for(condition, timeout: float = 60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.01)
    raise AssertionError("timed out waiting")


def test_killed_worker_is_retried(joining, cluster, movie):
    ensure_worker(cluster)
    folder = movie["folder"]
    thread, outcome = run_in_background(cluster, folder, "killed.mp4")
    victims = wait_for(lambda: hdrcolor_segment_processes("/seg-0001-"))
    os.kill(victims[0][1], signal.SIGKILL)  # the Ray worker running segment 1
    thread.join(180)
    assert "error" not in outcome, outcome.get("error")
    assert_same_movie(folder / "killed.mp4", movie["reference"])
    assert leftovers(folder) == []


def test_removed_node_is_survived(joining, cluster, movie):
    ensure_worker(cluster)
    worker = cluster["worker"]
    raylet = worker.all_processes["raylet"][0].process.pid
    folder = movie["folder"]
    thread, outcome = run_in_background(cluster, folder, "node-removed.mp4")

    def on_worker_node():
        for _, parent in hdrcolor_segment_processes():
            try:
                status = Path(f"/proc/{parent}/status").read_text()
            except OSError:
                continue
            if any(line.split()[1:] == [str(raylet)] for line in status.splitlines() if line.startswith("PPid:")):
                return True
        return False

    wait_for(on_worker_node)
    cluster["cluster"].remove_node(worker)
    cluster["worker"] = None
    thread.join(180)
    assert "error" not in outcome, outcome.get("error")
    assert_same_movie(folder / "node-removed.mp4", movie["reference"])
    assert leftovers(folder) == []


def test_corrupt_segment_fails_the_job_and_leaves_nothing(joining, cluster, movie):
    """Garbage over a packet in the middle of segment 2 (frames 48..<72): decoding it fails, the job fails with it.

    The packet is located with ffprobe (its byte position); garbage over a sync sample's slice data is concealed by
    the decoder, and garbage over its first NAL unit also hides it from the closed-GOP index.
    """
    from media import corrupt_sample, probe

    ensure_worker(cluster)
    folder = movie["folder"]
    packets = probe(movie["source"], "-select_streams", "v:0", "-show_entries", "packet=pos,size")["packets"]
    middle = packets[60]  # decode order: within the GOP of frames 48..71
    corrupt_sample(movie["source"], folder / "corrupt.mp4", int(middle["pos"]), int(middle["size"]))
    with pytest.raises(SegmentError) as caught:
        convert(cluster, folder, "corrupt-out.mp4", source="corrupt.mp4")
    assert (caught.value.index, caught.value.first, caught.value.end) == (2, 48, 72)
    assert "Invalid data" in caught.value.stderr
    assert "48..<72" in str(caught.value)
    assert not (folder / "corrupt-out.mp4").exists()
    assert leftovers(folder) == []


def test_image_folder(cluster, hdrcolor, tmp_path):
    require_option(hdrcolor, "validate", "--list-files")
    pngs = sorted((FIXTURES / "image-files").glob("*.png"))[:3]
    if len(pngs) < 2:
        pytest.skip("needs PNG fixtures")
    tree = tmp_path / "tree"
    (tree / "sub" / "deeper").mkdir(parents=True)
    shutil.copy(pngs[0], tree / pngs[0].name)
    shutil.copy(pngs[1], tree / "sub" / pngs[1].name)
    (tree / "sub" / "deeper" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    out = io.StringIO()
    status = run_convert(
        ["tree", "out", "--format", "avif", "--json", "--batch-size", "1"],
        address=cluster["cluster"].address,
        cwd=str(tmp_path),
        stdout=out,
    )
    results = {Path(r["SourceFile"]).name: r for r in json.loads(out.getvalue())}
    assert status == 2
    assert results["broken.png"]["ExitStatus"] == 2 and results["broken.png"].get("Error")
    first = tmp_path / "out" / (pngs[0].stem + ".avif")
    second = tmp_path / "out" / "sub" / (pngs[1].stem + ".avif")
    assert first.is_file() and second.is_file()
    assert results[pngs[0].name]["OutputFile"] == os.path.join("out", pngs[0].stem + ".avif")
    hidden = [p for p in (tmp_path / "out").rglob(".*")]
    assert hidden == []
