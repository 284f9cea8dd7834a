"""Test media made with ffmpeg at test time, and ffprobe/ffmpeg measurements of results."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

MASTER_DISPLAY = "G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1)"


def have_ffmpeg() -> bool:
    return shutil.which("ffmpeg") is not None and shutil.which("ffprobe") is not None


def ffmpeg_supports_display_rotation() -> bool:
    help_text = subprocess.run(["ffmpeg", "-hide_banner", "-h", "full"], capture_output=True, text=True).stdout
    return "display_rotation" in help_text


def make_hdr10_movie(
    path: Path, size: str = "320x180", frames: int = 96, rate: int = 24, gop: int = 24, preset: str = "ultrafast"
) -> Path:
    """A 10-bit PQ HEVC movie with B-frames and closed GOPs every `gop` frames, AAC audio, date, location, rotation."""
    seconds = frames / rate
    params = (
        f"log-level=error:info=0:crf=40:keyint={gop}:min-keyint={gop}:no-open-gop=1:scenecut=0:bframes=3:"
        "colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:hdr10=1:"
        f"master-display={MASTER_DISPLAY}:max-cll=1000,400"
    )
    rotation = ["-display_rotation:v:0", "90"] if ffmpeg_supports_display_rotation() else []
    command = [
        "ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
        "-f", "lavfi", "-i", f"testsrc2=size={size}:rate={rate}:duration={seconds}",
        "-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=48000:duration={seconds}",
        *rotation,
        "-map", "0:v", "-map", "1:a", "-frames:v", str(frames),
        "-c:v", "libx265", "-preset", preset, "-pix_fmt", "yuv420p10le", "-x265-params", params,
        "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc", "-tag:v", "hvc1",
        "-c:a", "aac", "-b:a", "64k",
        "-metadata", "creation_time=2024-05-01T12:00:00Z",
        "-movflags", "use_metadata_tags", "-metadata", "com.apple.quicktime.location.ISO6709=+48.8584+002.2945/",
        str(path),
    ]  # fmt: skip
    subprocess.run(command, check=True)
    return path


def probe(path: Path, *arguments: str) -> dict:
    result = subprocess.run(
        ["ffprobe", "-v", "error", "-of", "json", *arguments, str(path)], capture_output=True, text=True, check=True
    )
    return json.loads(result.stdout)


def frame_times(path: Path) -> list[str]:
    """Every video frame's presentation time, in presentation order."""
    frames = probe(path, "-select_streams", "v:0", "-show_entries", "frame=best_effort_timestamp_time")["frames"]
    return [frame["best_effort_timestamp_time"] for frame in frames]


def packet_times(path: Path, stream: str = "v:0") -> list[str]:
    """The packets' pts of a stream, sorted (decode order may differ between encodes)."""
    packets = probe(path, "-select_streams", stream, "-show_entries", "packet=pts_time")["packets"]
    return sorted((packet["pts_time"] for packet in packets), key=float)


def frame_md5(path: Path) -> list[str]:
    """ffmpeg's framemd5 of the video, without the header comments."""
    result = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", str(path), "-map", "0:v", "-f", "framemd5", "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    return [line for line in result.stdout.splitlines() if not line.startswith("#")]


def stream_kinds(path: Path) -> list[str]:
    return [stream["codec_type"] for stream in probe(path, "-show_streams")["streams"]]


def tags(path: Path) -> dict:
    """The container tags and the video stream's rotation."""
    data = probe(path, "-show_format", "-show_streams")
    video = next(stream for stream in data["streams"] if stream["codec_type"] == "video")
    rotation = None
    for side in video.get("side_data_list", []):
        if "rotation" in side:
            rotation = side["rotation"]
    format_tags = data["format"].get("tags", {})
    return {
        "creation_time": format_tags.get("creation_time"),
        "location": format_tags.get("com.apple.quicktime.location.ISO6709") or format_tags.get("location"),
        "rotation": rotation,
    }


def content_light_level(path: Path) -> tuple[int, int] | None:
    """MaxCLL/MaxFALL from the stream's or the first frame's side data."""
    data = probe(path, "-select_streams", "v:0", "-show_streams", "-show_frames", "-read_intervals", "%+#1")
    sides = [side for stream in data.get("streams", []) for side in stream.get("side_data_list", [])]
    sides += [side for frame in data.get("frames", []) for side in frame.get("side_data_list", [])]
    for side in sides:
        if "max_content" in side:
            return int(side["max_content"]), int(side["max_average"])
    return None


def corrupt_sample(source: Path, target: Path, offset: int, size: int) -> Path:
    """A copy of `source` with garbage over `size` bytes at `offset` (a sample chosen by the test)."""
    data = bytearray(source.read_bytes())
    pattern = bytes((index * 97 + 13) % 256 for index in range(size))
    data[offset : offset + size] = pattern
    target.write_bytes(bytes(data))
    return target
