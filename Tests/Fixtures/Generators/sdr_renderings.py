#!/usr/bin/env python3
"""The default SDR rendering of a real PQ movie beside FFmpeg's zscale + tonemap and libplacebo.

Writes the table of Docs/Accuracy.md's section "SDR renderings beside zscale and libplacebo" (between its markers)
and the picture Docs/sdr-renderings.jpg. Never part of `make test`: it needs the conformance corpus
(`make conformance-corpus`: hdr10plus_tool's ToS-s01.h265, six 1920×800 PQ frames of Tears of Steel, CC BY 3.0
Blender Foundation), Debian's ffmpeg with its zscale and libplacebo filters, Mesa's lavapipe (mesa-vulkan-drivers)
for libplacebo, numpy, and a built hdrcolor.

    python3 Tests/Fixtures/Generators/sdr_renderings.py [--hdrcolor .build/release/hdrcolor]
"""

import argparse
import pathlib
import re
import subprocess
import tempfile

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[3]
SOURCE = ROOT / ".build-conformance/movies/hdr10plus_tool/ToS-s01.h265"
WIDTH, HEIGHT = 1920, 800
# HDR10 as the stream's SEI states it: BT.2020 primaries, D65, 0–1000 cd/m².
MASTER = "G(8500,39850)B(6550,2300)R(35400,14599)WP(15634,16450)L(10000000,0)"
BT709 = "colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv"


def ffmpeg(*arguments):
    subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", *arguments], check=True)


def frames(path):
    """Decoded 8-bit 4:2:0 frames: a list of (Y, Cb, Cr) arrays."""
    raw = subprocess.run(
        ["ffmpeg", "-loglevel", "error", "-i", str(path), "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"],
        check=True, capture_output=True).stdout
    size = WIDTH * HEIGHT * 3 // 2
    planes = []
    for k in range(len(raw) // size):
        data = np.frombuffer(raw[k * size:(k + 1) * size], dtype=np.uint8)
        y = data[:WIDTH * HEIGHT].reshape(HEIGHT, WIDTH)
        c = data[WIDTH * HEIGHT:].reshape(2, HEIGHT // 2, WIDTH // 2)
        planes.append((y.astype(np.float64), c[0].astype(np.float64), c[1].astype(np.float64)))
    return planes


def psnr(a, b):
    """PSNR in dB over Y′, Cb and Cr together (8-bit codes), as FFmpeg's psnr filter reports 'all'."""
    squares = sum(float(((p - q) ** 2).sum()) for p, q in zip(a, b))
    count = sum(p.size for p in a)
    return 10 * np.log10(255 ** 2 / (squares / count)) if squares else float("inf")


def render(work, hdrcolor):
    """Every rendering of the PQ intermediate, as lossless 8-bit 4:2:0 movies or streams: name → path."""
    pq = work / "tos-pq.mp4"
    # A lossless copy with clean timestamps (the raw segment starts on open-GOP leading pictures).
    ffmpeg("-i", str(SOURCE), "-c:v", "libx265", "-x265-params",
           f"lossless=1:log-level=error:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:master-display={MASTER}",
           "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc",
           "-pix_fmt", "yuv420p10le", str(pq))
    out = {}
    for name, extra in (("hdrcolor", []), ("hdrcolor, --sdr-referral scene", ["--sdr-referral", "scene"])):
        path = work / f"{len(out)}.mp4"
        subprocess.run([hdrcolor, "convert", str(pq), str(path), "--to", "bt709", "--lossless", *extra],
                       check=True, capture_output=True)
        out[name] = path
    for curve in ("hable", "mobius"):
        path = work / f"zscale-{curve}.mkv"
        chain = ("zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,"
                 f"tonemap=tonemap={curve}:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p")
        ffmpeg("-i", str(pq), "-vf", chain, "-c:v", "ffv1", str(path))
        out[f"zscale + tonemap={curve}"] = path
    path = work / "libplacebo.mkv"
    ffmpeg("-init_hw_device", "vulkan", "-i", str(pq), "-vf",
           f"hwupload,libplacebo={BT709}:format=yuv420p,hwdownload,format=yuv420p", "-c:v", "ffv1", str(path))
    out["libplacebo"] = path
    return out


def picture(renderings, names, destination):
    """Frame 0 of each rendering, cropped to the two faces and the shadows below them, in a 2 × 2 grid."""
    crop = "crop=760:420:340:40,scale=480:-2"
    inputs = [argument for name in names for argument in ("-i", str(renderings[name]))]
    graph = ";".join(f"[{k}:v]select=eq(n\\,0),{crop}[v{k}]" for k in range(len(names)))
    graph += ";[v0][v1]hstack[top];[v2][v3]hstack[bottom];[top][bottom]vstack,format=yuvj420p"
    ffmpeg(*inputs, "-filter_complex", graph, "-frames:v", "1", "-q:v", "4", str(destination))


def table(renderings):
    decoded = {name: frames(path) for name, path in renderings.items()}
    pairs = [
        ("hdrcolor", "libplacebo"), ("hdrcolor", "zscale + tonemap=hable"), ("hdrcolor", "zscale + tonemap=mobius"),
        ("hdrcolor, --sdr-referral scene", "libplacebo"), ("libplacebo", "zscale + tonemap=hable"),
        ("libplacebo", "zscale + tonemap=mobius"),
    ]
    count = len(decoded["hdrcolor"])
    lines = ["| rendering | against | " + " | ".join(f"frame {k}" for k in range(count)) + " | mean |",
             "|---|---|" + "---:|" * (count + 1)]
    for a, b in pairs:
        values = [psnr(x, y) for x, y in zip(decoded[a], decoded[b])]
        lines.append(f"| {a} | {b} | " + " | ".join(f"{v:.1f}" for v in values) + f" | {np.mean(values):.1f} |")
    lines += ["", "| rendering | darkest tenth of the picture (mean Y′ code) | median Y′ | brightest hundredth |",
              "|---|---:|---:|---:|"]
    reference = decoded["libplacebo"][0][0]
    dark, bright = reference <= np.quantile(reference, 0.1), reference >= np.quantile(reference, 0.99)
    for name, planes in decoded.items():
        luma = planes[0][0]
        lines.append(f"| {name} | {luma[dark].mean():.1f} | {np.median(luma):.0f} | {luma[bright].mean():.1f} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hdrcolor", default=str(ROOT / ".build/release/hdrcolor"))
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        renderings = render(pathlib.Path(folder), arguments.hdrcolor)
        picture(renderings, ["hdrcolor", "libplacebo", "zscale + tonemap=hable", "zscale + tonemap=mobius"],
                ROOT / "Docs/sdr-renderings.jpg")
        text = table(renderings)
    document = ROOT / "Docs/Accuracy.md"
    begin, end = "<!-- BEGIN sdr-renderings -->", "<!-- END sdr-renderings -->"
    page = document.read_text()
    page = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: f"{begin}\n{text}\n{end}", page, flags=re.S)
    document.write_text(page)
    print(text)


if __name__ == "__main__":
    main()
