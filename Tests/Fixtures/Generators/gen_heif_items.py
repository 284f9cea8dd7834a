#!/usr/bin/env python3
# source: HEIF/AVIF item fixtures for ImageFiles' item decoder (Tests/Fixtures/image-files/items/).
# Coded bitstreams come from Debian's encoders: HEVC from heif-enc (libheif 1.15 + x265), AV1 from avifenc (libavif
# 0.11 + aom). The boxes around them are built here with struct where no tool writes them: grids of 32×32 tiles
# (avifenc 0.11 refuses grid cells under 64×64; heif-enc 1.15 pads every picture under 64×64 to 64×64 and wraps it in a
# 1×1 grid), irot/imir/clap/iden on HEVC, and an iPhone-16 (iOS 18) shaped HEIC whose gain map's `auxl` reference names
# two items (libheif 1.15: "Too many auxiliary image references"). To get 32×32 HEVC tiles, the SPS of heif-enc's 64×64
# padded picture gets a conformance window (H.265 §7.4.3.2.1), which libde265 applies; the pixels are x265's.
# Box layouts: ISO/IEC 14496-12 (iloc v1, iinf, iref, idat, grpl), ISO/IEC 23008-12 (grid §6.6.2.3, ispe, pixi, irot,
# imir, clap, auxC, ipma), ISO 21496-1 (tmap payload). Every pixel value is a closed formula of (x, y).
# Deterministic: a rerun with the same tool versions leaves `git status` clean. Writes README.md. Files are at most
# 64×64 but avifenc's grid (128×64).
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

from bitstream import BitReader, BitWriter, escape, unescape

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "image-files", "items")
README = []


# MARK: - Sources (PNG)


def chunk(kind, data):
    body = kind.encode() + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, rows, grey=False, depth=8):
    raw = bytearray()
    for row in rows:
        raw.append(0)
        for v in row:
            raw += struct.pack(">H", v) if depth == 16 else bytes([v])
    header = struct.pack(">IIBBBBB", width, height, depth, 0 if grey else 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk("IHDR", header) + chunk("IDAT", zlib.compress(bytes(raw), 9))
            + chunk("IEND", b""))


def picture(x, y, c):
    """The 8-bit RGB source: smooth ramps plus a few hard edges, so rotations and flips are visible."""
    base = [(x * 3 + y * 2) % 256, (x * 2 + y * 3 + 40) % 256, (255 - x * 2 - y) % 256][c]
    return 255 - base if (x // 16 + y // 8) % 5 == 0 else base


def grey_picture(x, y):
    """The 8-bit grey source of gain maps and the monochrome items."""
    return (x * 6 + y * 3 + (40 if (x // 8 + y // 8) % 2 else 0)) % 256


def rgb_png(width, height, x0=0, y0=0, depth=8):
    scale = 257 if depth == 16 else 1
    rows = [[picture(x0 + x, y0 + y, c) * scale for x in range(width) for c in range(3)] for y in range(height)]
    return png(width, height, rows, depth=depth)


def grey_png(width, height, seed=0):
    return png(width, height, [[grey_picture(x + seed, y) for x in range(width)] for y in range(height)], grey=True)


# MARK: - Boxes


def box(kind, payload):
    return struct.pack(">I", 8 + len(payload)) + kind.encode() + payload


def full_box(kind, version, flags, payload):
    return box(kind, struct.pack(">I", (version << 24) | flags) + payload)


def ispe(width, height):
    return full_box("ispe", 0, 0, struct.pack(">II", width, height))


def pixi(*depths):
    return full_box("pixi", 0, 0, bytes([len(depths), *depths]))


def nclx(primaries, transfer, matrix, full):
    return box("colr", b"nclx" + struct.pack(">HHHB", primaries, transfer, matrix, 0x80 if full else 0))


def irot(angle):
    return box("irot", bytes([angle & 3]))


def imir(mode):
    return box("imir", bytes([mode & 1]))


def clap(width_n, width_d, height_n, height_d, h_off_n, h_off_d, v_off_n, v_off_d):
    return box("clap", struct.pack(">IIIIiIiI", width_n, width_d, height_n, height_d, h_off_n, h_off_d,
                                   v_off_n, v_off_d))


def clap_for_crop(width, height, x, y, crop_width, crop_height):
    """A clap whose clean aperture is the rectangle (x, y, crop_width, crop_height), as avifenc --crop computes it."""
    return clap(crop_width, 1, crop_height, 1, 2 * x + crop_width - width, 2, 2 * y + crop_height - height, 2)


def aux_c(urn):
    return full_box("auxC", 0, 0, urn.encode() + b"\0")


def grid_payload(rows, columns, width, height):
    return struct.pack(">BBBBHH", 0, 0, rows - 1, columns - 1, width, height)


def tmap_payload():
    """ISO 21496-1 metadata with the tmap version byte: one channel, headroom 0 → 1 (log2), gamma 1, offsets 1/64."""
    fields = struct.pack(">BHHB", 0, 0, 0, 0)
    fields += struct.pack(">IIII", 0, 1, 1, 1)
    fields += struct.pack(">iIiIIIiIiI", 0, 1, 1, 1, 1, 1, 1, 64, 1, 64)
    return fields


class Item:
    def __init__(self, item_id, kind, properties, data=b"", in_idat=False, hidden=False, name=""):
        self.id, self.kind, self.properties, self.data = item_id, kind, properties, data
        self.in_idat, self.hidden, self.name = in_idat, hidden, name


def heif(brands, primary, items, references, groups=()):
    """ftyp + meta (hdlr, pitm, iloc v1, iinf, iref, iprp, idat, grpl) + mdat. Items list (box, essential) pairs."""
    ftyp = box("ftyp", brands[0].encode() + struct.pack(">I", 0) + b"".join(b.encode() for b in brands))
    boxes = []
    associations = []
    for item in items:
        indices = []
        for prop, essential in item.properties:
            if prop not in boxes:
                boxes.append(prop)
            indices.append((boxes.index(prop) + 1) | (0x80 if essential else 0))
        associations.append(struct.pack(">HB", item.id, len(indices)) + bytes(indices))
    ipco = box("ipco", b"".join(boxes))
    ipma = full_box("ipma", 0, 0, struct.pack(">I", len(items)) + b"".join(associations))
    iprp = box("iprp", ipco + ipma)
    infe = b"".join(
        full_box("infe", 2, 1 if item.hidden else 0,
                 struct.pack(">HH", item.id, 0) + item.kind.encode() + item.name.encode() + b"\0")
        for item in items)
    iinf = full_box("iinf", 0, 0, struct.pack(">H", len(items)) + infe)
    iref = full_box("iref", 0, 0, b"".join(
        box(kind, struct.pack(">HH", source, len(targets)) + b"".join(struct.pack(">H", t) for t in targets))
        for kind, source, targets in references)) if references else b""
    idat_bytes = b"".join(item.data for item in items if item.in_idat)
    idat = box("idat", idat_bytes) if idat_bytes else b""
    grpl = box("grpl", b"".join(
        full_box(kind, 0, 0, struct.pack(">II", group_id, len(ids)) + b"".join(struct.pack(">I", i) for i in ids))
        for kind, group_id, ids in groups)) if groups else b""
    hdlr = full_box("hdlr", 0, 0, struct.pack(">I", 0) + b"pict" + bytes(12) + b"\0")
    pitm = full_box("pitm", 0, 0, struct.pack(">H", primary))

    def iloc(mdat_start):
        entries = b""
        file_offset = mdat_start
        idat_offset = 0
        for item in items:
            if item.in_idat:
                entries += struct.pack(">HHHHII", item.id, 1, 0, 1, idat_offset, len(item.data))
                idat_offset += len(item.data)
            elif item.data:
                entries += struct.pack(">HHHHII", item.id, 0, 0, 1, file_offset, len(item.data))
                file_offset += len(item.data)
            else:
                entries += struct.pack(">HHHH", item.id, 0, 0, 0)  # no item body: an entry without extents
        count = len(items)
        return full_box("iloc", 1, 0, struct.pack(">BBH", 0x44, 0x00, count) + entries)

    def meta(mdat_start):
        return full_box("meta", 0, 0, hdlr + pitm + iloc(mdat_start) + iinf + iref + iprp + idat + grpl)

    mdat_payload = b"".join(item.data for item in items if item.data and not item.in_idat)
    start = len(ftyp) + len(meta(0)) + 8
    return ftyp + meta(start) + box("mdat", mdat_payload)


# MARK: - Reading encoder output


def child_boxes(data, start, end):
    out = []
    p = start
    while p + 8 <= end:
        size, kind = struct.unpack(">I4s", data[p:p + 8])
        header = 8
        if size == 1:
            size = struct.unpack(">Q", data[p + 8:p + 16])[0]
            header = 16
        elif size == 0:
            size = end - p
        out.append((kind.decode("latin1"), p + header, p + size))
        p += size
    return out


def coded_item(data, kind):
    """The first item of `kind` in an encoder's file: its property boxes by type and its data (iloc method 0)."""
    meta = next(b for b in child_boxes(data, 0, len(data)) if b[0] == "meta")
    properties, associations, types, locations = [], {}, {}, {}
    for name, s, e in child_boxes(data, meta[1] + 4, meta[2]):
        if name == "iprp":
            for name2, s2, e2 in child_boxes(data, s, e):
                if name2 == "ipco":
                    properties = [(k, bytes(data[a - 8:b])) for k, a, b in child_boxes(data, s2, e2)]
                elif name2 == "ipma":
                    version, flags = data[s2], int.from_bytes(data[s2 + 1:s2 + 4], "big")
                    p = s2 + 8
                    for _ in range(struct.unpack(">I", data[s2 + 4:s2 + 8])[0]):
                        item_id = int.from_bytes(data[p:p + (2 if version < 1 else 4)], "big")
                        p += 2 if version < 1 else 4
                        indices = []
                        count = data[p]
                        p += 1
                        for _ in range(count):
                            width = 2 if flags & 1 else 1
                            value = int.from_bytes(data[p:p + width], "big")
                            indices.append(value & (0x7FFF if width == 2 else 0x7F))
                            p += width
                        associations[item_id] = indices
        elif name == "iinf":
            start = s + 4 + (2 if data[s] == 0 else 4)
            for _, s2, _ in child_boxes(data, start, e):
                types[struct.unpack(">H", data[s2 + 4:s2 + 6])[0]] = data[s2 + 8:s2 + 12].decode("latin1")
        elif name == "iloc":
            version, sizes = data[s], struct.unpack(">H", data[s + 4:s + 6])[0]
            offset_size, length_size, base_size = sizes >> 12, (sizes >> 8) & 15, (sizes >> 4) & 15
            index_size = sizes & 15 if version >= 1 else 0
            p = s + 8

            def read(size):
                nonlocal p
                value = int.from_bytes(data[p:p + size], "big") if size else 0
                p += size
                return value
            for _ in range(struct.unpack(">H", data[s + 6:s + 8])[0]):
                item_id = read(2)
                method = read(2) & 15 if version >= 1 else 0
                read(2)
                base = read(base_size)
                extents = []
                for _ in range(read(2)):
                    read(index_size)
                    offset = read(offset_size)
                    extents.append((base + offset, read(length_size)))
                locations[item_id] = (method, extents)
    item_id = next(i for i, k in sorted(types.items()) if k == kind)
    method, extents = locations[item_id]
    assert method == 0, "expected file-offset item data"
    payload = b"".join(bytes(data[o:o + n]) for o, n in extents)
    props = {}
    for index in associations[item_id]:
        name, content = properties[index - 1]
        props.setdefault(name, content)
    return props, payload


# MARK: - HEVC parameter sets


def sps_with_conformance_window(nal, width, height):
    """The SPS NAL unit with a conformance window cropping its coded picture to width × height (top-left)."""
    r, w = BitReader(unescape(nal[2:])), BitWriter()
    last = len(r.data) * 8 - 1
    while (r.data[last >> 3] >> (7 - (last & 7))) & 1 == 0:
        last -= 1

    def copy(n):
        w.u(n, r.u(n))

    copy(4)
    sub_layers = r.u(3)
    w.u(3, sub_layers)
    copy(1)
    copy(96)  # general profile (88 bits) and level
    present = []
    for _ in range(sub_layers):
        present.append((r.u(1), r.u(1)))
        w.u(1, present[-1][0])
        w.u(1, present[-1][1])
    if sub_layers > 0:
        for _ in range(sub_layers, 8):
            copy(2)
    for profile, level in present:
        if profile:
            copy(88)
        if level:
            copy(8)
    w.ue(r.ue())
    chroma = r.ue()
    w.ue(chroma)
    if chroma == 3:
        copy(1)
    coded_width, coded_height = r.ue(), r.ue()
    w.ue(coded_width)
    w.ue(coded_height)
    assert r.u(1) == 0, "the encoder already wrote a conformance window"
    sub_width = 2 if chroma in (1, 2) else 1
    sub_height = 2 if chroma == 1 else 1
    w.u(1, 1)
    for offset in (0, (coded_width - width) // sub_width, 0, (coded_height - height) // sub_height):
        w.ue(offset)
    copy(last - r.position)
    w.trailing_bits()
    return nal[:2] + escape(w.bytes())


def hvcc_with_sps(hvcc_box, width, height):
    payload = hvcc_box[8:]
    out = bytearray(payload[:23])
    p = 23
    for _ in range(payload[22]):
        nal_type = payload[p] & 0x3F
        count = struct.unpack(">H", payload[p + 1:p + 3])[0]
        out += payload[p:p + 3]
        p += 3
        for _ in range(count):
            length = struct.unpack(">H", payload[p:p + 2])[0]
            nal = payload[p + 2:p + 2 + length]
            if nal_type == 33:
                nal = sps_with_conformance_window(nal, width, height)
            out += struct.pack(">H", len(nal)) + nal
            p += 2 + length
    return box("hvcC", bytes(out))


# MARK: - Encoders


def tool(name):
    return shutil.which(name)


def version(command):
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=30)
        return (out.stdout + out.stderr).strip().splitlines()[0]
    except Exception:
        return "unknown version"


class Encoders:
    def __init__(self, directory):
        self.directory = directory
        self.heifenc = tool("heif-enc")
        self.avifenc = tool("avifenc")
        self.heif_version = version([self.heifenc, "--version"]).strip() if self.heifenc else None
        if self.heifenc:
            run = subprocess.run([self.heifenc, "--help"], capture_output=True, text=True)
            line = (run.stdout + run.stderr).splitlines()[0]
            self.heif_version = "libheif " + line.split("libheif version:")[-1].strip()
        self.avif_version = version([self.avifenc, "--version"]).split(" (")[0] if self.avifenc else None

    def path(self, name, data):
        path = os.path.join(self.directory, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def hevc(self, name, png_bytes, width, height, args=()):
        """A width × height HEVC picture from heif-enc: (hvcC box with a conformance window, item data)."""
        source = self.path(name + ".png", png_bytes)
        out = os.path.join(self.directory, name + ".heic")
        subprocess.run([self.heifenc, "-q", "90", *args, source, "-o", out], check=True, capture_output=True)
        props, data = coded_item(open(out, "rb").read(), "hvc1")
        coded = struct.unpack(">II", props["ispe"][12:20])
        if coded != (width, height):
            return hvcc_with_sps(props["hvcC"], width, height), data
        return props["hvcC"], data

    def av1(self, name, png_bytes, args=()):
        """avifenc's file for a PNG (with `args`), and its av01 item's (properties, data)."""
        source = self.path(name + ".png", png_bytes)
        out = os.path.join(self.directory, name + ".avif")
        subprocess.run([self.avifenc, "--jobs", "1", "--speed", "8", "--ignore-icc", *args, source, out],
                       check=True, capture_output=True)
        data = open(out, "rb").read()
        return data, coded_item(data, "av01")


# MARK: - Fixtures


def write(name, data, producer, purpose):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
    README.append((name, producer, purpose))


HEIC = ["heic", "mif1", "heic", "miaf"]
AVIF = ["avif", "mif1", "avif", "miaf"]
SRGB_NCLX = nclx(1, 13, 6, True)


def av1_fixtures(enc):
    v = enc.avif_version
    source = rgb_png(32, 32)
    base_args = ["-y", "420", "--min", "10", "--max", "20"]
    base, (base_props, base_data) = enc.av1("av1-base", source, base_args)
    write("av1-420.avif", base, f"avifenc ({v}) {' '.join(base_args)}",
          "8-bit AV1 4:2:0 32×32, no transforms: the reference of the irot/imir/clap variants")
    variants = [
        ("av1-irot1.avif", ["--irot", "1"], "irot 1 (90° anticlockwise)"),
        ("av1-imir0.avif", ["--imir", "0"], "imir mode 0 (top and bottom exchanged)"),
        ("av1-imir1.avif", ["--imir", "1"], "imir mode 1 (left and right exchanged)"),
        ("av1-clap-irot3-imir1.avif", ["--crop", "4,2,20,26", "--irot", "3", "--imir", "1"],
         "clap (crop 4,2 20×26) then irot 3 then imir 1, in ipma order"),
    ]
    for name, args, purpose in variants:
        data, (_, coded) = enc.av1(name[:-5], source, base_args + args)
        assert coded == base_data, f"{name}: avifenc coded a different bitstream than av1-420.avif"
        write(name, data, f"avifenc ({v}) {' '.join(base_args + args)}",
              f"{purpose}; same AV1 bitstream as av1-420.avif")
    mono_args = ["-y", "400", "--min", "10", "--max", "20"]
    data, _ = enc.av1("av1-mono", rgb_png(32, 32), mono_args)
    write("av1-mono.avif", data, f"avifenc ({v}) {' '.join(mono_args)}", "monochrome (4:0:0) AV1 item")
    deep_args = ["--depth", "10", "-y", "420", "--cicp", "9/16/9", "-r", "limited", "--min", "10", "--max", "20"]
    data, _ = enc.av1("av1-10bit", rgb_png(32, 32, depth=16), deep_args)
    write("av1-10bit.avif", data, f"avifenc ({v}) {' '.join(deep_args)}",
          "10-bit AV1 4:2:0, narrow range, BT.2100 PQ code points in the sequence header and nclx")

    # avifenc's own grid: 0.11 needs cells of at least 64×64 (MIAF 7.3.11.4.2), so this one file is 128×64.
    grid_args = base_args + ["--grid", "2x1"]
    data, _ = enc.av1("av1-grid-avifenc", rgb_png(128, 64), grid_args)
    write("av1-grid-avifenc-2x1.avif", data, f"avifenc ({v}) {' '.join(grid_args)}",
          "AV1 grid as avifenc writes it: 2×1 tiles of 64×64 4:2:0 (128×64, the smallest grid libavif 0.11 decodes)")

    # A 2×2 grid of 32×32 tiles, output cropped to 60×56: libavif 0.11 rejects tiles under 64×64 ("Invalid image
    # grid"), so this file takes the AVIF decoder's fallback to the item decoder.
    tiles = []
    for row in range(2):
        for column in range(2):
            _, (props, data) = enc.av1(f"av1-tile{row}{column}", rgb_png(32, 32, 32 * column, 32 * row), base_args)
            tiles.append((props, data))
    items = [Item(1, "grid", [(ispe(60, 56), False), (pixi(8, 8, 8), False), (SRGB_NCLX, False)],
                  data=grid_payload(2, 2, 60, 56))]
    for index, (props, data) in enumerate(tiles):
        items.append(Item(2 + index, "av01", [(box("av1C", props["av1C"][8:]), True),
                                             (ispe(32, 32), False), (pixi(8, 8, 8), False)],
                          data=data, hidden=True))
    write("av1-grid-2x2.avif", heif(AVIF, 1, items, [("dimg", 1, [2, 3, 4, 5])]),
          f"assembled by this script around avifenc ({v}) {' '.join(base_args)} tiles",
          "AV1 grid, 2×2 tiles of 32×32 4:2:0, output 60×56 (cropped), grid payload in mdat; libavif 0.11 rejects "
          "tiles under 64×64, so ImageFile.decode takes the item-decoder fallback")


def hevc_fixtures(enc):
    v = enc.heif_version
    hvcc, data = enc.hevc("hevc-base", rgb_png(32, 32), 32, 32)
    coded = [(hvcc, True), (ispe(32, 32), False), (pixi(8, 8, 8), False)]
    producer = f"assembled by this script around heif-enc ({v}) -q 90 (SPS conformance window 64→32)"

    def single(extra):
        return heif(HEIC, 1, [Item(1, "hvc1", coded + extra, data=data)], [])
    write("hevc-420.heic", single([]), producer, "8-bit HEVC 4:2:0 32×32, no transforms: the reference")
    write("hevc-irot1.heic", single([(irot(1), True)]), producer, "irot 1 (90° anticlockwise), essential")
    write("hevc-imir1.heic", single([(imir(1), True)]), producer, "imir mode 1 (left and right exchanged)")
    write("hevc-clap-even.heic", single([(clap_for_crop(32, 32, 4, 6, 22, 20), True)]), producer,
          "clap cropping to x 4, y 6, 22×20: chroma stays 4:2:0")
    write("hevc-clap-odd.heic", single([(clap_for_crop(32, 32, 3, 5, 21, 19), True)]), producer,
          "clap cropping to x 3, y 5, 21×19: odd offsets, so the decoder replicates chroma to 4:4:4 first")
    write("hevc-clap-irot3-imir0.heic",
          single([(clap_for_crop(32, 32, 2, 4, 26, 24), True), (irot(3), True), (imir(0), True)]), producer,
          "clap, irot 3, imir 0 in ipma order")
    iden = [Item(1, "iden", [(ispe(32, 32), False), (irot(2), True)]),
            Item(2, "hvc1", coded, data=data, hidden=True)]
    write("hevc-iden-irot2.heic", heif(HEIC, 1, iden, [("dimg", 1, [2])]), producer,
          "derived identity item (iden, irot 2) over a hidden hvc1 item")
    mono_hvcc, mono = enc.hevc("hevc-mono", grey_png(32, 32), 32, 32)
    write("hevc-mono.heic", heif(HEIC, 1, [Item(1, "hvc1", [(mono_hvcc, True), (ispe(32, 32), False),
                                                              (pixi(8), False)], data=mono)], []),
          producer.replace("-q 90", "-q 90 (grey PNG)"), "monochrome HEVC (chroma_format_idc 0)")

    tiles = [enc.hevc(f"hevc-tile{r}{c}", rgb_png(32, 32, 32 * c, 32 * r), 32, 32) for r in range(2) for c in range(2)]
    grid_props = [(ispe(64, 56), False), (pixi(8, 8, 8), False), (SRGB_NCLX, False)]

    def grid_items(first_id):
        items = [Item(first_id, "grid", grid_props, data=grid_payload(2, 2, 64, 56), in_idat=True)]
        for index, (tile_hvcc, tile) in enumerate(tiles):
            items.append(Item(first_id + 1 + index, "hvc1", [(tile_hvcc, True), (ispe(32, 32), False),
                                                             (pixi(8, 8, 8), False)], data=tile, hidden=True))
        return items
    write("hevc-grid-2x2.heic", heif(HEIC, 1, grid_items(1), [("dimg", 1, [2, 3, 4, 5])]),
          f"assembled by this script around heif-enc ({v}) -q 90 tiles",
          "HEVC grid, 2×2 tiles of 32×32 4:2:0, output 64×56 (cropped), grid payload in idat")

    # iPhone 16 / iOS 18 shape: grid primary, Apple gain map whose auxl names the primary and the tmap item, tmap
    # (ISO 21496-1 in idat) with dimg → [primary, gain map], a style delta map, and an altr group [tmap, primary].
    gain_hvcc, gain = enc.hevc("ios-gainmap", grey_png(32, 32), 32, 32)
    style_hvcc, style = enc.hevc("ios-style", grey_png(32, 32, seed=11), 32, 32)
    items = grid_items(1)
    items.append(Item(6, "hvc1", [(gain_hvcc, True), (ispe(32, 32), False), (pixi(8), False),
                                  (nclx(1, 13, 0, True), False),
                                  (aux_c("urn:com:apple:photo:2020:aux:hdrgainmap"), True)], data=gain, hidden=True))
    items.append(Item(7, "tmap", [(ispe(64, 56), False), (nclx(9, 16, 9, False), False)], data=tmap_payload(),
                      in_idat=True, hidden=True))
    items.append(Item(8, "hvc1", [(style_hvcc, True), (ispe(32, 32), False), (pixi(8), False),
                                  (aux_c("tag:apple.com,2023:photo:aux:styledeltamap"), True)], data=style,
                      hidden=True))
    references = [("dimg", 1, [2, 3, 4, 5]), ("auxl", 6, [1, 7]), ("dimg", 7, [1, 6]), ("auxl", 8, [1])]
    # iOS 18 files list the 'tmap' brand (libheif #1190: "compatible brands: tmap, heic, mif1").
    write("ios18-shaped.heic", heif(HEIC + ["tmap"], 1, items, references, groups=[("altr", 9, [7, 1])]),
          f"assembled by this script around heif-enc ({v}) -q 90 pictures",
          "iOS 18 shape: grid primary, hdrgainmap aux item (monochrome, item 6) whose auxl names items 1 and 7 "
          "(libheif 1.15 rejects it), tmap item 7 in idat, styledeltamap aux item 8, altr group, 'tmap' brand")


def main():
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as directory:
        enc = Encoders(directory)
        if enc.avifenc:
            av1_fixtures(enc)
        else:
            print("note: avifenc not found; AV1 item fixtures keep their committed bytes")
        if enc.heifenc:
            hevc_fixtures(enc)
        else:
            print("note: heif-enc not found; HEVC item fixtures keep their committed bytes")
    if not README:
        return 0
    lines = ["# HEIF/AVIF item fixtures", "",
             "Made by `Generators/gen_heif_items.py` (`make fixtures`) for ImageFiles' item decoder "
             "(`ItemDecoderTests`). Pixel formulas are in the script; every file but `av1-grid-avifenc-2x1.avif` "
             "(128×64) is at most 64×64.", "",
             "| file | producer | what it tests |", "|---|---|---|"]
    lines += [f"| `{name}` | {producer} | {purpose} |" for name, producer, purpose in sorted(README)]
    with open(os.path.join(OUT, "README.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
