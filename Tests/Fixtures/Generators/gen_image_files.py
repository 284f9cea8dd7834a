#!/usr/bin/env python3
# source: pixel fixtures for ImageFiles and `hdrcolor convert` (Tests/Fixtures/image-files/).
# Files from independent producers where Debian has them: avifenc/avifdec (libavif-bin), heif-enc (libheif-examples),
# ImageMagick 6 (`convert-im6.q16`, called by full path: some machines shadow `convert`), Pillow from PyPI. The HDR
# reference source (16-bit PQ PNG with cICP/mDCV/cLLI) is written here byte by byte from the PNG 3rd edition, because
# none of those producers writes cICP. Every pixel value is a closed formula of (x, y), so tests recompute them.
# A producer that is missing is skipped with a note (its files keep their committed bytes). Deterministic: a rerun
# with the same tool versions leaves `git status` clean. Writes README.md. Images are 32×24 or smaller.
import io
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "image-files")
README = []
W, H = 32, 24


def write(name, data, producer, purpose):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
    README.append((name, producer, purpose))


def tool(*names):
    for name in names:
        path = shutil.which(name) if not os.path.isabs(name) else (name if os.path.exists(name) else None)
        if path:
            return path
    return None


def version(command):
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=30)
        return (out.stdout + out.stderr).strip().splitlines()[0]
    except Exception:
        return "unknown version"


def chunk(kind, data):
    body = kind.encode() + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, depth, rows, extra=b"", alpha=False):
    """RGB(A) PNG from rows of sample lists (big-endian 16-bit when depth is 16)."""
    color_type = 6 if alpha else 2
    raw = bytearray()
    for row in rows:
        raw.append(0)
        for v in row:
            raw += struct.pack(">H", v) if depth == 16 else bytes([v])
    return (b"\x89PNG\r\n\x1a\n" + chunk("IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 0))
            + extra + chunk("IDAT", zlib.compress(bytes(raw), 9)) + chunk("IEND", b""))


def pq_value(x, y, c):
    """The 16-bit PQ code of the HDR reference at (x, y), channel c: a ramp to ≈ 0.9 PQ (≈ 4000 cd/m²) with hue."""
    base = (x * 1900 + y * 37) % 60000
    return (base + c * 2731 * (y % 4)) % 59000 + 2000


def segment(marker, payload):
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


def apple_gain_map(name="apple-hdrgainmap.jpg", newer=False):
    """Apple's pre-ISO HDR gain-map JPEG, assembled from the structure Apple documents ("Applying Apple HDR effect to
    your photos") and iPhone files show: primary XMP HDRGainMap:HDRGainMapVersion, Exif maker note "Apple iOS" with
    tags 0x0021 = 1.0 and 0x0030 = 0.5 (SRATIONAL; headroom 2^(2.303 − 0.303·0.5) = 4.443), an MPF index, and a
    full-resolution greyscale gain map (value (x·8 + y·4) % 256) whose XMP names
    urn:com:apple:photo:2020:aux:hdrgainmap. Not a file from an iPhone: no real iPhone file can be fetched here.

    `newer`: the layout of libavif's and libultrahdr's apple_gainmap_new.jpg (an iPhone photo resized with Preview):
    no primary XMP, and the gain-map XMP carries HDRGainMapVersion 131072 and HDRGainMapHeadroom 4.532783 beside the
    same maker note, which the XMP value overrides."""
    try:
        from PIL import Image
        import PIL
    except ImportError:
        print("note: Pillow not installed; apple-hdrgainmap.jpg keeps its committed bytes")
        return
    base_img = Image.new("RGB", (W, H))
    base_img.putdata([((x * 8 + y) % 256, (x * 8 + 40 + y) % 256, (x * 8 + 80 + y) % 256) for y in range(H) for x in range(W)])
    buffer = io.BytesIO()
    base_img.save(buffer, "JPEG", quality=100, subsampling=0)
    base = buffer.getvalue()
    gain_img = Image.new("L", (W, H))
    gain_img.putdata([(x * 8 + y * 4) % 256 for y in range(H) for x in range(W)])
    buffer = io.BytesIO()
    gain_img.save(buffer, "JPEG", quality=100)
    gain = buffer.getvalue()
    aux_xmp = (b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
               b'<rdf:Description rdf:about="" xmlns:apdi="http://ns.apple.com/pixeldatainfo/1.0/" '
               b'apdi:AuxiliaryImageType="urn:com:apple:photo:2020:aux:hdrgainmap" apdi:StoredFormat="L008"/>'
               b'</rdf:RDF></x:xmpmeta>')
    if newer:
        aux_xmp = (b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
                   b'<rdf:Description rdf:about="" xmlns:apdi="http://ns.apple.com/pixeldatainfo/1.0/" '
                   b'xmlns:HDRGainMap="http://ns.apple.com/HDRGainMap/1.0/">'
                   b'<apdi:AuxiliaryImageType>urn:com:apple:photo:2020:aux:hdrgainmap</apdi:AuxiliaryImageType>'
                   b'<HDRGainMap:HDRGainMapVersion>131072</HDRGainMap:HDRGainMapVersion>'
                   b'<HDRGainMap:HDRGainMapHeadroom>4.532783</HDRGainMap:HDRGainMapHeadroom>'
                   b'</rdf:Description></rdf:RDF></x:xmpmeta>')
    gain = gain[:2] + segment(0xE1, b"http://ns.adobe.com/xap/1.0/\x00" + aux_xmp) + gain[2:]
    primary_xmp = (b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
                   b'<rdf:Description rdf:about="" xmlns:HDRGainMap="http://ns.apple.com/HDRGainMap/1.0/" '
                   b'HDRGainMap:HDRGainMapVersion="65536"/></rdf:RDF></x:xmpmeta>')
    # Maker note: "Apple iOS\0", version 1, "MM", IFD of 2 SRATIONAL entries; offsets relative to the note.
    note = b"Apple iOS\x00" + b"\x00\x01" + b"MM"
    ifd_at = len(note)
    values_at = ifd_at + 2 + 2 * 12 + 4
    note += struct.pack(">H", 2)
    note += struct.pack(">HHII", 0x0021, 10, 1, values_at)
    note += struct.pack(">HHII", 0x0030, 10, 1, values_at + 8)
    note += struct.pack(">I", 0)
    note += struct.pack(">iI", 1, 1) + struct.pack(">iI", 1, 2)
    # Exif TIFF: IFD0 → ExifIFD (0x8769) → MakerNote (0x927C, UNDEFINED).
    tiff = b"MM\x00\x2a" + struct.pack(">I", 8)
    tiff += struct.pack(">H", 1) + struct.pack(">HHII", 0x8769, 4, 1, 8 + 2 + 12 + 4) + struct.pack(">I", 0)
    exif_ifd = 8 + 2 + 12 + 4
    tiff += struct.pack(">H", 1) + struct.pack(">HHII", 0x927C, 7, len(note), exif_ifd + 2 + 12 + 4) + struct.pack(">I", 0)
    tiff += note
    exif = segment(0xE1, b"Exif\x00\x00" + tiff)
    xmp = segment(0xE1, b"http://ns.adobe.com/xap/1.0/\x00" + primary_xmp)

    def mpf(primary_size, gain_size, gain_offset):
        t = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 3)
        t += struct.pack(">HHI", 0xB000, 7, 4) + b"0100"
        t += struct.pack(">HHII", 0xB001, 4, 1, 2)
        t += struct.pack(">HHII", 0xB002, 7, 32, 8 + 2 + 36 + 4) + struct.pack(">I", 0)
        t += struct.pack(">IIIHH", 0x20030000, primary_size, 0, 0, 0)
        t += struct.pack(">IIIHH", 0x00020000, gain_size, gain_offset, 0, 0)
        return segment(0xE2, b"MPF\x00" + t)

    head = base[:2] + exif + (b"" if newer else xmp)
    mpf_tiff_start = len(head) + 4 + 4
    placeholder = mpf(0, 0, 0)
    primary_size = len(head) + len(placeholder) + len(base) - 2
    primary = head + mpf(primary_size, len(gain), primary_size - mpf_tiff_start) + base[2:]
    assert len(primary) == primary_size
    purpose = ("Apple HDR gain map, newer layout: no primary XMP; gain-map XMP HDRGainMapVersion 131072 and "
               "HDRGainMapHeadroom 4.532783 (a ratio) over the maker note's 4.443" if newer else
               "Apple pre-ISO HDR gain map: aux image urn:com:apple:photo:2020:aux:hdrgainmap, maker note 33 = 1, 48 = 0.5")
    write(name, primary + gain, f"assembled by this script around Pillow {PIL.__version__} JPEGs", purpose)


def main():
    os.makedirs(OUT, exist_ok=True)
    # 1. The HDR reference: 16-bit PQ BT.2100 with cICP 9/16/0/1, mDCV (BT.2020, 1000/0.0001 cd/m²), cLLI 1000/400.
    mdcv = struct.pack(">8H", 35400, 14600, 8500, 39850, 6550, 2300, 15635, 16450) + struct.pack(">II", 10000000, 1)
    extra = chunk("cICP", bytes([9, 16, 0, 1])) + chunk("mDCV", mdcv) + chunk("cLLI", struct.pack(">II", 10000000, 4000000))
    rows = [[pq_value(x, y, c) for x in range(W) for c in range(3)] for y in range(H)]
    pq16 = png(W, H, 16, rows, extra)
    write("pq16-bt2100.png", pq16, "hand-built (this script)", "HDR reference: 16-bit PQ, cICP 9/16/0/1, mDCV, cLLI")
    # 8-bit sRGB reference with alpha, also hand-built (a formula the tests recompute).
    rows8 = [[(x * 8 + c * 40 + y) % 256 if c < 3 else (255 if x < W // 2 else 128 + y) for x in range(W)
              for c in range(4)] for y in range(H)]
    write("srgb8-alpha.png", png(W, H, 8, rows8, chunk("sRGB", b"\x00"), alpha=True), "hand-built (this script)",
          "8-bit RGBA with an sRGB chunk; alpha < 255 on the right half")

    with tempfile.TemporaryDirectory() as tmp:
        src16 = os.path.join(tmp, "pq16.png")
        with open(src16, "wb") as f:
            f.write(pq16)
        src8 = os.path.join(tmp, "rgb8.png")
        with open(src8, "wb") as f:
            f.write(png(W, H, 8, [[(x * 8 + c * 40 + y) % 256 for x in range(W) for c in range(3)] for y in range(H)]))

        avifenc = tool("avifenc")
        if avifenc:
            v = version([avifenc, "--version"]).split(" (")[0]
            for name, args, purpose in [
                ("avifenc-pq10-lossless.avif", ["--lossless", "--depth", "10", "--cicp", "9/16/0"],
                 "10-bit PQ, identity matrix, lossless (exact codes)"),
                ("avifenc-pq10-yuv420.avif", ["--depth", "10", "--cicp", "9/16/9", "-y", "420", "-r", "full",
                                              "--min", "0", "--max", "0"],
                 "10-bit PQ, BT.2020 NCL 4:2:0 full range, quantizer 0 (lossy chroma)"),
                ("avifenc-srgb8-yuv444.avif", ["--depth", "8", "--cicp", "1/13/6", "-y", "444", "-r", "limited", "--min", "0",
                                               "--max", "0"], "8-bit sRGB, BT.601 4:4:4 narrow range"),
            ]:
                out = os.path.join(tmp, name)
                source = src16 if "pq" in name else src8
                subprocess.run([avifenc, "--jobs", "1", "--speed", "8", "--ignore-icc", *args, source, out],
                               check=True, capture_output=True)
                write(name, open(out, "rb").read(), f"avifenc ({v}) {' '.join(args)}", purpose)
        else:
            print("note: avifenc not found; AVIF fixtures keep their committed bytes")

        heifenc = tool("heif-enc")
        if heifenc:
            run = subprocess.run([heifenc, "--version"], capture_output=True, text=True)
            found = re.search(r"libheif version: ([0-9.]+)", run.stdout + run.stderr)
            v = "libheif " + (found.group(1) if found else "unknown version")
            out = os.path.join(tmp, "heifenc-srgb8.heic")
            subprocess.run([heifenc, "-q", "95", src8, "-o", out], check=True, capture_output=True)
            write("heifenc-srgb8.heic", open(out, "rb").read(), f"heif-enc ({v}) -q 95",
                  "8-bit HEVC 4:2:0, no colr box (heif-enc 1.15 writes none)")
            out = os.path.join(tmp, "heifenc-10bit.heic")
            subprocess.run([heifenc, "-b", "10", "-q", "95", src16, "-o", out], check=True, capture_output=True)
            write("heifenc-10bit.heic", open(out, "rb").read(), f"heif-enc ({v}) -b 10 -q 95",
                  "10-bit HEVC from the 16-bit PNG; untagged (heif-enc drops cICP)")
        else:
            print("note: heif-enc not found; HEIF fixtures keep their committed bytes")

        im = tool("/usr/bin/convert-im6.q16", "convert-im6.q16")
        if im:
            v = version([im, "-version"])
            for name, args, purpose in [
                ("imagemagick-rgb16.png", [src16, "-depth", "16", "-strip"], "16-bit RGB PNG, no colour chunks"),
                ("imagemagick-interlaced.png", [src8, "-interlace", "PNG", "-strip"], "8-bit Adam7-interlaced PNG"),
                ("imagemagick-gray8.png", [src8, "-colorspace", "Gray", "-strip", "-define", "png:color-type=0"],
                 "8-bit greyscale PNG"),
                ("imagemagick-cmyk.jpg", [src8, "-colorspace", "CMYK", "-strip"], "CMYK JPEG (unsupported content)"),
                ("imagemagick-q92.jpg", [src8, "-quality", "92", "-strip"], "8-bit baseline JPEG, untagged"),
            ]:
                out = os.path.join(tmp, name)
                subprocess.run([im, *args, out], check=True, capture_output=True)
                write(name, open(out, "rb").read(), f"ImageMagick ({v}) {' '.join(args[1:])}", purpose)
        else:
            print("note: ImageMagick not found; its fixtures keep their committed bytes")

    try:
        from PIL import Image, features  # noqa: F401
        import PIL
        img = Image.new("P", (16, 16))
        img.putpalette([i % 256 for i in range(768)])
        img.putdata([(x + y * 16) % 256 for y in range(16) for x in range(16)])
        img.info["transparency"] = 0
        buffer = io.BytesIO()
        img.save(buffer, "PNG", transparency=0)
        write("pillow-palette-trns.png", buffer.getvalue(), f"Pillow {PIL.__version__}",
              "8-bit palette PNG with tRNS (index 0 transparent)")
        rgb = Image.new("RGB", (W, H))
        rgb.putdata([((x * 8) % 256, (y * 10) % 256, 128) for y in range(H) for x in range(W)])
        buffer = io.BytesIO()
        rgb.save(buffer, "JPEG", quality=95)
        write("pillow-q95.jpg", buffer.getvalue(), f"Pillow {PIL.__version__}", "8-bit JPEG, untagged")
    except ImportError:
        print("note: Pillow not installed; its fixtures keep their committed bytes")

    apple_gain_map()
    apple_gain_map("apple-hdrgainmap-xmp-headroom.jpg", newer=True)

    lines = ["# image-files fixtures", "",
             "Made by `Generators/gen_image_files.py` (`make fixtures`). Pixel formulas are in the script.", "",
             "| file | producer | purpose |", "|---|---|---|"]
    for name, producer, purpose in sorted(README):
        lines.append(f"| `{name}` | {producer} | {purpose} |")
    with open(os.path.join(OUT, "README.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
