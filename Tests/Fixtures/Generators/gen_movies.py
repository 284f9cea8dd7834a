#!/usr/bin/env python3
# source: the movie fixture corpus for ColorTags' MP4/MOV/Matroska reader and `hdrcolor validate` on movies
# (Tests/Fixtures/movies/). Python 3 standard library plus Debian's tools: ffmpeg 5.1 (libx265, libx264, libsvtav1,
# libvpx-vp9, its MP4/MOV/Matroska muxers) and mkvmerge (mkvtoolnix). What no tool writes (a Dolby Vision record, an
# HDR10+ SEI, an mdcv box in the wrong order, an encrypted sample entry, Tracks after the Clusters) is patched in here
# byte by byte from the specifications (ISO/IEC 14496-12, ITU-T H.265 §7.3.5 and Annex D, SMPTE ST 2094-40 Annex B,
# Dolby's "Dolby Vision Streams within the ISO Base Media File Format", the Matroska specification).
# Movies are 64×64, 3 frames, a few KB each. Deterministic (single-threaded encoders, bitexact muxers, mkvmerge
# --deterministic): a rerun with the same tool versions leaves `git status` clean. Tests never run the tools; they read
# the committed files. Writes README.md (producer command line and purpose per file).
import os
import shutil
import struct
import subprocess
import sys
import tempfile

import dovi_rpu
from bitstream import BitWriter, escape

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "movies")
README = []  # (file, producer, purpose)
WORK = tempfile.mkdtemp(prefix="gen-movies-")

SOURCE = ["-f", "lavfi", "-i", "testsrc2=size=64x64:rate=25", "-frames:v", "3"]
FFMPEG = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-threads", "1"]
BITEXACT = ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1"]
X265_BASE = "log-level=error:info=0:pools=1:frame-threads=1"
# SMPTE ST 2086 values as x265 writes them: G, B, R order in 0.00002 units, luminance in 0.0001 cd/m². Display P3
# primaries, D65, 1000 / 0.0001 cd/m².
MASTER_DISPLAY = "G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1)"
PQ = ["-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc"]
HLG = ["-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc"]


def tool(name):
    return shutil.which(name)


def version(command):
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=30)
        return (out.stdout + out.stderr).strip().splitlines()[0].split(" Copyright")[0]
    except Exception:
        return "unknown version"


def run(command):
    env = dict(os.environ, SVT_LOG="1")
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)}\n{result.stderr}")


def quoted(command):
    return " ".join(a if a and all(c.isalnum() or c in "-_=:.,/+" for c in a) else f"'{a}'" for a in command)


def keep(name, path, producer, purpose):
    os.makedirs(OUT, exist_ok=True)
    shutil.copyfile(path, os.path.join(OUT, name))
    README.append((name, producer, purpose))


def write(name, data, producer, purpose):
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
    README.append((name, producer, purpose))


def scratch(name):
    return os.path.join(WORK, name)


def ffmpeg(name, arguments):
    """Runs ffmpeg writing scratch(name); returns the command line for the README (with OUT as the name)."""
    command = FFMPEG + arguments + [scratch(name)]
    run(command)
    return "`" + local(quoted(["ffmpeg"] + command[len(FFMPEG):-1] + [name])) + "`"


def local(text):
    """A command line without the scratch and output folders, as the README shows it."""
    return text.replace(WORK + os.sep, "").replace(os.path.abspath(OUT) + os.sep, "").replace(OUT + os.sep, "")


def x265(name, params, colour, container_args=()):
    args = SOURCE + ["-pix_fmt", "yuv420p10le", "-c:v", "libx265", "-preset", "ultrafast", "-x265-params",
                     X265_BASE + (":" + params if params else "")] + list(colour) + ["-tag:v", "hvc1"] + BITEXACT
    return ffmpeg(name, args + list(container_args))


# ---------------------------------------------------------------- ISO BMFF patching

CONTAINERS = {b"moov", b"trak", b"mdia", b"minf", b"stbl", b"dinf", b"edts", b"mvex", b"moof", b"traf", b"udta"}
SAMPLE_ENTRIES = {b"hvc1", b"hev1", b"avc1", b"avc3", b"av01", b"vp09", b"dvh1", b"dvhe", b"encv"}


def boxes(data, start, end):
    out = []
    while start + 8 <= end:
        size, kind = struct.unpack(">I4s", data[start:start + 8])
        header = 8
        if size == 1:
            size = struct.unpack(">Q", data[start + 8:start + 16])[0]
            header = 16
        elif size == 0:
            size = end - start
        out.append((kind, start, size, header))
        start += size
    return out


def sample_entry_path(data):
    """The chain of (type, start, size, header) from moov down to the first video sample entry."""
    chain = []
    level = boxes(data, 0, len(data))
    for want in [b"moov", b"trak", b"mdia", b"minf", b"stbl", b"stsd"]:
        candidates = [b for b in level if b[0] == want]
        if want == b"trak":  # the video track: the one whose stsd holds a visual sample entry
            candidates = [b for b in candidates if any(k in data[b[1]:b[1] + b[2]] for k in SAMPLE_ENTRIES)]
        box = candidates[0]
        chain.append(box)
        start = box[1] + box[3] + (8 if want == b"stsd" else 0)
        level = boxes(data, start, box[1] + box[2])
    chain.append(level[0])  # the sample entry
    assert boxes(data, 0, len(data))[-1][0] == b"moov", "patch only files whose moov is last (no chunk offsets move)"
    return chain


def patch_sample_entry(data, edit):
    """Applies `edit(children) -> children` to the sample entry's child boxes [(type, bytes)], fixing every size."""
    chain = sample_entry_path(data)
    entry = chain[-1]
    body_start = entry[1] + entry[3] + 78
    children = [(k, data[s:s + n]) for (k, s, n, h) in boxes(data, body_start, entry[1] + entry[2])]
    children = edit(children)
    new_body = b"".join(b for _, b in children)
    old_end = entry[1] + entry[2]
    delta = len(new_body) - (old_end - body_start)
    out = bytearray(data[:body_start] + new_body + data[old_end:])
    for kind, start, size, header in chain:
        assert header == 8
        struct.pack_into(">I", out, start, size + delta)
    return bytes(out)


def box(kind, payload):
    return struct.pack(">I4s", 8 + len(payload), kind) + payload


def full_box(kind, version, flags, payload):
    return box(kind, struct.pack(">I", version << 24 | flags) + payload)


def rename_sample_entry(data, new_type):
    entry = sample_entry_path(data)[-1]
    out = bytearray(data)
    out[entry[1] + 4:entry[1] + 8] = new_type
    return bytes(out)


def dolby_vision_record(profile, level, compatibility, rpu=1, el=0, bl=1):
    """The 24-byte DOVIDecoderConfigurationRecord (version 1.0; FFmpeg libavformat/dovi_isom.c reads the same)."""
    bits = profile << 9 | level << 3 | rpu << 2 | el << 1 | bl
    return bytes([1, 0]) + struct.pack(">H", bits) + bytes([compatibility << 4]) + bytes(19)


def with_box(new, before=b"pasp"):
    def edit(children):
        index = next((i for i, (k, _) in enumerate(children) if k == before), len(children))
        return children[:index] + [(new[4:8], new)] + children[index:]
    return edit


# ---------------------------------------------------------------- HEVC bitstream patching (Annex B)

def nal_units(stream):
    """Splits an Annex B stream into NAL units (without start codes)."""
    units, i, starts = [], 0, []
    while i + 3 <= len(stream):
        if stream[i:i + 3] == b"\x00\x00\x01":
            starts.append(i + 3)
            i += 3
        else:
            i += 1
    for n, s in enumerate(starts):
        end = starts[n + 1] - 3 if n + 1 < len(starts) else len(stream)
        while end > s and stream[end - 1] == 0:
            end -= 1
        units.append(stream[s:end])
    return units




def sei_nal(payload_type, payload):
    """A prefix SEI NAL unit (type 39) holding one message."""
    body = bytearray()
    for value in (payload_type, len(payload)):
        while value >= 255:
            body.append(255)
            value -= 255
        body.append(value)
    return bytes([39 << 1, 1]) + escape(bytes(body) + payload + b"\x80")


def hdr10plus_payload(target=400, maxscls=(9000, 8000, 7000), average=1000, curve=None):
    """user_data_registered_itu_t_t35 with an ST 2094-40 application 4 record (one window): targeted display peak in
    cd/m², MaxSCL and average maxRGB in 0.1 cd/m²; curve: None (no tone-mapping curve) or (knee_point_x, knee_point_y,
    anchors) in the record's units (1/4095, 1/4095, 1/1023)."""
    b = BitWriter()
    b.u(8, 0xB5)  # itu_t_t35_country_code: United States
    b.u(16, 0x003C)  # terminal_provider_code: Samsung
    b.u(16, 0x0001)  # terminal_provider_oriented_code
    b.u(8, 4)  # application_identifier
    b.u(8, 1)  # application_version
    b.u(2, 1)  # num_windows
    b.u(27, target)  # targeted_system_display_maximum_luminance
    b.u(1, 0)  # targeted_system_display_actual_peak_luminance_flag
    for maxscl in maxscls:
        b.u(17, maxscl)
    b.u(17, average)  # average_maxrgb
    b.u(4, 1)  # num_distribution_maxrgb_percentiles
    b.u(7, 99)
    b.u(17, 9000)
    b.u(10, 0)  # fraction_bright_pixels
    b.u(1, 0)  # mastering_display_actual_peak_luminance_flag
    b.u(1, 1 if curve else 0)  # tone_mapping_flag
    if curve:
        knee_x, knee_y, anchors = curve
        b.u(12, knee_x)
        b.u(12, knee_y)
        b.u(4, len(anchors))  # num_bezier_curve_anchors
        for anchor in anchors:
            b.u(10, anchor)
    b.u(1, 0)  # color_saturation_mapping_flag
    b.align()
    return b.bytes()


def insert_before_first_slice(stream, nal):
    units = nal_units(stream)
    out = bytearray()
    inserted = False
    for unit in units:
        kind = (unit[0] >> 1) & 0x3F
        if not inserted and kind < 32:
            out += b"\x00\x00\x00\x01" + nal
            inserted = True
        out += b"\x00\x00\x00\x01" + unit
    return bytes(out)


# ---------------------------------------------------------------- Matroska rewriting

def ebml_id(data, i):
    first = data[i]
    length = 1
    while length <= 4 and not first & (0x80 >> (length - 1)):
        length += 1
    return data[i:i + length], i + length


def ebml_size(data, i):
    first = data[i]
    length = 1
    while not first & (0x80 >> (length - 1)):
        length += 1
    value = first & ((0x80 >> (length - 1)) - 1)
    for byte in data[i + 1:i + length]:
        value = value << 8 | byte
    return value, i + length


def elements(data, start, end):
    out = []
    while start < end:
        eid, i = ebml_id(data, start)
        size, i = ebml_size(data, i)
        out.append((eid, start, i, i + size))  # id, element start, data start, end
        start = i + size
    return out


def element(eid, payload):
    n = len(payload)
    return eid + bytes([0x01]) + n.to_bytes(7, "big") + payload  # 8-byte sizes: positions stay computable


def uint_element(eid, value):
    return element(eid, value.to_bytes(8, "big"))


def tracks_after_clusters(mkv):
    """The same Segment with Tracks moved behind the Clusters and a SeekHead pointing at it (Matroska allows any
    order; readers must follow the SeekHead)."""
    top = elements(mkv, 0, len(mkv))
    header, segment = top[0], top[1]
    children = elements(mkv, segment[2], segment[3])
    keep_ids = {b"\x15\x49\xA9\x66": "info", b"\x16\x54\xAE\x6B": "tracks", b"\x1F\x43\xB6\x75": "cluster"}
    parts = {"info": [], "tracks": [], "cluster": []}
    for eid, start, _, end in children:
        if eid in keep_ids:
            parts[keep_ids[eid]].append(mkv[start:end])
    info, tracks, clusters = parts["info"][0], parts["tracks"][0], b"".join(parts["cluster"])

    def seek_head(info_pos, tracks_pos):
        def seek(target, pos):
            return element(b"\x4D\xBB", element(b"\x53\xAB", target) + uint_element(b"\x53\xAC", pos))
        return element(b"\x11\x4D\x9B\x74", seek(b"\x15\x49\xA9\x66", info_pos) + seek(b"\x16\x54\xAE\x6B", tracks_pos))

    probe = seek_head(0, 0)
    info_pos = len(probe)
    tracks_pos = info_pos + len(info) + len(clusters)
    body = seek_head(info_pos, tracks_pos) + info + clusters + tracks
    return mkv[header[1]:header[3]] + element(b"\x18\x53\x80\x67", body)


# ---------------------------------------------------------------- the corpus

def main():
    for name in ["ffmpeg", "mkvmerge"]:
        if not tool(name):
            print(f"note: {name} is missing; the movie fixtures keep their committed bytes")
            return 0
    ffmpeg_version = version(["ffmpeg", "-version"])
    mkvmerge_version = version(["mkvmerge", "--version"])

    # HEVC (libx265 3.5, Main 10) in MP4: colr nclx from ffmpeg's colour options, SEI from x265's parameters.
    hdr10 = x265("x265-pq-hdr10.mp4", f"master-display={MASTER_DISPLAY}:max-cll=1000,400", PQ)
    keep("x265-pq-hdr10.mp4", scratch("x265-pq-hdr10.mp4"), f"{ffmpeg_version}: {hdr10}",
         "HDR10: colr nclx 9/16/9, VUI 9/16/9, mastering display (SEI 137) and content light level (SEI 144) in the "
         "first sample; moov after mdat. Clean; passes --require hdr10")
    command = x265("x265-pq-hdr10-faststart.mp4", f"master-display={MASTER_DISPLAY}:max-cll=1000,400", PQ,
                   ["-movflags", "+faststart"])
    keep("x265-pq-hdr10-faststart.mp4", scratch("x265-pq-hdr10-faststart.mp4"), f"{ffmpeg_version}: {command}",
         "the same with moov before mdat (+faststart)")
    command = x265("x265-pq-fragmented.mp4", f"master-display={MASTER_DISPLAY}:max-cll=1000,400", PQ,
                   ["-movflags", "frag_keyframe+empty_moov+default_base_moof"])
    keep("x265-pq-fragmented.mp4", scratch("x265-pq-fragmented.mp4"), f"{ffmpeg_version}: {command}",
         "fragmented MP4: empty stbl, the SEI found through the first moof/traf/trun")
    command = x265("x265-pq-no-metadata.mp4", "", PQ)
    keep("x265-pq-no-metadata.mp4", scratch("x265-pq-no-metadata.mp4"), f"{ffmpeg_version}: {command}",
         "PQ without mastering display or content light level anywhere: video.hdr-metadata-missing; fails "
         "--require hdr10; the derivative that lost HDR10 metadata for --compare")
    command = x265("x265-hlg.mov", "", HLG, ["-movflags", "+faststart"])
    keep("x265-hlg.mov", scratch("x265-hlg.mov"), f"{ffmpeg_version}: {command}",
         "HLG in QuickTime: colr nclc 9/18/9 (no range flag), VUI 9/18/9, moov first; passes --require hlg, no "
         "metadata finding (HLG needs none)")
    command = x265("x265-hlg.mp4", "", HLG)
    keep("x265-hlg.mp4", scratch("x265-hlg.mp4"), f"{ffmpeg_version}: {command}",
         "HLG in MP4 (base for the Dolby Vision 8.4 files)")
    command = x265("x265-dvb-hlg-atc.mp4", "atc-sei=18",
                   ["-color_primaries", "bt2020", "-color_trc", "bt2020-10", "-colorspace", "bt2020nc"])
    keep("x265-dvb-hlg-atc.mp4", scratch("x265-dvb-hlg-atc.mp4"), f"{ffmpeg_version}: {command}",
         "DVB HLG (Multicorewareinc/x265 #321): VUI and colr transfer 14 plus the alternative transfer "
         "characteristics SEI = 18; effective transfer HLG (as FFmpeg decides): video.hlg-alternative-transfer-only")
    command = x265("x265-colr-vui-mismatch.mp4",
                   "colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc",
                   ["-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709"])
    keep("x265-colr-vui-mismatch.mp4", scratch("x265-colr-vui-mismatch.mp4"), f"{ffmpeg_version}: {command}",
         "x265-params give the VUI 9/16/9 while ffmpeg's colour options write colr 1/1/1: "
         "video.colr-bitstream-mismatch (Netflix/vp9-dash #5, mpv PR #3785)")
    command = x265("x265-vui-only.mp4", "colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc", [])
    keep("x265-vui-only.mp4", scratch("x265-vui-only.mp4"), f"{ffmpeg_version}: {command}",
         "colour given only through x265-params: VUI 9/16/9, no colr box (eluv-io/avpipe PR #167): "
         "video.colr-missing")
    command = x265("x265-untagged-10bit.mp4", "", [])
    keep("x265-untagged-10bit.mp4", scratch("x265-untagged-10bit.mp4"), f"{ffmpeg_version}: {command}",
         "10-bit HEVC with no colour in colr or VUI: video.untagged-10-bit")

    # The same HEVC stream in Matroska: ffmpeg's muxer and mkvmerge (with mastering metadata options).
    command = ffmpeg("x265-pq-hdr10.mkv", ["-i", scratch("x265-pq-hdr10.mp4"), "-c", "copy"] + BITEXACT)
    keep("x265-pq-hdr10.mkv", scratch("x265-pq-hdr10.mkv"), f"{ffmpeg_version}: {command} (from x265-pq-hdr10.mp4)",
         "Matroska Colour 9/16/9 with Range and ChromaSiting from ffmpeg's muxer, CodecPrivate hvcC, SEI in the first "
         "SimpleBlock")
    mastering = ["--chromaticity-coordinates", "0:0.68,0.32,0.265,0.69,0.15,0.06",
                 "--white-colour-coordinates", "0:0.3127,0.329", "--max-luminance", "0:1000",
                 "--min-luminance", "0:0.0001"]
    mkv_base = ["mkvmerge", "-q", "--deterministic", "1", "--no-date"]
    command = mkv_base + ["-o", scratch("mkvmerge-pq-hdr10.mkv"), "--max-content-light", "0:1000",
                          "--max-frame-light", "0:400", "--colour-bits-per-channel", "0:10"] + mastering + [
        scratch("x265-pq-hdr10.mp4")]
    run(command)
    keep("mkvmerge-pq-hdr10.mkv", scratch("mkvmerge-pq-hdr10.mkv"),
         f"{mkvmerge_version}: `{local(quoted(command[:5] + ['-o', 'mkvmerge-pq-hdr10.mkv'] + command[7:-1] + ['x265-pq-hdr10.mp4']))}`",
         "Matroska MasteringMetadata (floats), MaxCLL/MaxFALL equal to the SEI values: no mismatch")
    command = mkv_base + ["-o", scratch("mkvmerge-clli-mismatch.mkv"), "--max-content-light", "0:4000",
                          "--max-frame-light", "0:400"] + mastering + [scratch("x265-pq-hdr10.mp4")]
    run(command)
    keep("mkvmerge-clli-mismatch.mkv", scratch("mkvmerge-clli-mismatch.mkv"),
         f"{mkvmerge_version}: `{local(quoted(command[:5] + ['-o', 'mkvmerge-clli-mismatch.mkv'] + command[7:-1] + ['x265-pq-hdr10.mp4']))}`",
         "Matroska MaxCLL 4000 while the SEI says 1000: video.hdr-metadata-mismatch")
    command = ffmpeg("ffmpeg-mdcv-clli.mp4", ["-i", scratch("mkvmerge-pq-hdr10.mkv"), "-c", "copy", "-tag:v", "hvc1"]
                     + BITEXACT)
    keep("ffmpeg-mdcv-clli.mp4", scratch("ffmpeg-mdcv-clli.mp4"),
         f"{ffmpeg_version}: {command} (from mkvmerge-pq-hdr10.mkv)",
         "ffmpeg 5.1 writes mdcv (G, B, R) and clli boxes from Matroska's stream side data; they equal the SEI")
    data = open(scratch("ffmpeg-mdcv-clli.mp4"), "rb").read()

    def mdcv_rgb_order(children):
        out = []
        for kind, raw in children:
            if kind == b"mdcv":
                p = raw[8:20]  # G, B, R as stored
                raw = raw[:8] + p[8:12] + p[0:4] + p[4:8] + raw[20:]  # rewritten R, G, B
            out.append((kind, raw))
        return out
    write("mdcv-rgb-order.mp4", patch_sample_entry(data, mdcv_rgb_order),
          "ffmpeg-mdcv-clli.mp4 patched by gen_movies.py",
          "mdcv primaries written in R, G, B order instead of G, B, R (the common mix-up): the box disagrees with the "
          "SEI, video.hdr-metadata-mismatch")

    def mdcv_implausible(children):
        out = []
        for kind, raw in children:
            if kind == b"mdcv":
                raw = raw[:24] + struct.pack(">II", 50 * 10000, 1000 * 10000)  # max 50, min 1000 cd/m²
            out.append((kind, raw))
        return out
    write("mdcv-implausible.mp4", patch_sample_entry(data, mdcv_implausible),
          "ffmpeg-mdcv-clli.mp4 patched by gen_movies.py",
          "mdcv minimum luminance 1000 above its maximum 50 cd/m²: hdr.mdcv-invalid on a video track (and the box "
          "disagrees with the SEI)")

    # Dolby Vision configuration records patched into ffmpeg's files (no Debian tool writes them).
    hdr10_data = open(scratch("x265-pq-hdr10.mp4"), "rb").read()
    hlg_data = open(scratch("x265-hlg.mp4"), "rb").read()
    untagged = open(scratch("x265-untagged-10bit.mp4"), "rb").read()
    dv = [
        ("dv-8.1-pq.mp4", hdr10_data, b"dvvC", 8, 1, "x265-pq-hdr10.mp4",
         "Dolby Vision 8.1 (dvvC, compatibility 1) on an HDR10 base: clean; passes --require dolby-vision; HLS "
         "VIDEO-RANGE PQ"),
        ("dv-8.1-on-hlg.mp4", hlg_data, b"dvvC", 8, 1, "x265-hlg.mp4",
         "Dolby Vision 8.1 on an HLG base (quietvoid/dovi_tool #144): video.dolby-vision-compatibility-mismatch"),
        ("dv-8.4-hlg.mp4", hlg_data, b"dvvC", 8, 4, "x265-hlg.mp4", "Dolby Vision 8.4 on an HLG base: clean"),
        ("dv-8-compatibility-0.mp4", hdr10_data, b"dvvC", 8, 0, "x265-pq-hdr10.mp4",
         "profile 8 with compatibility ID 0 (gpac #1991): video.dolby-vision-profile8-compatibility-0"),
        ("dv-8.1-in-dvcC.mp4", hdr10_data, b"dvcC", 8, 1, "x265-pq-hdr10.mp4",
         "a profile 8 record in a dvcC box (dvcC is for profiles up to 7): video.dolby-vision-record-box"),
        ("dv-5.mp4", untagged, b"dvcC", 5, 0, "x265-untagged-10bit.mp4",
         "Dolby Vision 5 (no backward-compatible base layer, untagged VUI as profile 5 streams are): no "
         "video.untagged-10-bit; HLS VIDEO-RANGE PQ"),
    ]
    for name, base, kind, profile, compatibility, source, purpose in dv:
        record = box(kind, dolby_vision_record(profile, 6, compatibility))
        write(name, patch_sample_entry(base, with_box(record)), f"{source} patched by gen_movies.py", purpose)
    command = ffmpeg("dv-8.1-pq.mkv", ["-i", os.path.join(OUT, "dv-8.1-pq.mp4"), "-c", "copy"] + BITEXACT)
    keep("dv-8.1-pq.mkv", scratch("dv-8.1-pq.mkv"), f"{ffmpeg_version}: {command} (from dv-8.1-pq.mp4)",
         "ffmpeg's Matroska muxer writes the Dolby Vision record as a BlockAdditionMapping (dvvC)")
    command = mkv_base + ["-o", scratch("mkvmerge-dv-8.1.mkv"), os.path.join(OUT, "dv-8.1-pq.mp4")]
    run(command)
    keep("mkvmerge-dv-8.1.mkv", scratch("mkvmerge-dv-8.1.mkv"),
         f"{mkvmerge_version}: `{local(quoted(command[:5] + ['-o', 'mkvmerge-dv-8.1.mkv', 'dv-8.1-pq.mp4']))}`",
         "mkvmerge's BlockAdditionMapping for the same record")

    # Re-muxing with ffmpeg: 5.1 drops the Dolby Vision record from MP4 unless told -strict unofficial.
    command = ffmpeg("ffmpeg-remux-dv-dropped.mp4", ["-i", os.path.join(OUT, "dv-8.1-pq.mp4"), "-c", "copy"] + BITEXACT)
    keep("ffmpeg-remux-dv-dropped.mp4", scratch("ffmpeg-remux-dv-dropped.mp4"),
         f"{ffmpeg_version}: {command} (from dv-8.1-pq.mp4)",
         "a plain ffmpeg re-mux of dv-8.1-pq.mp4: the dvvC record is gone; compare.dolby-vision-dropped against it")
    command = ffmpeg("ffmpeg-remux-dv-kept.mp4", ["-i", os.path.join(OUT, "dv-8.1-pq.mp4"), "-c", "copy", "-strict",
                                                  "unofficial"] + BITEXACT)
    keep("ffmpeg-remux-dv-kept.mp4", scratch("ffmpeg-remux-dv-kept.mp4"),
         f"{ffmpeg_version}: {command} (from dv-8.1-pq.mp4)",
         "the same re-mux with -strict unofficial keeps dvvC: --compare passes")

    # An encrypted sample entry: encv with sinf/frma naming the original format.
    def encrypted(children):
        scheme = full_box(b"schm", 0, 0, b"cenc" + struct.pack(">I", 0x10000))
        sinf = box(b"sinf", box(b"frma", b"hvc1") + scheme)
        return children + [(b"sinf", sinf)]
    write("encv-hvc1.mp4", rename_sample_entry(patch_sample_entry(hdr10_data, encrypted), b"encv"),
          "x265-pq-hdr10.mp4 patched by gen_movies.py",
          "sample entry 'encv' with sinf/frma 'hvc1' and schm 'cenc' (samples not really encrypted): the codec comes "
          "from frma; colour from colr and hvcC")

    # HDR10+: an ST 2094-40 SEI inserted into x265's Annex B stream, muxed by ffmpeg.
    command = x265("x265-pq-hdr10.hevc", f"master-display={MASTER_DISPLAY}:max-cll=1000,400", PQ)
    stream = open(scratch("x265-pq-hdr10.hevc"), "rb").read()
    with open(scratch("hdr10plus.hevc"), "wb") as f:
        f.write(insert_before_first_slice(stream, sei_nal(4, hdr10plus_payload())))
    mux = ffmpeg("x265-hdr10plus.mp4", ["-r", "25", "-i", scratch("hdr10plus.hevc"), "-c", "copy", "-tag:v", "hvc1"]
                 + PQ + BITEXACT)
    keep("x265-hdr10plus.mp4", scratch("x265-hdr10plus.mp4"),
         f"{ffmpeg_version}: {command}, an HDR10+ SEI inserted by gen_movies.py, then {mux}",
         "HDR10+ (user_data_registered_itu_t_t35, country 0xB5, provider 0x003C, application 4) in the first sample")

    # Old QuickTime: no ftyp, the file starts with a free box.
    mov = bytearray(open(scratch("x265-hlg.mov"), "rb").read())
    assert mov[4:8] == b"ftyp"
    mov[4:8] = b"free"
    write("quicktime-no-ftyp.mov", bytes(mov), "x265-hlg.mov patched by gen_movies.py",
          "QuickTime without ftyp (first box 'free', as in old QuickTime files): detected as a movie")

    # A QuickTime colr 'prof' (ICC) instead of nclc.
    icc = open(os.path.join(HERE, "..", "color-tags", "icc", "srgb-v4.icc"), "rb").read()
    base = open(scratch("x265-pq-hdr10.mp4"), "rb").read()

    def prof(children):
        return [(k, box(b"colr", b"prof" + icc) if k == b"colr" else raw) for k, raw in children]
    write("colr-prof-srgb.mp4", patch_sample_entry(base, prof), "x265-pq-hdr10.mp4 patched by gen_movies.py",
          "colr 'prof' with an sRGB ICC profile (color-tags/icc/srgb-v4.icc) over a PQ VUI: effective colour from "
          "the ICC profile; the profile contradicts the VUI, video.colr-bitstream-mismatch")

    # H.264 (libx264).
    command = ffmpeg("x264-bt709.mp4", SOURCE + ["-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast",
                                                 "-x264-params", "threads=1", "-color_primaries", "bt709",
                                                 "-color_trc", "bt709", "-colorspace", "bt709"] + BITEXACT)
    keep("x264-bt709.mp4", scratch("x264-bt709.mp4"), f"{ffmpeg_version}: {command}",
         "8-bit H.264 BT.709: colr nclx 1/1/1 and avcC SPS VUI 1/1/1; clean; HLS VIDEO-RANGE SDR")
    command = ffmpeg("x264-untagged.mp4", SOURCE + ["-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast",
                                                    "-x264-params", "threads=1"] + BITEXACT)
    keep("x264-untagged.mp4", scratch("x264-untagged.mp4"), f"{ffmpeg_version}: {command}",
         "8-bit H.264 with no colour anywhere: tags.untagged (players guess from the frame size)")
    for name, colour, what in [("x264-pq-8bit.mp4", PQ, "PQ"), ("x264-hlg-8bit.mov", HLG, "HLG")]:
        command = ffmpeg(name, SOURCE + ["-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast",
                                         "-x264-params", "threads=1"] + colour + BITEXACT)
        keep(name, scratch(name), f"{ffmpeg_version}: {command}",
             f"8-bit H.264 {what} BT.2020 (colr and VUI agree): video.hdr-8-bit (BT.2100 has 10 and 12 bits only)")
    command = ffmpeg("x264-hlg-10bit.mov", SOURCE + ["-pix_fmt", "yuv420p10le", "-c:v", "libx264", "-preset",
                                                     "ultrafast", "-x264-params", "threads=1"] + HLG + BITEXACT)
    keep("x264-hlg-10bit.mov", scratch("x264-hlg-10bit.mov"), f"{ffmpeg_version}: {command}",
         "High 10 H.264 HLG in QuickTime (SPS with chroma_format_idc and bit depths): colr nclc, VUI 9/18/9")
    command = ffmpeg("audio-first.mp4", ["-f", "lavfi", "-i", "sine=frequency=440:duration=0.12", "-f", "lavfi", "-i",
                                         "testsrc2=size=64x64:rate=25:duration=0.12", "-map", "0:a", "-map", "1:v",
                                         "-c:a", "aac", "-c:v", "libx264", "-preset", "ultrafast", "-x264-params",
                                         "threads=1", "-pix_fmt", "yuv420p", "-color_primaries", "bt709",
                                         "-color_trc", "bt709", "-colorspace", "bt709"] + BITEXACT)
    keep("audio-first.mp4", scratch("audio-first.mp4"), f"{ffmpeg_version}: {command}",
         "an AAC track before the video track: one image, video track 2")

    # AV1 (SVT-AV1) with HDR metadata OBUs.
    svt = SOURCE + ["-pix_fmt", "yuv420p10le", "-c:v", "libsvtav1", "-preset", "12", "-svtav1-params",
                    "lp=1:mastering-display=G(0.265,0.69)B(0.15,0.06)R(0.68,0.32)WP(0.3127,0.329)L(1000,0.0001)"
                    ":content-light=1000,400"] + PQ + BITEXACT
    command = ffmpeg("svtav1-pq-hdr10.mp4", svt)
    keep("svtav1-pq-hdr10.mp4", scratch("svtav1-pq-hdr10.mp4"), f"{ffmpeg_version}: {command}",
         "AV1: av1C sequence header 9/16/9, colr nclx, HDR_MDCV and HDR_CLL metadata OBUs (R, G, B order, 0.16 / "
         "24.8 / 18.14 fixed point) in the first sample; passes --require hdr10")
    command = ffmpeg("svtav1-pq-hdr10.webm", ["-i", scratch("svtav1-pq-hdr10.mp4"), "-c", "copy"] + BITEXACT)
    keep("svtav1-pq-hdr10.webm", scratch("svtav1-pq-hdr10.webm"),
         f"{ffmpeg_version}: {command} (from svtav1-pq-hdr10.mp4)",
         "WebM (DocType webm): Colour element, CodecPrivate av1C, metadata OBUs in the first SimpleBlock")

    # VP9 (libvpx, profile 2): vpcC in MP4, SmDm/CoLL from Matroska side data.
    command = ffmpeg("vp9-pq.webm", SOURCE + ["-pix_fmt", "yuv420p10le", "-c:v", "libvpx-vp9", "-deadline", "realtime",
                                              "-threads", "1"] + PQ + BITEXACT)
    keep("vp9-pq.webm", scratch("vp9-pq.webm"), f"{ffmpeg_version}: {command}",
         "VP9 profile 2 in WebM: Colour 9/16/9 and range; no HDR metadata (video.hdr-metadata-missing)")
    command = mkv_base + ["-o", scratch("vp9-mastering.mkv"), "--max-content-light", "0:1000", "--max-frame-light",
                          "0:400"] + mastering + [scratch("vp9-pq.webm")]
    run(command)
    mux = ffmpeg("vp9-pq-mdcv.mp4", ["-i", scratch("vp9-mastering.mkv"), "-c", "copy"] + BITEXACT)
    keep("vp9-pq-mdcv.mp4", scratch("vp9-pq-mdcv.mp4"),
         f"{mkvmerge_version}: `{local(quoted(command[:5] + ['-o', 'vp9-mastering.mkv'] + command[7:-1] + ['vp9-pq.webm']))}`"
         f", then {ffmpeg_version}: {mux}",
         "VP9 in MP4: vpcC 9/16/9 and, from the Matroska mastering metadata, mdcv and clli boxes (ffmpeg 5.1 writes "
         "no SmDm/CoLL)")

    def vp9_full_boxes(children):
        out = []
        for kind, raw in children:
            if kind == b"mdcv":  # G, B, R in 0.00002 → SmDm R, G, B in 0.16; luminance 24.8 and 18.14
                g, b, r, w = (struct.unpack(">HH", raw[8 + 4 * i:12 + 4 * i]) for i in range(4))
                maximum, minimum = struct.unpack(">II", raw[24:32])

                def q16(v):
                    return round(v * 0.00002 * 65536)
                payload = b"".join(struct.pack(">HH", q16(x), q16(y)) for x, y in (r, g, b, w))
                payload += struct.pack(">II", round(maximum * 0.0001 * 256), round(minimum * 0.0001 * 16384))
                raw = full_box(b"SmDm", 0, 0, payload)
            elif kind == b"clli":
                raw = full_box(b"CoLL", 0, 0, raw[8:12])
            out.append((raw[4:8], raw))
        return out
    data = open(scratch("vp9-pq-mdcv.mp4"), "rb").read()
    write("vp9-pq-smdm.mp4", patch_sample_entry(data, vp9_full_boxes), "vp9-pq-mdcv.mp4 patched by gen_movies.py",
          "VP9 in MP4 with the VP codec binding's SmDm (R, G, B in 0.16, luminance 24.8 / 18.14 fixed point) and "
          "CoLL full boxes instead of mdcv/clli: the same values")

    # Matroska with Tracks behind the Clusters, found through the SeekHead.
    mkv = open(scratch("x265-pq-hdr10.mkv"), "rb").read()
    write("tracks-after-clusters.mkv", tracks_after_clusters(mkv), "x265-pq-hdr10.mkv rewritten by gen_movies.py",
          "SeekHead, Info, Cluster, then Tracks (legal Matroska order; readers must seek to Tracks)")

    # Damage.
    data = open(scratch("x265-pq-hdr10-faststart.mp4"), "rb").read()
    moov = next(b for b in boxes(data, 0, len(data)) if b[0] == b"moov")
    write("truncated-in-moov.mp4", data[:moov[1] + moov[2] // 2], "x265-pq-hdr10-faststart.mp4 cut by gen_movies.py",
          "cut in the middle of moov: structure.truncated")

    field_quirks()
    hdr10plus_stream()
    dynamic_metadata()
    dolby_vision_5()
    hdr10plus_scenes()
    scene_metadata()
    dynamic_curves()
    per_frame_containers()
    av1_rpu_escapes()
    dolby_vision_mov_remux()
    dolby_vision_rpu_not_last()
    dolby_vision_5_static()
    write_readme()
    shutil.rmtree(WORK, ignore_errors=True)
    return 0


def field_quirks():
    """Shapes of other producers' movies that are conformant and must draw no false alarm (issue 28), patched into
    committed fixtures (moov last, so no chunk offset moves). `gen_movies.py field-quirks` rewrites only these."""
    def committed(name):
        return open(os.path.join(OUT, name), "rb").read()

    # iPhone movies end the sample entry's child list with a 32-bit zero (QuickTime File Format, "Atoms").
    write("quicktime-list-terminator.mov",
          patch_sample_entry(committed("x264-hlg-10bit.mov"), lambda children: children + [(b"", bytes(4))]),
          "x264-hlg-10bit.mov patched by gen_movies.py",
          "the sample entry's child list ends in a 32-bit zero, as iPhone movies' do (QuickTime's atom list "
          "terminator): not structure.truncated; clean")

    # An nclx colr box of 10 payload bytes: the three codes without the full-range byte.
    def short_nclx(children):
        return [(k, box(b"colr", raw[8:18]) if k == b"colr" else raw) for k, raw in children]
    data = patch_sample_entry(committed("x264-bt709.mp4"), short_nclx)
    write("nclx-without-range.mp4", data, "x264-bt709.mp4 patched by gen_movies.py",
          "colr nclx 1/1/1 with 10 payload bytes (no full-range byte): codes read, narrow range assumed, "
          "structure.colr-range-missing (warning)")

    # Dolby Vision profile 9: AVC with an SDR base (compatibility ID 2) that carries no colour.
    record = box(b"dvvC", dolby_vision_record(9, 5, 2))
    write("dv-9-avc-untagged.mp4", patch_sample_entry(committed("x264-untagged.mp4"), with_box(record)),
          "x264-untagged.mp4 patched by gen_movies.py",
          "Dolby Vision profile 9 (AVC, compatibility ID 2, SDR base) whose base layer is untagged: BT.709 by "
          "convention, so only tags.untagged (no video.dolby-vision-compatibility-mismatch)")


def dolby_vision_mov_remux():
    """A Dolby Vision movie re-muxed into QuickTime by ffmpeg 5.1: its mov muxer writes no dvcC/dvvC (only the MP4
    mode does, at -strict unofficial), while every sample keeps its RPU NAL unit: the field shape of issue 45's
    `convert IMG.MOV out.mov`. `gen_movies.py dolby-vision-mov-remux` rewrites only this movie."""
    ffmpeg_version = version(["ffmpeg", "-version"])
    name = "ffmpeg-remux-dv-rpus.mov"
    command = ffmpeg(name, ["-i", os.path.join(OUT, "x265-dv-8.1-rpu-hdr10plus.mp4"), "-c", "copy", "-strict",
                            "unofficial"] + BITEXACT)
    keep(name, scratch(name), f"{ffmpeg_version}: {command} (from x265-dv-8.1-rpu-hdr10plus.mp4)",
         "x265-dv-8.1-rpu-hdr10plus.mp4 re-muxed into QuickTime: an RPU in each of the 5 samples but no dvvC record "
         "(FFmpeg 5.1's mov muxer writes none): video.dolby-vision-record-missing; compare.dolby-vision-dropped "
         "against its source")


def dolby_vision_rpu_not_last():
    """RPUs that are not the last NAL unit of their access unit: FFmpeg 5.1's HEVC decoder hands a frame its RPU
    (AV_FRAME_DATA_DOVI_RPU_BUFFER) only when the RPU ends the access unit, so a suffix SEI after it loses the RPU
    (ffprobe -show_frames shows no "Dolby Vision RPU Data" on that frame), as it loses those of dovi_tool's regular.mkv
    frames 249 and 257. ffmpeg's libx265 encodes 8 frames with B-frames (decode order differs from display order);
    gen_movies.py appends an RPU (dovi_rpu.py, profile 8.1) to every sample, a suffix SEI (user data unregistered)
    after the RPU of samples 3 and 6, and the dvvC record. The samples are rewritten in place: they sit in one chunk
    at the end of mdat, before moov, so only their sizes and mdat's change. `gen_movies.py dolby-vision-rpu-not-last`
    rewrites only it."""
    name = "x265-dv-8.1-rpu-not-last.mp4"
    encode = x265(f"plain-{name}", f"bframes=3:keyint=8:hdr10=1:master-display={MASTER_DISPLAY}:max-cll=1000,400", PQ,
                  ["-frames:v", "8"])
    data = bytearray(open(scratch(f"plain-{name}"), "rb").read())
    mdat = next(b for b in boxes(data, 0, len(data)) if b[0] == b"mdat")
    stbl = sample_entry_path(bytes(data))[4]
    table = {b[0]: b for b in boxes(data, stbl[1] + stbl[3], stbl[1] + stbl[2])}
    stsz, stco = table[b"stsz"], table[b"stco"]
    assert struct.unpack(">I", data[stco[1] + 12:stco[1] + 16])[0] == 1, "one chunk"
    count = struct.unpack(">I", data[stsz[1] + 16:stsz[1] + 20])[0]
    sizes = [struct.unpack(">I", data[stsz[1] + 20 + 4 * i:stsz[1] + 24 + 4 * i])[0] for i in range(count)]
    start = struct.unpack(">I", data[stco[1] + 16:stco[1] + 20])[0]
    assert start + sum(sizes) == mdat[1] + mdat[2], "the samples end mdat"

    def unit(nal):
        return struct.pack(">I", len(nal)) + nal
    suffix = bytes([40 << 1, 1]) + escape(bytes([5, 24]) + bytes(range(16)) + b"hdrcolor" + b"\x80")
    samples, position = [], start
    for i, size in enumerate(sizes):
        rpu = bytes([62 << 1, 1]) + escape(dovi_rpu.rpu(profile=8, scene_refresh=1 if i == 0 else 0))
        samples.append(bytes(data[position:position + size]) + unit(rpu) + (unit(suffix) if i in (3, 6) else b""))
        position += size
    for i, sample in enumerate(samples):
        struct.pack_into(">I", data, stsz[1] + 20 + 4 * i, len(sample))
    struct.pack_into(">I", data, mdat[1], mdat[2] + sum(map(len, samples)) - sum(sizes))
    data[start:start + sum(sizes)] = b"".join(samples)
    record = box(b"dvvC", dolby_vision_record(8, 1, 1))
    write(name, patch_sample_entry(bytes(data), with_box(record)),
          f"{encode}; an RPU (dovi_rpu.py) appended to each sample and a suffix SEI after the RPU of samples 3 and 6 "
          "by gen_movies.py; dvvC patched by gen_movies.py",
          "Dolby Vision 8.1, 8 frames with B-frames, an RPU in every sample but followed by a suffix SEI in samples "
          "3 and 6 (display frames 1 and 7): FFmpeg 5.1's decoder hands those frames no RPU; MovieReader reads every "
          "sample's own and convert keeps all 8")


def insert_before_each_picture(stream, nals):
    """Inserts nals[i] before the first slice of picture i (first_slice_segment_in_pic_flag set)."""
    out, picture = bytearray(), 0
    for unit in nal_units(stream):
        if (unit[0] >> 1) & 0x3F < 32 and unit[2] & 0x80 and picture < len(nals):
            out += b"\x00\x00\x00\x01" + nals[picture]
            picture += 1
        out += b"\x00\x00\x00\x01" + unit
    return bytes(out)


def scene_metadata():
    """Six frames in two HDR10+ scenes and three Dolby Vision shots, for the report's light level over time."""
    # No B-frames, so decode order is presentation order and one slice per picture.
    command = ffmpeg("x265-scenes.hevc", ["-f", "lavfi", "-i", "testsrc2=size=64x64:rate=25", "-frames:v", "6",
                                          "-pix_fmt", "yuv420p10le", "-c:v", "libx265", "-preset", "ultrafast",
                                          "-x265-params", X265_BASE + ":bframes=0:" + "master-display="
                                          + MASTER_DISPLAY + ":max-cll=1000,400"] + PQ + ["-f", "hevc"] + BITEXACT)
    stream = open(scratch("x265-scenes.hevc"), "rb").read()
    scenes = [hdr10plus_payload(1000, (9000, 8000, 7000), 1000)] * 3 + \
        [hdr10plus_payload(1000, (20000, 12000, 4000), 2500)] * 3
    shots = [(1, (62, 2875, 1100)), (0, (62, 2875, 1100)), (1, (0, 3079, 1500)), (0, (0, 3079, 1500)),
             (1, (20, 2600, 900)), (0, (20, 2600, 900))]
    out, picture = bytearray(), 0
    for unit in nal_units(stream):
        is_slice = (unit[0] >> 1) & 0x3F < 32
        if is_slice:
            assert unit[2] & 0x80, "one slice per picture"
            out += b"\x00\x00\x00\x01" + sei_nal(4, scenes[picture])
        out += b"\x00\x00\x00\x01" + unit
        if is_slice:
            # The RPU ends the access unit (NAL unit type 62, header 7C 01), as FFmpeg's decoder expects it.
            refresh, l1 = shots[picture]
            out += b"\x00\x00\x00\x01" + dovi_rpu.nal_unit(
                dovi_rpu.rpu(profile=8, l1=l1, scene_refresh=refresh, l2=[(2081, 2048, 2048, 2048, 2048, 2048, 2048)],
                             l6=(1000, 1, 1000, 400)))
            picture += 1
    assert picture == 6
    with open(scratch("scenes.hevc"), "wb") as f:
        f.write(out)
    mux = ffmpeg("scenes.mp4", ["-r", "25", "-i", scratch("scenes.hevc"), "-c", "copy", "-tag:v", "hvc1"]
                 + PQ + BITEXACT)
    base = open(scratch("scenes.mp4"), "rb").read()
    record = box(b"dvvC", dolby_vision_record(8, 1, 1))
    write("x265-hdr10plus-dv-scenes.mp4", patch_sample_entry(base, with_box(record)),
          f"{version(['ffmpeg', '-version'])}: {command}, an HDR10+ SEI and a Dolby Vision RPU (dovi_rpu.py) per picture "
          f"inserted by gen_movies.py, then {mux}, a dvvC record (8.1) patched in",
          "HDR10 with HDR10+ in two scenes (frames 0–2: MaxSCL 900 cd/m², average maxRGB 100; frames 3–5: 2000, 250) "
          "and Dolby Vision 8.1 RPUs in three shots (scene_refresh_flag on frames 0, 2, 4; L1 max PQ 2875, 3079, "
          "2600): the report's per-scene light level; scene 2's MaxSCL (2000) is above the MaxCLL of 1000 cd/m²: "
          "video.hdr10plus-maxscl-above-maxcll")


def hdr10plus_stream():
    """A raw HEVC stream whose HDR10+ contradicts its HDR10 metadata (mastering peak 1000, MaxCLL 1000 cd/m²)."""
    command = ffmpeg("x265-pq-hdr10-annexb.hevc", ["-i", os.path.join(OUT, "x265-pq-hdr10.mp4"), "-c", "copy",
                                                   "-bsf:v", "hevc_mp4toannexb", "-f", "hevc"] + BITEXACT)
    stream = open(scratch("x265-pq-hdr10-annexb.hevc"), "rb").read()
    records = [hdr10plus_payload(2000, (20000, 9000, 100)), hdr10plus_payload(2000, (20000, 9000, 100)),
               hdr10plus_payload(1500, (12000, 9000, 100))]
    write("hdr10plus-inconsistent.hevc", insert_before_each_picture(stream, [sei_nal(4, r) for r in records]),
          f"{command}, an HDR10+ SEI per picture inserted by gen_movies.py",
          "raw HEVC with HDR10+ on each of 3 pictures (decode order: targets 2000, 2000, 1500 cd/m²; MaxSCL 2000, "
          "2000, 1200 cd/m²) against a 1000 cd/m² mastering display and MaxCLL 1000: both HDR10+ rules fire")


def dynamic_metadata():
    """Movies whose every frame carries its own dynamic metadata, for keeping it through `convert` and for readers of
    RPUs: x265 3.5's CLI writes the RPUs (--dolby-vision-rpu, a .bin from dovi_rpu.py), an HDR10+ SEI per picture is
    inserted here, ffmpeg muxes, and the Dolby Vision record is patched in (no Debian tool writes it)."""
    if not tool("x265"):
        print("note: x265 (the CLI) is missing; the dynamic-metadata movies keep their committed bytes")
        return
    frames = 5
    command = ffmpeg("testsrc2-5.yuv", ["-f", "lavfi", "-i", "testsrc2=size=64x64:rate=25", "-frames:v", str(frames),
                                       "-pix_fmt", "yuv420p10le", "-f", "rawvideo"])
    # Two shots (frames 0-1 and 2-4), each frame its own L1; L2 trims for a 100 cd/m2 target, L5, L6, L9, L11.
    l1s = [(0, 2081, 1229), (0, 2100, 1300), (62, 3079, 1500), (62, 3000, 1480), (62, 2900, 1460)]
    refresh = [1, 0, 1, 0, 0]

    def rpus(profile):
        return [dovi_rpu.rpu(profile=profile, l1=l1, scene_refresh=r, l2=[(2081, 2048, 2048, 2048, 2048, 2048, 2048)],
                             l5=(0, 0, 8, 8), l6=(1000, 1, 1000, 400), l9=2, l11=(1, 0))
                for l1, r in zip(l1s, refresh)]
    x265_version = version(["x265", "--version"]).split("x265 [info]: ")[-1]
    vuis = {8: ["--colorprim", "bt2020", "--transfer", "smpte2084", "--colormatrix", "bt2020nc", "--range", "limited",
                "--master-display", MASTER_DISPLAY, "--max-cll", "1000,400"], 5: ["--range", "full"]}

    def encode_for(profile, vui=None):
        return ["x265", "--input", scratch("testsrc2-5.yuv"), "--input-res", "64x64", "--fps", "25", "--input-depth",
                "10", "--output-depth", "10", "--frames", str(frames), "--preset", "ultrafast", "--pools", "1",
                "--frame-threads", "1", "--bframes", "0", "--no-info", "--log-level", "error", "--dolby-vision-profile",
                "8.1" if profile == 8 else "5", "--dolby-vision-rpu", scratch(f"rpu-{profile}.bin"),
                "--vbv-bufsize", "1000", "--vbv-maxrate", "1000"] + (vui or vuis[profile]) + [
                    "-o", scratch(f"dv-{profile}.hevc")]
    made = []
    for name, profile, vui in [
        ("x265-dv-8.1-rpu-hdr10plus.mp4", 8, ["--colorprim", "bt2020", "--transfer", "smpte2084", "--colormatrix",
                                              "bt2020nc", "--range", "limited", "--master-display", MASTER_DISPLAY,
                                              "--max-cll", "1000,400"]),
        ("x265-dv-5-rpu.mp4", 5, ["--range", "full"]),
    ]:
        with open(scratch(f"rpu-{profile}.bin"), "wb") as f:
            f.write(dovi_rpu.rpu_file(rpus(profile)))
        encode = encode_for(profile, vui)
        run(encode)
        stream = open(scratch(f"dv-{profile}.hevc"), "rb").read()
        note = ""
        if profile == 8:
            # HDR10+ per picture (decode order), targets 400 ... 800 cd/m2, MaxSCL falling with the picture.
            records = [hdr10plus_payload(400 + 100 * i, (9000 - 500 * i, 8000, 7000)) for i in range(frames)]
            stream = insert_before_each_picture(stream, [sei_nal(4, r) for r in records])
            note = ", an HDR10+ SEI per picture inserted by gen_movies.py"
        with open(scratch(f"dv-{profile}-sei.hevc"), "wb") as f:
            f.write(stream)
        mux = ffmpeg(f"plain-{name}", ["-r", "25", "-i", scratch(f"dv-{profile}-sei.hevc"), "-c", "copy", "-tag:v",
                                       "hvc1"] + (PQ if profile == 8 else []) + BITEXACT)
        base = open(scratch(f"plain-{name}"), "rb").read()
        kind, compatibility = (b"dvvC", 1) if profile == 8 else (b"dvcC", 0)
        record = box(kind, dolby_vision_record(profile, 1, compatibility))
        made.append((name, patch_sample_entry(base, with_box(record)),
                     f"{command}; RPUs from dovi_rpu.py; {x265_version}: `{local(quoted(encode))}`{note}; then {mux}; "
                     f"{kind.decode()} patched by gen_movies.py"))
    write(made[0][0], made[0][1], made[0][2],
          "Dolby Vision 8.1 with an RPU per frame (two shots: scene_refresh on frames 0 and 2; L1 per frame, L2, L5, "
          "L6 1000/0.0001/1000/400, L9, L11, L254) and HDR10+ per picture (targets 400, 500 … 800 cd/m²), 5 frames: kept by convert, "
          "compare.hdr10plus-dropped and compare.dolby-vision-rpu-dropped against a converted copy")
    write(made[1][0], made[1][1], made[1][2],
          "Dolby Vision 5 with an RPU per frame (identity reshaping, IPTPQc2 matrices; the same L1 per frame as the "
          "8.1 movie): a profile 5 stream whose RPUs parse")

    # Field faults: RPUs on the first 3 of 5 frames (x265 warns "Dolby Vision RPU not found for POC" for the rest, as in
    # dovi_tool#278), and profile 5 RPUs under an 8.1 record.
    with open(scratch("rpu-8-short.bin"), "wb") as f:
        f.write(dovi_rpu.rpu_file(rpus(8)[:3]))
    short = [a if a != scratch("rpu-8.bin") else scratch("rpu-8-short.bin") for a in encode_for(8)]
    short[short.index("-o") + 1] = scratch("dv-8-short.hevc")
    run(short)
    mux = ffmpeg("plain-dv-8-short.mp4", ["-r", "25", "-i", scratch("dv-8-short.hevc"), "-c", "copy", "-tag:v", "hvc1"]
                 + PQ + BITEXACT)
    write("x265-dv-8.1-rpu-missing.mp4",
          patch_sample_entry(open(scratch("plain-dv-8-short.mp4"), "rb").read(),
                             with_box(box(b"dvvC", dolby_vision_record(8, 1, 1)))),
          f"{command}; 3 RPUs from dovi_rpu.py; {x265_version}: `{local(quoted(short))}`; then {mux}; dvvC patched by "
          "gen_movies.py",
          "Dolby Vision 8.1 whose RPUs stop after frame 3 of 5: video.dolby-vision-rpu-missing")
    mux = ffmpeg("plain-dv-5-as-8.mp4", ["-r", "25", "-i", scratch("dv-5-sei.hevc"), "-c", "copy", "-tag:v", "hvc1"]
                 + PQ + BITEXACT)
    write("x265-dv-8.1-record-profile-5-rpus.mp4",
          patch_sample_entry(open(scratch("plain-dv-5-as-8.mp4"), "rb").read(),
                             with_box(box(b"dvvC", dolby_vision_record(8, 1, 1)))),
          f"the profile 5 stream of x265-dv-5-rpu.mp4; then {mux}; dvvC 8.1 patched by gen_movies.py",
          "an 8.1 record over profile 5 RPUs: video.dolby-vision-rpu-profile-mismatch")
def dolby_vision_5(name="dv-5-rpu.mp4", l6=(1000, 1, 1000, 400), purpose=None):
    """A real Dolby Vision profile 5 movie: x265's CLI muxes an RPU per frame (dovi_rpu.py) into a full-range 10-bit
    IPT-PQ-c2 base layer; ffmpeg puts it in MP4 and the profile 5 record is patched in. Two shots: RPU A (frames 0–1:
    piecewise polynomial luma, MMR chroma, L1 max 1000 cd/m², an L2 trim for 100 cd/m²) and RPU B (frame 2: other
    curves, L1 max_pq 2238: 146 cd/m²). `gen_movies.py dolby-vision-5` rewrites only this movie. `name`, `l6` (the RPUs'
    level 6, None for none) and `purpose` make the variants of dolby_vision_5_static()."""
    import dovi_rpu
    if not tool("x265"):
        print(f"note: x265 (the CLI) is missing; {name} keeps its committed bytes")
        return
    raw = scratch("dv5-source.yuv")
    # Flat bars (smptebars), so that chroma upsampling filters agree inside them, with a vertical luma ramp and chroma
    # at 35 % (geq): IPT-PQ-c2 values of plausible colours, below the 1000 cd/m² mastering peak.
    run(FFMPEG + ["-f", "lavfi", "-i", "smptebars=size=64x64:rate=25", "-frames:v", "3", "-vf",
                  "format=yuv444p,geq=lum='lum(X,Y)*(0.3+Y/128)':cb='128+(cb(X,Y)-128)*0.35':cr='128+(cr(X,Y)-128)*0.35',"
                  "format=yuv420p10le",
                  "-f", "rawvideo", raw])
    rpus = [dovi_rpu.rpu(profile=5, curves=[c["pieces"] for c in curves], pivots=[c["pivots"] for c in curves],
                         l1=l1, l2=l2, scene_refresh=refresh, source_min_pq=0, l6=l6)
            for curves, l1, l2, refresh in dolby_vision_5_shots()]
    rpu_path = scratch(name.replace(".mp4", "-rpu.bin"))
    with open(rpu_path, "wb") as f:
        f.write(dovi_rpu.rpu_file(rpus))
    hevc = scratch(name.replace(".mp4", ".hevc"))
    command = ["x265", "--input", raw, "--input-res", "64x64", "--fps", "25", "--input-depth", "10",
               "--output-depth", "10", "--preset", "ultrafast", "--log-level", "error", "--no-info", "--pools", "1",
               "--frame-threads", "1", "--bframes", "0", "--range", "full", "--dolby-vision-profile", "5", "--dolby-vision-rpu",
               rpu_path, "--vbv-bufsize", "20000", "--vbv-maxrate", "20000", "-o", hevc]
    run(command)
    run(FFMPEG + ["-r", "25", "-i", hevc, "-c", "copy", "-tag:v", "hvc1"] + BITEXACT + [scratch(name.replace(".mp4", "-plain.mp4"))])
    with open(scratch(name.replace(".mp4", "-plain.mp4")), "rb") as f:
        plain = f.read()
    record = box(b"dvcC", dolby_vision_record(5, 1, 0))
    x265_version = version(["x265", "--version"])
    write(name, patch_sample_entry(plain, with_box(record)),
          f"{x265_version}: `{local(quoted(command))}` (RPUs from dovi_rpu.py), `ffmpeg -c copy`, dvcC patched by "
          "gen_movies.py",
          purpose or "Dolby Vision profile 5 with an RPU per frame (two shots: piecewise polynomial and MMR reshaping, L1, "
          "L2, L6): composed to PQ by DolbyVisionComposer; converted to HDR10/HLG/SDR by convert")


def dolby_vision_5_static():
    """Profile 5 movies without HDR10 static metadata whose RPUs carry other figures than dv-5-rpu.mp4's: a level 6 of
    4000 / 0.005 cd/m² with MaxCLL 3200 and MaxFALL 600, and none at all (L1 max_pq 3079 and 2238 only). `convert`
    writes the HDR10 metadata of the first from its L6 and the light level of the second from its L1.
    `gen_movies.py dolby-vision-5-static` rewrites only these movies."""
    dolby_vision_5("dv-5-rpu-l6-4000.mp4", (4000, 50, 3200, 600),
                   "dv-5-rpu.mp4 with level 6 4000 / 0.005 cd/m², MaxCLL 3200, MaxFALL 600 and no HDR10 metadata: convert "
                   "writes its mastering display and light level from the L6")
    dolby_vision_5("dv-5-rpu-no-l6.mp4", None,
                   "dv-5-rpu.mp4 without level 6 (L1 max_pq 3079 ≈ 1000 cd/m² on shot 1, 2238 on shot 2): convert "
                   "takes the content peak from the largest L1 max_pq")


def hdr10plus_scenes():
    """An HDR10 movie of three 2-frame scenes whose HDR10+ (an SEI per picture) gives each its own peak: 4000, 200 and
    1000 cd/m² against MaxCLL 4000, for per-scene tone mapping (convert --source-peak dynamic). Each scene's pictures
    peak at its MaxSCL: a grey ramp and six colour patches in linear BT.2020 light scaled to the peak, PQ-coded, BT.2020
    Y'CbCr narrow range 4:2:0 (2×2 means), written here. Debian's x265 is built without HDR10_PLUS (--dhdr10-info is
    ignored), so the SEI are inserted here too. `gen_movies.py hdr10plus-scenes` rewrites only this movie."""
    peaks = [4000, 4000, 200, 200, 1000, 1000]
    raw = bytearray()
    for peak in peaks:
        raw += pq_picture(peak)
    with open(scratch("hdr10plus-scenes.yuv"), "wb") as f:
        f.write(raw)
    command = ffmpeg("hdr10plus-scenes-base.hevc", [
        "-f", "rawvideo", "-pix_fmt", "yuv420p10le", "-s", "64x64", "-r", "25", "-i", scratch("hdr10plus-scenes.yuv"),
        "-c:v", "libx265", "-preset", "ultrafast", "-x265-params",
        X265_BASE + ":bframes=0:master-display=" + MASTER_DISPLAY.replace("L(10000000,1)", "L(40000000,1)")
        + ":max-cll=4000,400"] + PQ + BITEXACT + ["-f", "hevc"])
    stream = open(scratch("hdr10plus-scenes-base.hevc"), "rb").read()
    maxscls = [(p * 10, p * 10, p * 10) for p in peaks]
    stream = insert_before_each_picture(stream, [sei_nal(4, hdr10plus_payload(400, m)) for m in maxscls])
    with open(scratch("hdr10plus-scenes.hevc"), "wb") as f:
        f.write(stream)
    mux = ffmpeg("hdr10plus-scenes.mp4", ["-r", "25", "-i", scratch("hdr10plus-scenes.hevc"), "-c", "copy", "-tag:v",
                                          "hvc1"] + PQ + BITEXACT)
    keep("hdr10plus-scenes.mp4", scratch("hdr10plus-scenes.mp4"),
         f"pictures from gen_movies.py (pq_picture), {command}, an HDR10+ SEI per picture inserted by gen_movies.py, "
         f"then {mux}",
         "HDR10 (mastering 4000 cd/m², MaxCLL 4000) of three 2-frame scenes peaking at 4000, 200 and 1000 cd/m², "
         "each with that HDR10+ MaxSCL: per-scene tone mapping (convert --source-peak dynamic)")


def pq_picture(peak, size=64):
    """A 10-bit 4:2:0 BT.2100 PQ picture (narrow range, BT.2020 NCL) whose brightest component is `peak` cd/m²: a
    grey ramp (top half) and six colour patches (bottom half), linear light scaled to the peak."""
    m1, m2, c1, c2, c3 = 2610 / 16384, 2523 / 4096 * 128, 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32

    def pq(nits):
        y = (max(nits, 0) / 10000) ** m1
        return ((c1 + c2 * y) / (1 + c3 * y)) ** m2

    patches = [(1, 0.5, 0.3), (0.3, 0.8, 0.4), (0.4, 0.5, 1), (1, 1, 0.2), (0.6, 0.2, 0.9), (0.9, 0.9, 0.9)]
    ycc = []
    for y in range(size):
        row = []
        for x in range(size):
            rgb = [x / (size - 1)] * 3 if y < size // 2 else patches[min(x * 6 // size, 5)]
            r, g, b = (pq(v * peak) for v in rgb)
            luma = 0.2627 * r + 0.6780 * g + 0.0593 * b
            row.append((luma, (b - luma) / 1.8814, (r - luma) / 1.4746))
        ycc.append(row)
    out = bytearray()
    for y in range(size):
        for x in range(size):
            out += struct.pack("<H", round(64 + 876 * ycc[y][x][0]))
    for component in (1, 2):
        for y in range(0, size, 2):
            for x in range(0, size, 2):
                mean = sum(ycc[y + dy][x + dx][component] for dy in (0, 1) for dx in (0, 1)) / 4
                out += struct.pack("<H", round(512 + 896 * mean))
    return bytes(out)


def dynamic_curves():
    """Two movies for tone mapping that follows the dynamic metadata's curves (convert --source-peak dynamic
    --dynamic-curve metadata), each of one picture (pq_picture, peak 1000 cd/m²) repeated, so that only the metadata
    differs between frames. `gen_movies.py dynamic-curves` rewrites only these.

    hdr10plus-curve-scenes.mp4: HDR10+ MaxSCL 1000 cd/m² in three 2-frame scenes: a Bézier curve for a 400 cd/m²
    display (knee 0.25, 0.5 and nine anchors), no curve, and a curve for a 1000 cd/m² display.
    dv-8.1-trim-scenes.mp4: Dolby Vision 8.1 RPUs (dovi_rpu.py) in three 2-frame shots of L1 (0, 3079, 1229): the
    first with L2 trims for 100 cd/m² (slope +400, offset −100, power +300 codes from 2048) and 600 cd/m² (code 2851),
    the second with none, the third with the 600 cd/m² one only."""
    import dovi_rpu
    raw = pq_picture(1000) * 6
    with open(scratch("dynamic-curves.yuv"), "wb") as f:
        f.write(raw)
    command = ffmpeg("dynamic-curves-base.hevc", [
        "-f", "rawvideo", "-pix_fmt", "yuv420p10le", "-s", "64x64", "-r", "25", "-i", scratch("dynamic-curves.yuv"),
        "-c:v", "libx265", "-preset", "ultrafast", "-x265-params",
        X265_BASE + ":bframes=0:master-display=" + MASTER_DISPLAY + ":max-cll=1000,400"] + PQ + BITEXACT
        + ["-f", "hevc"])
    base = open(scratch("dynamic-curves-base.hevc"), "rb").read()
    anchors = [200, 380, 540, 670, 780, 860, 920, 965, 995]
    records = ([hdr10plus_payload(400, (10000,) * 3, 2000, (1024, 2048, anchors))] * 2
               + [hdr10plus_payload(400, (10000,) * 3, 2000)] * 2
               + [hdr10plus_payload(1000, (10000,) * 3, 2000, (2048, 2048, anchors))] * 2)
    stream = insert_before_each_picture(base, [sei_nal(4, r) for r in records])
    with open(scratch("hdr10plus-curve-scenes.hevc"), "wb") as f:
        f.write(stream)
    mux = ffmpeg("hdr10plus-curve-scenes.mp4", ["-r", "25", "-i", scratch("hdr10plus-curve-scenes.hevc"), "-c",
                                                "copy", "-tag:v", "hvc1"] + PQ + BITEXACT)
    keep("hdr10plus-curve-scenes.mp4", scratch("hdr10plus-curve-scenes.mp4"),
         f"pictures from gen_movies.py (pq_picture), {command}, an HDR10+ SEI per picture inserted by gen_movies.py, "
         f"then {mux}",
         "HDR10 (mastering and MaxCLL 1000 cd/m²) of one 1000 cd/m² picture in three 2-frame HDR10+ scenes of MaxSCL "
         "1000: a Bézier curve (knee 1024/4095, 2048/4095; anchors 200 … 995 of 1023) for a 400 cd/m² display, no "
         "curve, and the curve for 1000 cd/m²: convert --dynamic-curve metadata")

    trims = [(2081, 2448, 1948, 2348, 2048, 2048, 0), (2851, 2148, 2048, 2048, 2048, 2048, 0)]
    shots = [(1, trims), (0, trims), (1, []), (0, []), (1, trims[1:]), (0, trims[1:])]
    out, picture = bytearray(), 0
    for unit in nal_units(base):
        is_slice = (unit[0] >> 1) & 0x3F < 32
        out += b"\x00\x00\x00\x01" + unit
        if is_slice:
            assert unit[2] & 0x80, "one slice per picture"
            refresh, l2 = shots[picture]
            out += b"\x00\x00\x00\x01" + dovi_rpu.nal_unit(
                dovi_rpu.rpu(profile=8, l1=(0, 3079, 1229), scene_refresh=refresh, l2=l2, l6=(1000, 1, 1000, 400)))
            picture += 1
    with open(scratch("dv-trim-scenes.hevc"), "wb") as f:
        f.write(out)
    mux = ffmpeg("dv-trim-scenes.mp4", ["-r", "25", "-i", scratch("dv-trim-scenes.hevc"), "-c", "copy", "-tag:v", "hvc1"] + PQ + BITEXACT)
    movie = open(scratch("dv-trim-scenes.mp4"), "rb").read()
    record = box(b"dvvC", dolby_vision_record(8, 1, 1))
    write("dv-8.1-trim-scenes.mp4", patch_sample_entry(movie, with_box(record)),
          f"pictures from gen_movies.py (pq_picture), {command}, a Dolby Vision RPU (dovi_rpu.py) after each picture "
          f"inserted by gen_movies.py, then {mux}, a dvvC record (8.1) patched in",
          "Dolby Vision 8.1 of one 1000 cd/m² picture in three 2-frame shots of L1 (0, 3079, 1229): the first with L2 "
          "trims for 100 cd/m² (slope 2448, offset 1948, power 2348) and 600 cd/m² (2851), the second with none, the "
          "third with the 600 cd/m² one only: "
          "convert --dynamic-curve metadata applies the trim for the target")


# Frames of dv-5-rpu.mp4: (curves, L1 (min, max, avg PQ codes), L2 trims, scene_refresh_flag) per frame; a curve is
# its pivots (10-bit codes) and pieces (dovi_rpu.Piece: polynomial coefficients; dovi_rpu.MMR).
def dolby_vision_5_shots():
    import dovi_rpu
    piece, mmr = dovi_rpu.Piece, dovi_rpu.MMR
    a = [
        {"pivots": [0, 400, 1023], "pieces": [piece((0.0, 1.05, -0.05)), piece((0.02, 0.97))]},
        {"pivots": [0, 1023], "pieces": [mmr(0.01, [[0.02, 0.93, 0.01, 0.03, -0.02, 0.01, 0.005],
                                                   [0.01, -0.01, 0.005, 0.002, 0.001, -0.001, 0.0005],
                                                   [0.002, 0.001, -0.002, 0.0, 0.001, 0.0, -0.0003]])]},
        {"pivots": [0, 700, 1023], "pieces": [mmr(-0.01, [[0.0, 0.01, 1.02, 0.01, 0.0, 0.01, 0.0]]),
                                              piece((0.0, 1.0, -0.02))]},
    ]
    b = [
        {"pivots": [0, 1023], "pieces": [piece((0.0, 0.9, 0.05))]},
        {"pivots": [0, 600, 1023], "pieces": [piece((0.01, 0.98)), piece((0.0, 1.0, 0.0))]},
        {"pivots": [0, 1023], "pieces": [piece((0.0, 1.0))]},
    ]
    trim = [(2081, 2048, 2048, 2048, 2048, 2048, 0)]
    return [(a, (0, 3079, 1229), trim, 1), (a, (0, 3079, 1229), trim, 0), (b, (0, 2238, 1000), [], 1)]


def leb128(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def av1_obus(data):
    """(header byte, whole OBU bytes) of a low-overhead AV1 stream whose OBUs all have size fields."""
    out, i = [], 0
    while i < len(data):
        header = data[i]
        assert header & 0x02, "obu_has_size_field"
        start = i + 1 + (1 if header & 0x04 else 0)
        size, used = 0, 0
        while True:
            byte = data[start + used]
            size |= (byte & 0x7F) << (7 * used)
            used += 1
            if not byte & 0x80:
                break
        end = start + used + size
        out.append(((header >> 3) & 0x0F, data[i:end]))
        i = end
    return out


def av1_metadata_obu(t35):
    """A metadata OBU (type 5, size field) of type METADATA_TYPE_ITUT_T35 holding `t35`, with trailing bits."""
    payload = leb128(4) + t35 + b"\x80"
    return bytes([5 << 3 | 0x02]) + leb128(len(payload)) + payload


def per_frame_containers():
    """Dynamic metadata on every frame of Matroska and AV1 movies, for the per-frame scans of those containers: the
    6-frame HEVC scenes movie remuxed to Matroska; a 6-frame AV1 movie (SVT-AV1) whose temporal units each carry an
    HDR10+ record and a Dolby Vision RPU (profile 10: AV1 ITU-T T.35 metadata OBUs, dovi_rpu.av1_t35) in MP4 and
    Matroska; and a WebM whose HDR10+ records are Matroska BlockAdditions (BlockAddID 4, ITU-T T.35) rather than OBUs.
    `gen_movies.py per-frame-containers` rewrites only these movies."""
    import dovi_rpu
    ffmpeg_version = version(["ffmpeg", "-version"])
    command = ffmpeg("x265-hdr10plus-dv-scenes.mkv", ["-i", os.path.join(OUT, "x265-hdr10plus-dv-scenes.mp4"), "-c",
                                                     "copy"] + BITEXACT)
    keep("x265-hdr10plus-dv-scenes.mkv", scratch("x265-hdr10plus-dv-scenes.mkv"), f"{ffmpeg_version}: {command}",
         "x265-hdr10plus-dv-scenes.mp4 in Matroska (HDR10+ SEI and RPU NAL units in every SimpleBlock): the Matroska "
         "per-frame scan, against ffprobe -show_frames")
    encode = ffmpeg("svtav1-6.obu", ["-f", "lavfi", "-i", "testsrc2=size=64x64:rate=25", "-frames:v", "6", "-pix_fmt",
                                     "yuv420p10le", "-c:v", "libsvtav1", "-preset", "12", "-svtav1-params", "lp=1"]
                    + PQ + BITEXACT + ["-f", "obu"])
    stream = open(scratch("svtav1-6.obu"), "rb").read()
    units = []
    for kind, obu in av1_obus(stream):
        if kind == 2:
            units.append([])
        units[-1].append((kind, obu))
    assert len(units) == 6, len(units)
    # Two HDR10+ scenes (MaxSCL 900 then 2000 cd/m²) and three Dolby Vision shots (frames 0, 2, 4).
    records = [hdr10plus_payload(1000, (9000, 8000, 7000), 1000)] * 3 + \
        [hdr10plus_payload(1000, (20000, 12000, 4000), 2500)] * 3
    shots = [(1, (62, 2875, 1100)), (0, (62, 2875, 1100)), (1, (0, 3079, 1500)), (0, (0, 3079, 1500)),
             (1, (20, 2600, 900)), (0, (20, 2600, 900))]
    rpus = [dovi_rpu.rpu(profile=8, l1=l1, scene_refresh=refresh, l6=(1000, 1, 1000, 400)) for refresh, l1 in shots]
    plain, tagged = bytearray(), bytearray()
    for index, unit in enumerate(units):
        inserted = False
        for kind, obu in unit:
            plain += obu
            if not inserted and kind not in (1, 2, 5):
                tagged += av1_metadata_obu(records[index]) + av1_metadata_obu(dovi_rpu.av1_t35(rpus[index]))
                inserted = True
            tagged += obu
    for name, data in (("plain.obu", plain), ("tagged.obu", tagged)):
        with open(scratch(name), "wb") as f:
            f.write(data)
    what = ("6 frames, each temporal unit with an HDR10+ T.35 metadata OBU (two scenes: MaxSCL 900, then 2000 cd/m²) "
            "and a Dolby Vision RPU in a T.35 metadata OBU (profile 10 carriage, EMDF-wrapped; shots on frames 0, 2, "
            "4; L1 max PQ 2875, 3079, 2600; L6 1000/0.0001/1000/400)")
    for extension in ("mp4", "mkv"):
        mux = ffmpeg(f"svtav1-hdr10plus-dv.{extension}", ["-r", "25", "-f", "obu", "-i", scratch("tagged.obu"), "-c",
                                                          "copy"] + PQ + BITEXACT)
        keep(f"svtav1-hdr10plus-dv.{extension}", scratch(f"svtav1-hdr10plus-dv.{extension}"),
             f"{ffmpeg_version}: {encode}; metadata OBUs inserted by gen_movies.py; then {mux}",
             f"AV1 in {'MP4' if extension == 'mp4' else 'Matroska'}: {what}")
    mux = ffmpeg("svtav1-plain.webm", ["-r", "25", "-f", "obu", "-i", scratch("plain.obu"), "-c", "copy"] + PQ
                 + BITEXACT)
    webm = open(scratch("svtav1-plain.webm"), "rb").read()
    write("svtav1-hdr10plus-blockadditions.webm", with_block_additions(webm, records),
          f"{ffmpeg_version}: {encode}; {mux}; each SimpleBlock rewritten by gen_movies.py as a BlockGroup with "
          "BlockAdditions (BlockAddID 4: the HDR10+ ITU-T T.35 message), Cues dropped",
          "AV1 in WebM, 6 frames with HDR10+ in Matroska BlockAdditions (two scenes: MaxSCL 900, then 2000 cd/m²)")


def av1_rpu_escapes():
    """AV1 Dolby Vision RPUs whose bytes hold 00 00 03, as about a third of the RPUs of real profile 10 movies do: the
    AV1 carriage (an ITU-T T.35 message, EMDF-wrapped) has no emulation prevention, so a reader that unescapes them as
    HEVC NAL units drops a byte and fails their CRC. 6 frames of SVT-AV1; frames 0, 2 and 4 reshape luma and Cb with an
    offset of -1/1024 (coefficient bytes 00 00 03), frames 1, 3 and 5 with the identity; a dvvC record of profile 10
    (compatibility 1, PQ base) patched in. `gen_movies.py av1-rpu-escapes` rewrites only this movie."""
    ffmpeg_version = version(["ffmpeg", "-version"])
    encode = ffmpeg("svtav1-6.obu", ["-f", "lavfi", "-i", "testsrc2=size=64x64:rate=25", "-frames:v", "6", "-pix_fmt",
                                     "yuv420p10le", "-c:v", "libsvtav1", "-preset", "12", "-svtav1-params", "lp=1"]
                    + PQ + BITEXACT + ["-f", "obu"])
    units = []
    for kind, obu in av1_obus(open(scratch("svtav1-6.obu"), "rb").read()):
        if kind == 2:
            units.append([])
        units[-1].append((kind, obu))
    offset = [dovi_rpu.Piece((-1 / 1024, 1.0))]
    rpus = [dovi_rpu.rpu(profile=8, l1=(0, 2875, 1100), scene_refresh=1 if i == 0 else 0,
                         curves=[offset, offset, dovi_rpu.IDENTITY] if i % 2 == 0 else None) for i in range(6)]
    assert [b"\x00\x00\x03" in r for r in rpus] == [True, False] * 3
    tagged = bytearray()
    for index, unit in enumerate(units):
        inserted = False
        for kind, obu in unit:
            if not inserted and kind not in (1, 2, 5):
                tagged += av1_metadata_obu(dovi_rpu.av1_t35(rpus[index]))
                inserted = True
            tagged += obu
    with open(scratch("escapes.obu"), "wb") as f:
        f.write(tagged)
    name = "svtav1-dv-10-rpu-escapes.mp4"
    mux = ffmpeg(name, ["-r", "25", "-f", "obu", "-i", scratch("escapes.obu"), "-c", "copy"] + PQ + BITEXACT)
    record = box(b"dvvC", dolby_vision_record(10, 1, 1))
    write(name, patch_sample_entry(open(scratch(name), "rb").read(), with_box(record)),
          f"{ffmpeg_version}: {encode}; RPUs from dovi_rpu.py in T.35 metadata OBUs inserted by gen_movies.py; then "
          f"{mux}; dvvC patched by gen_movies.py",
          "Dolby Vision profile 10.1 (AV1, 6 frames) whose RPUs on frames 0, 2 and 4 hold the bytes 00 00 03 (no "
          "emulation prevention in AV1): every RPU parses with its CRC, no video.dolby-vision-rpu-crc")


def with_block_additions(mkv, t35s):
    """`mkv` with the i-th SimpleBlock of its Clusters turned into a BlockGroup holding a Block and BlockAdditions
    (BlockMore: BlockAddID 4, BlockAdditional t35s[i]); Cues are dropped and their SeekHead entry becomes a Void."""
    segment = [e for e in elements(mkv, 0, len(mkv)) if e[0] == b"\x18\x53\x80\x67"][0]
    body, frame = bytearray(), 0
    for eid, start, data, end in elements(mkv, segment[2], segment[3]):
        if eid == b"\x1c\x53\xbb\x6b":  # Cues
            continue
        if eid == b"\x11\x4d\x9b\x74":  # SeekHead: the Cues entry becomes a Void of the same length
            head = bytearray(mkv[start:end])
            for sid, sstart, sdata, send in elements(mkv, data, end):
                inner = mkv[sdata:send]
                if sid == b"\x4d\xbb" and b"\x1c\x53\xbb\x6b" in inner:
                    length = send - sstart
                    head[sstart - start:send - start] = b"\xec" + bytes([0x80 | (length - 2)]) + bytes(length - 2)
            body += head
            continue
        if eid != b"\x1f\x43\xb6\x75":  # not a Cluster
            body += mkv[start:end]
            continue
        children = bytearray()
        for cid, cstart, cdata, cend in elements(mkv, data, end):
            if cid == b"\xa3":  # SimpleBlock → BlockGroup (keyframe flag dropped: a Block has no flags for it)
                block = element(b"\xa1", mkv[cdata:cend])
                more = element(b"\xa6", element(b"\xee", bytes([4])) + element(b"\xa5", t35s[frame]))
                children += element(b"\xa0", block + element(b"\x75\xa1", more))
                frame += 1
            else:
                children += mkv[cstart:cend]
        body += element(b"\x1f\x43\xb6\x75", bytes(children))
    assert frame == len(t35s), frame
    return mkv[:segment[1]] + element(b"\x18\x53\x80\x67", bytes(body))


def only(generate):
    """Runs one generator step, rewriting its movies and their README rows and keeping the other rows."""
    with open(os.path.join(OUT, "README.md")) as f:
        for line in f:
            if line.startswith("| `"):
                name, producer, purpose = [c.strip() for c in line.strip().strip("|").split(" | ")]
                README.append((name.strip("`"), producer.replace("\\|", "|"), purpose.replace("\\|", "|")))
    before = len(README)
    generate()
    names = {name for name, _, _ in README[before:]}
    README[:before] = [row for row in README[:before] if row[0] not in names]
    write_readme()


def write_readme():
    lines = [
        "# Movie fixtures",
        "",
        "Made by `Tests/Fixtures/Generators/gen_movies.py` (Python 3 standard library, Debian's ffmpeg 5.1 and mkvmerge;",
        "run it, or `make fixtures`). Each movie is 64×64, 3 frames (testsrc2), a few KB. The tests read these files and",
        "never run a tool. Files \"patched by gen_movies.py\" carry structures no Debian tool writes, built byte by byte",
        "from the specifications. Field-lesson threads are cited in the purpose column and in the tests.",
        "",
        "| file | producer (command line) | what it tests |",
        "|---|---|---|",
    ]
    for name, producer, purpose in sorted(README):
        cells = [cell.replace("|", "\\|") for cell in (producer, purpose)]
        lines.append(f"| `{name}` | {cells[0]} | {cells[1]} |")
    with open(os.path.join(OUT, "README.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    steps = {"field-quirks": field_quirks, "hdr10plus-stream": hdr10plus_stream,
             "dynamic-metadata": dynamic_metadata, "dolby-vision-5": dolby_vision_5,
             "hdr10plus-scenes": hdr10plus_scenes,
             "scene-metadata": scene_metadata, "dynamic-curves": dynamic_curves,
             "per-frame-containers": per_frame_containers, "av1-rpu-escapes": av1_rpu_escapes,
             "dolby-vision-mov-remux": dolby_vision_mov_remux,
             "dolby-vision-rpu-not-last": dolby_vision_rpu_not_last, "dolby-vision-5-static": dolby_vision_5_static}
    if len(sys.argv) == 2 and sys.argv[1] in steps:
        only(steps[sys.argv[1]])
        sys.exit(0)
    sys.exit(main())
