#!/usr/bin/env python3
# source: the colour-tag fixture corpus for ColorTags and `hdrcolor validate` (Tests/Fixtures/color-tags/).
# Independent producers where Debian has them (avifenc/libavif-bin, heif-enc/libheif-examples, ImageMagick `convert`,
# LittleCMS `jpgicc`/liblcms2-utils, exiftool/libimage-exiftool-perl, Pillow from PyPI); everything else hand-made here
# byte by byte from the specifications (PNG 3rd edition, ITU-T T.81 + CIPA DC-007 MPF, ISO/IEC 14496-12/23008-12,
# ISO 21496-1 as libavif/libultrahdr write it, ICC.1:2022). A producer that is missing is skipped with a note (its
# files keep their committed bytes). Deterministic: a rerun with the same tool versions leaves `git status` clean.
# Writes README.md with each file's producer and purpose. Keep images tiny (8×8).
import io
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gen_icc import BRADFORD_D65_TO_D50, mluc, profile, s15, xyz  # noqa: E402

OUT = os.path.join(HERE, "..", "color-tags")
README = []  # (file, producer, purpose)


def write(name, data, producer, purpose):
    path = os.path.join(OUT, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    README.append((name, producer, purpose))


def tool(name):
    return shutil.which(name)


def tool_version(command):
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=30)
        return (out.stdout + out.stderr).strip().splitlines()[0]
    except Exception:
        return "unknown version"


# ---------------------------------------------------------------- colour maths for ICC colorants

def mat_mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def mat_inv(m):
    a, b, c = m[0]
    d, e, f = m[1]
    g, h, i = m[2]
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
            [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
            [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]


def xyz_of(x, y):
    return [x / y, 1.0, (1 - x - y) / y]


def rgb_to_xyz(prims, white):
    cols = [xyz_of(*p) for p in prims]
    m = [[cols[j][i] for j in range(3)] for i in range(3)]
    s = [sum(mat_inv(m)[i][k] * xyz_of(*white)[k] for k in range(3)) for i in range(3)]
    return [[m[i][j] * s[j] for j in range(3)] for i in range(3)]


BRADFORD = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
D65 = (0.3127, 0.3290)
PCS = [0.9642, 1.0, 0.8249]


def adapt_to_d50(white):
    src = [sum(BRADFORD[i][k] * xyz_of(*white)[k] for k in range(3)) for i in range(3)]
    dst = [sum(BRADFORD[i][k] * PCS[k] for k in range(3)) for i in range(3)]
    scale = [[dst[i] / src[i] if i == j else 0 for j in range(3)] for i in range(3)]
    return mat_mul(mat_inv(BRADFORD), mat_mul(scale, BRADFORD))


PRIMARIES = {
    "srgb": [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)],
    "p3": [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)],
    "bt2020": [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046)],
}


def colorant_tags(name):
    m = mat_mul(adapt_to_d50(D65), rgb_to_xyz(PRIMARIES[name], D65))
    return [(b"rXYZ", xyz(m[0][0], m[1][0], m[2][0])), (b"gXYZ", xyz(m[0][1], m[1][1], m[2][1])),
            (b"bXYZ", xyz(m[0][2], m[1][2], m[2][2]))]


def para_srgb():
    params = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
    return b"para" + b"\0" * 4 + struct.pack(">HH", 3, 0) + b"".join(s15(p) for p in params)


def curv_table(values):
    return b"curv" + b"\0" * 4 + struct.pack(">I", len(values)) + b"".join(
        struct.pack(">H", max(0, min(65535, int(round(v * 65535))))) for v in values)


def pq_decode(e):
    m1, m2, c1, c2, c3 = 2610 / 16384, 2523 / 4096 * 128, 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32
    p = e ** (1 / m2)
    return (max(p - c1, 0) / (c2 - c3 * p)) ** (1 / m1)


def srgb_decode(v):
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def icc(primaries, curve, description, cicp=None, copyright="CC0", version=0x04400000, profile_id=None, extra=()):
    """A v4 display RGB matrix/TRC profile; `curve` is tag data shared by the three TRCs."""
    tags = [(b"desc", mluc(description)), (b"cprt", mluc(copyright)), (b"wtpt", xyz(*PCS)),
            (b"chad", b"sf32" + b"\0" * 4 + b"".join(s15(v) for v in BRADFORD_D65_TO_D50))]
    tags += colorant_tags(primaries)
    tags += [(b"rTRC", curve), (b"gTRC", curve), (b"bTRC", curve)]
    if cicp is not None:
        tags.append((b"cicp", b"cicp" + b"\0" * 4 + bytes(cicp)))
    tags += list(extra)
    data = bytearray(profile(tags, version=version))
    if profile_id is not None:
        data[84:100] = profile_id
    return bytes(data)


def with_md5(data):
    """Sets the profile ID (ICC.1:2022 §7.2.18: MD5 with flags, intent and ID zeroed)."""
    import hashlib
    d = bytearray(data)
    tmp = bytearray(d)
    tmp[44:48] = b"\0" * 4
    tmp[64:68] = b"\0" * 4
    tmp[84:100] = b"\0" * 16
    d[84:100] = hashlib.md5(bytes(tmp)).digest()
    return bytes(d)


ICC_SRGB = with_md5(icc("srgb", para_srgb(), "sRGB (hand-made v4)"))
ICC_P3 = with_md5(icc("p3", para_srgb(), "Display P3 (hand-made v4)"))
ICC_PQ_CLIPPING = with_md5(icc(
    "bt2020", curv_table([min(1.0, srgb_decode(min(1.0, i / 1023 / 0.58))) for i in range(1024)]),
    "BT.2100 PQ cicp, SDR curves clipping at SDR white", cicp=[9, 16, 0, 1]))
ICC_PQ_TRUE = with_md5(icc("bt2020", curv_table([pq_decode(i / 4095) for i in range(4096)]), "BT.2100 PQ", cicp=[9, 16, 0, 1]))
ICC_ESCAPE = with_md5(icc("srgb", para_srgb(), "evil \x1b[31mred\x1b[0m \x07bell\r\x1b]0;title\x07"))
ICC_BAD_MD5 = icc("srgb", para_srgb(), "sRGB with a wrong profile ID", profile_id=bytes(range(16)))
ICC_BIG = with_md5(icc("srgb", curv_table([srgb_decode(i / 4095) for i in range(4096)]),
                       "sRGB with 4096-entry curves and a long description " + "x" * 35000))


# ---------------------------------------------------------------- PNG

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def idat(width=8, height=8, depth=16, channels=3):
    rows = b""
    for y in range(height):
        row = b"\0"
        for x in range(width):
            for c in range(channels):
                v = (x * 37 + y * 11 + c * 50) % 256
                row += bytes([v, v]) if depth == 16 else bytes([v])
        rows += row
    return chunk(b"IDAT", zlib.compress(rows, 9))


def png(before=(), after=(), depth=16, color_type=2, trailing=True):
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[color_type]
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, depth, color_type, 0, 0, 0))
    data += b"".join(chunk(k, v) for k, v in before) + idat(depth=depth, channels=channels)
    data += b"".join(chunk(k, v) for k, v in after)
    return data + (chunk(b"IEND", b"") if trailing else b"")


def cicp(p, t, m=0, r=1):
    return (b"cICP", bytes([p, t, m, r]))


def mdcv(prims=((35400, 14600), (8500, 39850), (6550, 2300)), white=(15635, 16450), max_l=10_000_000, min_l=1, kind=b"mDCV"):
    return (kind, struct.pack(">8HII", *prims[0], *prims[1], *prims[2], *white, max_l, min_l))


def clli(cll=10_000_000, fall=4_000_000, kind=b"cLLI"):
    return (kind, struct.pack(">II", cll, fall))


def iccp(data, name=b"ICC profile"):
    return (b"iCCP", name + b"\0\0" + zlib.compress(data, 9))


def make_png():
    H = "hand-made by gen_color_tags.py"
    write("png/pq-16bit-clean.png", png([cicp(9, 16), mdcv(), clli()]), H,
          "ISO HDR PNG: cICP 9/16/0/1, mDCV BT.2020 1000/0.0001 cd/m², cLLI 1000/400, 16-bit; no findings; passes --require iso-hdr")
    write("png/hlg-16bit.png", png([cicp(9, 18)]), H, "cICP 9/18/0/1 (HLG), 16-bit; passes --require iso-hdr and hdr")
    write("png/srgb-cicp-8bit.png", png([cicp(1, 13)], depth=8), H, "cICP 1/13/0/1, 8-bit; passes --require srgb")
    write("png/p3-cicp-8bit.png", png([cicp(12, 13)], depth=8), H, "cICP 12/13/0/1 Display P3; passes --require display-p3")
    write("png/pq-8bit.png", png([cicp(9, 16)], depth=8), H, "PQ at 8 bits: fails --require iso-hdr (≥ 10 bits)")
    write("png/cicp-narrow-range.png", png([cicp(9, 16, 0, 0)]), H, "cICP full-range flag 0: png.cicp-narrow-range (w3c/png #312)")
    write("png/cicp-matrix-9.png", png([cicp(9, 16, 9, 1)]), H, "cICP matrix 9: png.cicp-matrix-not-identity (libavif PR #2952)")
    write("png/cicp-reserved.png", png([cicp(3, 16)]), H, "ColourPrimaries 3 (reserved): cicp.reserved-code")
    write("png/cicp-unspecified.png", png([cicp(2, 2)]), H, "codes 2/2: cicp.unspecified-code")
    write("png/cicp-bad-range-byte.png", png([(b"cICP", bytes([9, 16, 0, 7]))]), H, "range byte 7: structure.malformed")
    write("png/legacy-mdcv-clli.png", png([cicp(9, 16), mdcv(kind=b"mDCv"), clli(kind=b"cLLi")]), H,
          "draft spellings mDCv/cLLi, read and flagged: png.legacy-chunk-name (w3c/png #479)")
    write("png/mdcv-without-cicp.png", png([mdcv()]), H, "mDCV without cICP: png.mdcv-without-cicp (pnggroup/pngcheck PR #38)")
    write("png/reference-white.png", png([cicp(9, 16), (b"rWTm", struct.pack(">I", 2_030_000))]), H,
          "HDR reference-white chunk (w3c/png PR #573; spelled rWTm here) = 203 cd/m²: read and reported")
    write("png/cicp-after-idat.png", png([], [cicp(9, 16)]), H, "cICP after IDAT: structure.chunk-order; effective colour stays assumed sRGB")
    write("png/duplicate-cicp.png", png([cicp(9, 16), cicp(1, 13)]), H, "two cICP chunks: structure.duplicate-tag; the first (9/16) wins")
    good = png([cicp(9, 16)])
    bad = bytearray(good)
    bad[33 + 8 + 4 + 4 - 4 + 0] ^= 0  # keep layout
    crc_at = 33 + 8 + 4  # cICP chunk: length(4) type(4) data(4) at byte 33, CRC at 45
    bad[crc_at] ^= 0xFF
    write("png/bad-crc.png", bytes(bad), H, "cICP chunk with a corrupted CRC: structure.crc-mismatch")
    write("png/truncated.png", good[:len(good) - 30], H, "cut inside IDAT: structure.truncated; cICP still read")
    huge = good[:33 + 16] + struct.pack(">I", 0xFFFFFFFF) + b"tEXt" + b"abc"
    write("png/length-4gib.png", huge, H, "a chunk length field of 0xFFFFFFFF (4 GiB) in a 60-byte file: structure.malformed, no allocation")
    many = [(b"tEXt", b"k\0" + str(i).encode()) for i in range(10_000)]
    write("png/ten-thousand-chunks.png", png([cicp(9, 16)] + many), H, "10 000 tEXt chunks: read quickly, cICP found")
    write("png/clli-fall-above-cll.png", png([cicp(9, 16), clli(1_000_000, 4_000_000)]), H, "MaxFALL 400 > MaxCLL 100: hdr.clli-invalid")
    write("png/mdcv-implausible.png", png([cicp(9, 16), mdcv(white=(25000, 20000), max_l=1, min_l=50)]), H,
          "mDCV white (0.5, 0.4), min ≥ max luminance: hdr.mdcv-invalid")
    write("png/clli-above-mastering.png", png([cicp(9, 16), mdcv(max_l=1_000_000), clli(40_000_000, 1_000_000)]), H,
          "MaxCLL 4000 above mastering peak 100: hdr.clli-above-mastering-peak")
    write("png/cicp-pq-with-srgb-iccp.png", png([cicp(9, 16), iccp(ICC_SRGB)]), H,
          "cICP PQ beside an sRGB iCCP: conflict.cicp-icc-primaries and conflict.cicp-icc-transfer (cICP wins)")
    write("png/iccp-cicp-pq-clipping.png", png([iccp(ICC_PQ_CLIPPING, b"HDR PQ")]), H,
          "iCCP whose cicp tag says PQ while its curves clip at SDR white (Adobe Camera Raw, mm2/Little-CMS #439): icc.cicp-curves-clip; effective transfer PQ")
    write("png/iccp-pq-true-curves.png", png([cicp(9, 16), iccp(ICC_PQ_TRUE, b"BT.2100 PQ")]), H,
          "cICP 9/16 and an iCCP with real PQ curves and cicp tag: consistent, no findings")
    write("png/iccp-md5-mismatch.png", png([iccp(ICC_BAD_MD5)]), H, "iCCP profile ID ≠ MD5: icc.profile-id-mismatch")
    write("png/iccp-not-a-profile.png", png([iccp(b"this is not an ICC profile" * 10)]), H, "iCCP holding garbage: icc.unparseable")
    bad_zlib = (b"iCCP", b"ICC profile\0\0" + b"\x78\x9c\xff\xff\xff\xff")
    write("png/iccp-corrupt-zlib.png", png([bad_zlib]), H, "iCCP with a corrupt zlib stream: structure.malformed")
    write("png/iccp-zlib-bomb.png", png([(b"iCCP", b"bomb\0\0" + zlib.compress(b"\0" * (20 << 20), 9))]), H,
          "iCCP inflating to 20 MiB (over the 16 MiB cap): unreadable with a limit error, exit 2")
    write("png/srgb-chunk-with-p3-iccp.png", png([iccp(ICC_P3), (b"sRGB", b"\0")]), H,
          "sRGB chunk beside a Display P3 iCCP: conflict.srgb-icc and png.iccp-with-srgb")
    write("png/srgb-gama-mismatch.png", png([(b"sRGB", b"\0"), (b"gAMA", struct.pack(">I", 100000))], depth=8), H,
          "sRGB chunk with gAMA 1.0: conflict.gama-chrm")
    write("png/gama-chrm-only.png", png([(b"gAMA", struct.pack(">I", 45455)),
                                         (b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000))], depth=8), H,
          "gAMA 45455 + sRGB cHRM only: effective colour from gAMA/cHRM")
    write("png/untagged.png", png([], depth=8), H, "no colour chunk: tags.untagged (assumed sRGB); fails --require tagged; input for `hdrcolor tag` tests")
    write("png/iccp-escape-description.png", png([iccp(ICC_ESCAPE, b"evil")]), H,
          "ICC description with ESC/BEL/CR control sequences: must be escaped in text output")
    write("png/cicp-hlg-vs-icc-pq-tag.png", png([cicp(9, 18), iccp(ICC_PQ_TRUE, b"BT.2100 PQ")]), H,
          "cICP says HLG, the iCCP's cicp tag and curves say PQ: conflict.cicp-icc-tag and conflict.cicp-icc-transfer")
    old_version = with_md5(icc("bt2020", curv_table([pq_decode(i / 4095) for i in range(4096)]), "PQ in a v4.2 profile",
                               cicp=[9, 16, 0, 1], version=0x04200000))
    write("png/iccp-cicp-in-v42.png", png([cicp(9, 16), iccp(old_version)]), H,
          "a cicp tag in a version 4.2 profile (the tag needs 4.4): icc.cicp-tag-invalid")
    broken_trc = with_md5(icc("srgb", b"curv" + b"\0" * 4 + struct.pack(">I", 5000) + b"\0" * 10, "sRGB with a broken TRC"))
    write("png/iccp-undecodable-trc.png", png([iccp(broken_trc)]), H,
          "an iCCP whose curv tag declares 5000 entries in 10 bytes: icc.undecodable-tag")
    inf_curve = b"para" + b"\0" * 4 + struct.pack(">HH", 1, 0) + s15(100.0) + s15(32767.0) + s15(0.0)
    write("icc/infinite-curve.icc", with_md5(icc("srgb", inf_curve, "curve Y = (32767 X)^100, infinite above X = 0.0001")), H,
          "a parametric curve that overflows to infinity: inspect --json must stay valid JSON (null)")
    write("misc/not-an-image.png", b"hello, this is plain text named like a PNG\n", H, "not an image: unrecognised, exit 2")
    write("misc/empty.png", b"", H, "empty file: unrecognised, exit 2")
    write("icc/srgb-v4.icc", ICC_SRGB, H, "v4 sRGB matrix/TRC profile (parametric curves, MD5 set)")
    write("icc/pq-clipping-curves.icc", ICC_PQ_CLIPPING, H, "cicp 9/16/0/1 with SDR curves clipping at SDR white")
    write("icc/escape-description.icc", ICC_ESCAPE, H, "description with control sequences (sanitisation)")


# ---------------------------------------------------------------- JPEG (Pillow bases, hand-assembled metadata)

def jpeg_base(size=(8, 8), mode="RGB", color=(200, 100, 50), icc_profile=None):
    from PIL import Image
    buf = io.BytesIO()
    kwargs = {"quality": 90}
    if icc_profile is not None:
        kwargs["icc_profile"] = icc_profile
    Image.new(mode, size, color if mode == "RGB" else 128).save(buf, "JPEG", **kwargs)
    return buf.getvalue()


def segment(marker, payload):
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


def insert_after_soi(jpeg, segments):
    return jpeg[:2] + b"".join(segments) + jpeg[2:]


XMP_NS = "http://ns.adobe.com/hdr-gain-map/1.0/"


def xmp(body_attrs):
    xml = ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
           f'<rdf:Description xmlns:hdrgm="{XMP_NS}" {body_attrs}/></rdf:RDF></x:xmpmeta>')
    return segment(0xE1, b"http://ns.adobe.com/xap/1.0/\0" + xml.encode())


def iso_record(min_version=0, gain_min=(0, 1), gain_max=(2, 1), gamma=(1, 1), base_off=(1, 64), alt_off=(1, 64),
               base_head=(0, 1), alt_head=(2, 1), trailing=b"", common=False):
    data = struct.pack(">HH", min_version, 0)
    if min_version != 0:
        return data
    if common:
        d = gain_max[1]
        data += bytes([0x08]) + struct.pack(">III", d, base_head[0], alt_head[0])
        data += struct.pack(">iiIii", gain_min[0], gain_max[0], gamma[0], base_off[0], alt_off[0])
        return data + trailing
    data += bytes([0x00])
    data += struct.pack(">IIII", base_head[0], base_head[1], alt_head[0], alt_head[1])
    data += struct.pack(">iIiIIIiIiI", gain_min[0], gain_min[1], gain_max[0], gain_max[1], gamma[0], gamma[1],
                        base_off[0], base_off[1], alt_off[0], alt_off[1])
    return data + trailing


def iso_segment(record):
    return segment(0xE2, b"urn:iso:std:iso:ts:21496:-1\0" + record)


def mpf_segment(primary_size, gainmap_size, gainmap_offset, count=2, entries=2):
    tiff = b"MM\0*" + struct.pack(">I", 8)
    ifd_entries = 3
    entry_data_offset = 8 + 2 + 12 * ifd_entries + 4
    ifd = struct.pack(">H", ifd_entries)
    ifd += struct.pack(">HHI", 0xB000, 7, 4) + b"0100"
    ifd += struct.pack(">HHII", 0xB001, 4, 1, count)
    ifd += struct.pack(">HHII", 0xB002, 7, 16 * entries, entry_data_offset)
    ifd += struct.pack(">I", 0)
    data = tiff + ifd
    data += struct.pack(">IIIHH", 0x030000, primary_size, 0, 0, 0)
    if entries > 1:
        data += struct.pack(">IIIHH", 0, gainmap_size, gainmap_offset, 0, 0)
    return segment(0xE2, b"MPF\0" + data)


def ultrahdr(name, purpose, iso_primary=True, iso_gainmap=iso_record(), xmp_attrs=None, mpf_delta=0, mpf_count=2,
             gainmap_icc=None):
    base = jpeg_base()
    gm_segments = []
    if xmp_attrs is not None:
        gm_segments.append(xmp(xmp_attrs))
    if iso_gainmap is not None:
        gm_segments.append(iso_segment(iso_gainmap))
    gainmap = insert_after_soi(jpeg_base((4, 4), "L", icc_profile=gainmap_icc), gm_segments)
    primary_xmp = xmp('hdrgm:Version="1.0"')
    head = [primary_xmp] + ([iso_segment(struct.pack(">HH", 0, 0))] if iso_primary else [])
    placeholder = mpf_segment(0, 0, 0, mpf_count)
    primary = insert_after_soi(base, head + [placeholder])
    tiff_start = 2 + sum(len(s) for s in head) + 4 + 4  # marker+length, then "MPF\0"
    mpf = mpf_segment(len(primary), len(gainmap), len(primary) - tiff_start + mpf_delta, mpf_count)
    primary = insert_after_soi(base, head + [mpf])
    write(f"jpeg/{name}", primary + gainmap, "hand-assembled by gen_color_tags.py around Pillow JPEGs", purpose)


def hdrgm(gain_max="2", capacity_max="2", gain_min="0", gamma="1"):
    return (f'hdrgm:Version="1.0" hdrgm:GainMapMin="{gain_min}" hdrgm:GainMapMax="{gain_max}" hdrgm:Gamma="{gamma}" '
            f'hdrgm:OffsetSDR="0.015625" hdrgm:OffsetHDR="0.015625" hdrgm:HDRCapacityMin="0" '
            f'hdrgm:HDRCapacityMax="{capacity_max}" hdrgm:BaseRenditionIsHDR="False"')


def make_jpeg():
    try:
        import PIL
    except ImportError:
        print("note: Pillow missing (pip install -r requirements.txt); JPEG fixtures kept as committed")
        return
    pil = f"Pillow {PIL.__version__}"
    write("jpeg/pillow-untagged.jpg", jpeg_base(), pil, "JPEG without ICC: tags.untagged (assumed sRGB)")
    write("jpeg/pillow-p3-icc.jpg", jpeg_base(icc_profile=ICC_P3), pil, "JPEG with a Display P3 ICC in one APP2 segment")
    write("jpeg/pillow-icc-multisegment.jpg", jpeg_base(icc_profile=ICC_BIG), pil,
          "a 78 KiB ICC split over two APP2 ICC_PROFILE segments, reassembled by sequence number")
    one = jpeg_base()
    part = lambda seq, total, data: segment(0xE2, b"ICC_PROFILE\0" + bytes([seq, total]) + data)
    write("jpeg/icc-bad-sequence.jpg", insert_after_soi(one, [part(1, 2, ICC_SRGB[:300]), part(1, 2, ICC_SRGB[300:])]),
          "hand-assembled by gen_color_tags.py", "two APP2 ICC_PROFILE segments both numbered 1 of 2: structure.malformed")
    ultrahdr("ultrahdr-iso-and-xmp.jpg", "UltraHDR-style gain map: MPF, XMP hdrgm and ISO 21496-1 agreeing; no findings; passes gain-map-both",
             xmp_attrs=hdrgm())
    ultrahdr("ultrahdr-xmp-only.jpg", "gain map with XMP hdrgm only: fails --require gain-map-iso",
             iso_primary=False, iso_gainmap=None, xmp_attrs=hdrgm())
    ultrahdr("ultrahdr-iso-only.jpg", "gain map with ISO 21496-1 only (common-denominator form): fails gain-map-both",
             iso_gainmap=iso_record(gain_max=(128, 64), alt_head=(128, 64), base_off=(1, 64), alt_off=(1, 64), gamma=(64, 64), common=True))
    ultrahdr("ultrahdr-iso-xmp-mismatch.jpg", "ISO gainMapMax 2 vs XMP 3: gainmap.iso-xmp-mismatch (libultrahdr #393)",
             xmp_attrs=hdrgm(gain_max="3", capacity_max="3"))
    ultrahdr("ultrahdr-zero-denominator.jpg", "ISO gamma 1/0: gainmap.metadata-invalid (libultrahdr PR #449)",
             iso_gainmap=iso_record(gamma=(1, 0)))
    ultrahdr("ultrahdr-max-below-min.jpg", "ISO gainMapMax 1/2 < gainMapMin 2/3 as exact fractions: gainmap.metadata-invalid",
             iso_gainmap=iso_record(gain_min=(2, 3), gain_max=(1, 2), alt_head=(1, 2)))
    ultrahdr("ultrahdr-unknown-version.jpg", "ISO minimum_version 1: gainmap.unknown-version, treated as SDR (libavif PR #2453)",
             iso_gainmap=iso_record(min_version=1))
    ultrahdr("ultrahdr-ios-trailing-bytes.jpg", "ISO record with 3 extra trailing bytes and writer_version 0 (libultrahdr #319): read leniently, gainmap.trailing-bytes (libavif rejects it)",
             iso_gainmap=iso_record(trailing=b"\0\0\0"), xmp_attrs=hdrgm())
    ultrahdr("ultrahdr-mpf-bad-offset.jpg", "MPF offset 7 bytes off the gain map's SOI (Exiv2 #3016): gainmap.mpf-invalid",
             xmp_attrs=hdrgm(), mpf_delta=7)
    ultrahdr("ultrahdr-mpf-wrong-count.jpg", "MPF NumberOfImages 3 with 2 entries (libavif PR #1624): gainmap.mpf-invalid",
             xmp_attrs=hdrgm(), mpf_count=3)
    ultrahdr("ultrahdr-heavy-gainmap-icc.jpg", "gain-map image with a 78 KiB ICC (Homebrew/homebrew-core PR #290600): gainmap.heavy-icc",
             xmp_attrs=hdrgm(), gainmap_icc=ICC_BIG)
    ultrahdr("ultrahdr-headroom-exceeds-gain.jpg", "alternate headroom 3 (8×) but largest gain 1 (2×) (lovell/sharp #4314): gainmap.headroom-exceeds-gain",
             iso_gainmap=iso_record(gain_max=(1, 1), alt_head=(3, 1)), xmp_attrs=hdrgm(gain_max="1", capacity_max="3"))


# ---------------------------------------------------------------- ISOBMFF (hand-built boxes)

def box(kind, payload):
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def full(kind, payload, version=0, flags=0):
    return box(kind, struct.pack(">I", (version << 24) | flags) + payload)


def nclx(p, t, m, full_range=True):
    return box(b"colr", b"nclx" + struct.pack(">HHHB", p, t, m, 0x80 if full_range else 0))


def heif(properties, brands=(b"heic", b"mif1", b"heic"), item_type=b"hvc1", extra_items=(), refs=b"", idat=b"",
         groups=b""):
    """One primary item (ID 1) with every property; extra_items: (id, type, [property indices], iloc); groups: the
    entity-group boxes of a grpl box."""
    ftyp = box(b"ftyp", brands[0] + struct.pack(">I", 0) + b"".join(brands[1:]))
    hdlr = full(b"hdlr", b"\0" * 4 + b"pict" + b"\0" * 12 + b"\0")
    pitm = full(b"pitm", struct.pack(">H", 1))
    items = [(1, item_type, list(range(1, len(properties) + 1)))] + [(i, t, p) for i, t, p, _ in extra_items]
    infes = b"".join(full(b"infe", struct.pack(">HH", i, 0) + t + b"\0", version=2) for i, t, _ in items)
    iinf = full(b"iinf", struct.pack(">H", len(items)) + infes)
    ipco = box(b"ipco", b"".join(properties))
    ipma_body = struct.pack(">I", len(items))
    for i, _, props in items:
        ipma_body += struct.pack(">HB", i, len(props)) + bytes(0x80 | p if n == 0 else p for n, p in enumerate(props))
    iprp = box(b"iprp", ipco + full(b"ipma", ipma_body))
    iloc_items = [(1, 0, 0)] + [(i, method, off) for i, _, _, (method, off) in [(a, b, c, d) for a, b, c, d in extra_items]]
    iloc_body = struct.pack(">HH", 0x4400, len(iloc_items))
    for i, method, off in iloc_items:
        length = len(idat) if method == 1 else 16
        iloc_body += struct.pack(">HHHII", i, method, 0, 1, 0) if False else struct.pack(">HHH", i, method, 0) + struct.pack(">HII", 1, off, length)
    iloc = full(b"iloc", iloc_body, version=1)
    meta_children = hdlr + pitm + iinf + (full(b"iref", refs) if refs else b"") + iprp + iloc + (box(b"idat", idat) if idat else b"")
    meta_children += box(b"grpl", groups) if groups else b""
    meta = full(b"meta", meta_children)
    return ftyp + meta + box(b"mdat", b"\0" * 16)


def ispe():
    return full(b"ispe", struct.pack(">II", 8, 8))


def pixi(bits=10):
    return full(b"pixi", bytes([3, bits, bits, bits]))


def heif_mdcv():  # G, B, R order as in HEVC SEI
    return box(b"mdcv", struct.pack(">8HII", 8500, 39850, 6550, 2300, 35400, 14600, 15635, 16450, 10_000_000, 50))


def heif_clli(cll=1000, fall=400):
    return box(b"clli", struct.pack(">HH", cll, fall))


def make_isobmff():
    H = "hand-built ISOBMFF boxes by gen_color_tags.py"
    write("heif/nclx-pq-10bit.heic", heif([nclx(9, 16, 9, False), ispe(), pixi(10), heif_mdcv(), heif_clli()]), H,
          "HEIF item with colr nclx 9/16/9 narrow, pixi 10, mdcv (G,B,R order), clli: nclx HEIF that Debian's heif-enc cannot make")
    write("heif/colr-duplicate-nclx.heic", heif([nclx(9, 16, 9), nclx(1, 13, 6), ispe()]), H,
          "two colr nclx boxes on one item: heif.colr-duplicate (av1-avif #164)")
    write("heif/ricc-and-prof.heic", heif([box(b"colr", b"rICC" + ICC_SRGB), box(b"colr", b"prof" + ICC_P3), ispe()]), H,
          "rICC beside prof: heif.colr-duplicate")
    write("heif/nclx-pq-with-srgb-prof.heic", heif([nclx(9, 16, 9), box(b"colr", b"prof" + ICC_SRGB), ispe(), pixi(10)]), H,
          "nclx 9/16/9 with an sRGB prof: effective = ICC primaries/transfer + nclx matrix; conflict findings")
    write("heif/nclx-rgb-narrow.heic", heif([nclx(1, 13, 0, False), ispe()]), H,
          "nclx 1/13/0 (RGB) with narrow range: cicp.narrow-range-rgb")
    write("heif/no-colr.heic", heif([ispe(), pixi(8)]), H, "no colr: MIAF default 1/13/6/full; tags.untagged")
    many_free = b"".join(box(b"free", b"") for _ in range(300))
    write("heif/many-boxes.heic", heif([nclx(1, 13, 6), ispe()]) + many_free, H,
          "300 trailing free boxes: fine by default, a limit error with maximumBoxCount 100")
    huge = heif([nclx(1, 13, 6), ispe()]) + struct.pack(">I", 1) + b"mdat" + struct.pack(">Q", 1 << 62)
    write("heif/largesize-absurd.heic", huge, H, "a box with 64-bit size 2^62 in a small file: structure.truncated, no allocation")
    tmap_payload = b"\0" + iso_record(gain_max=(2, 1), alt_head=(2, 1))
    refs = full(b"iref", b"")[12:] if False else box(b"dimg", struct.pack(">HHHH", 3, 2, 1, 2))
    altr = full(b"altr", struct.pack(">III", 4, 2, 3) + struct.pack(">I", 1))  # group 4: tmap item 3, then item 1
    write("avif/tmap-gainmap.avif",
          heif([nclx(1, 13, 6), ispe()], brands=(b"avif", b"mif1", b"avif", b"miaf", b"tmap"), item_type=b"av01",
               extra_items=[(2, b"av01", [2], (0, 0)), (3, b"tmap", [2], (1, 0))], refs=refs, idat=tmap_payload,
               groups=altr), H,
          "AVIF with a tmap derived item (dimg 1, 2) whose idat payload is ISO 21496-1 metadata; item 2 is the gain map; "
          "'tmap' brand, altr group [3, 1]")
    write("avif/tmap-without-brand-or-altr.avif",
          heif([nclx(1, 13, 6), ispe()], brands=(b"avif", b"mif1", b"avif", b"miaf"), item_type=b"av01",
               extra_items=[(2, b"av01", [2], (0, 0)), (3, b"tmap", [2], (1, 0))], refs=refs, idat=tmap_payload), H,
          "the same without the 'tmap' brand and the altr group: readers ignore the gain map (libavif "
          "seine_sdr_gainmap_notmapbrand.avif, seine_hdr_gainmap_wrongaltr.avif): gainmap.tmap-ignored")


def strip_first(data, kind, replacement=b"free"):
    at = data.find(kind)
    assert at > 0
    return data[:at] + replacement + data[at + 4:]


def make_tools():
    with tempfile.TemporaryDirectory() as tmp:
        src16 = os.path.join(tmp, "src16.png")
        with open(src16, "wb") as f:
            f.write(png([], depth=16))
        src8 = os.path.join(tmp, "src8.png")
        with open(src8, "wb") as f:
            f.write(png([], depth=8))
        if tool("avifenc"):
            v = tool_version(["avifenc", "--version"])
            def avifenc(name, args, purpose, src=src16, post=None):
                out = os.path.join(tmp, name)
                subprocess.run(["avifenc", "-s", "10", "-j", "1", *args, src, out], check=True, capture_output=True)
                data = open(out, "rb").read()
                if post:
                    data = post(data)
                write(f"avif/{name}", data, f"avifenc ({v})" + (" then hand-edited by gen_color_tags.py" if post else ""), purpose)
            avifenc("avifenc-pq-10bit.avif", ["--cicp", "9/16/9", "-d", "10", "-y", "444", "-r", "full"],
                    "avifenc --cicp 9/16/9 -d 10 -y 444 -r full: nclx and av1C agree; passes iso-hdr")
            avifenc("avifenc-srgb-8bit.avif", ["--cicp", "1/13/6", "-d", "8", "-y", "420"], "avifenc sRGB 1/13/6, 8-bit 4:2:0")
            avifenc("avifenc-hlg-limited.avif", ["--cicp", "9/18/9", "-d", "10", "-r", "limited"], "avifenc HLG, limited range")
            avifenc("avif-no-colr-limited.avif", ["--cicp", "9/18/9", "-d", "10", "-r", "limited"],
                    "the HLG limited-range file with its colr box renamed 'free': avif.bitstream-only-colour (av1-avif #84)",
                    post=lambda d: strip_first(d, b"colr"))
            def mismatch(d):
                at = d.find(b"colrnclx") + 8
                return d[:at] + struct.pack(">HHH", 1, 13, 6) + d[at + 6:]
            avifenc("avif-colr-bitstream-mismatch.avif", ["--cicp", "9/16/9", "-d", "10", "-y", "444"],
                    "nclx rewritten to 1/13/6 while the AV1 sequence header says 9/16/9: avif.colr-bitstream-mismatch",
                    post=mismatch)
            icc_path = os.path.join(tmp, "p3.icc")
            open(icc_path, "wb").write(ICC_P3)
            avifenc("avifenc-p3-icc.avif", ["--icc", icc_path, "-d", "8"], "avifenc --icc (Display P3 profile as colr prof)")
        else:
            print("note: avifenc missing (apt-get install libavif-bin); AVIF tool fixtures kept as committed")
        if tool("heif-enc"):
            v = "heif-enc (libheif " + tool_version(["heif-info", "--version"]) + ")"
            out = os.path.join(tmp, "a.heic")
            r = subprocess.run(["heif-enc", "-q", "90", "--matrix_coefficients", "9", "--colour_primaries", "9",
                                "--transfer_characteristic", "16", "--full_range_flag", "1", "-o", out, src8],
                               capture_output=True)
            if r.returncode == 0:
                write("heif/heifenc-pq-requested.heic", open(out, "rb").read(), v,
                      "heif-enc asked for 9/16/9 full: libheif 1.15 writes no nclx (field-lessons): MIAF default; fails --require iso-hdr")
            withicc = os.path.join(tmp, "icc.png")
            open(withicc, "wb").write(png([iccp(ICC_P3, b"Display P3")], depth=8))
            r = subprocess.run(["heif-enc", "-q", "90", "-o", out, withicc], capture_output=True)
            if r.returncode == 0:
                write("heif/heifenc-p3-prof.heic", open(out, "rb").read(), v, "heif-enc from a PNG with a P3 iCCP: colr prof")
        else:
            print("note: heif-enc missing (apt-get install libheif-examples); HEIF tool fixtures kept as committed")
        convert = "/usr/bin/convert" if os.path.exists("/usr/bin/convert") else None
        if convert:
            v = tool_version([convert, "-version"])
            p3 = os.path.join(tmp, "p3.icc")
            open(p3, "wb").write(ICC_P3)
            out = os.path.join(tmp, "im.jpg")
            subprocess.run([convert, "-size", "8x8", "xc:#c86432", "-profile", p3, "-strip", "-profile", p3, out], check=True)
            write("jpeg/imagemagick-p3.jpg", open(out, "rb").read(), v, "ImageMagick JPEG with an embedded Display P3 profile")
            out = os.path.join(tmp, "im.png")
            subprocess.run([convert, "-size", "8x8", "gradient:red-blue", "-depth", "16", "-define", "png:exclude-chunks=date,time",
                            "png48:" + out], check=True)
            write("png/imagemagick-16bit.png", open(out, "rb").read(), v, "ImageMagick 16-bit PNG (its own gAMA/cHRM/sRGB choices)")
        else:
            print("note: ImageMagick missing (apt-get install imagemagick); its fixtures kept as committed")
        if tool("jpgicc"):
            src = os.path.join(tmp, "base.jpg")
            open(src, "wb").write(jpeg_base())
            p3 = os.path.join(tmp, "p3.icc")
            open(p3, "wb").write(ICC_P3)
            out = os.path.join(tmp, "lcms.jpg")
            subprocess.run(["jpgicc", "-o" + p3, "-e", "-q90", src, out], check=True, capture_output=True)
            write("jpeg/jpgicc-p3.jpg", open(out, "rb").read(), "jpgicc (LittleCMS 2.14, liblcms2-utils)",
                  "jpgicc sRGB → Display P3 with -e (embeds the destination profile)")
        if tool("exiftool"):
            src = os.path.join(tmp, "base.jpg")
            open(src, "wb").write(jpeg_base())
            p3 = os.path.join(tmp, "srgb.icc")
            open(p3, "wb").write(ICC_SRGB)
            out = os.path.join(tmp, "exif.jpg")
            subprocess.run(["exiftool", "-q", f"-ICC_Profile<={p3}", "-o", out, src], check=True, capture_output=True)
            write("jpeg/exiftool-srgb-icc.jpg", open(out, "rb").read(), "exiftool " + tool_version(["exiftool", "-ver"]),
                  "exiftool -ICC_Profile<= (an sRGB profile written by exiftool)")


def main():
    os.makedirs(OUT, exist_ok=True)
    make_png()
    make_jpeg()
    make_isobmff()
    make_tools()
    lines = ["# Colour-tag fixtures", "",
             "Made by `Tests/Fixtures/Generators/gen_color_tags.py` (run it, or `make fixtures`); tools it finds missing are",
             "skipped and their files keep the committed bytes. Field-lesson threads are cited in the purpose column and in",
             "the tests that use each file. Images are 8×8 (gain maps 4×4).", "",
             "| file | producer | what it tests |", "|---|---|---|"]
    existing = {name for name, _, _ in README}
    for name, producer, purpose in sorted(README):
        lines.append(f"| `{name}` | {producer} | {purpose} |")
    prior = os.path.join(OUT, "README.md")
    if os.path.exists(prior):  # keep rows of tool fixtures this run could not regenerate
        for line in open(prior, encoding="utf-8").read().splitlines():
            if line.startswith("| `") and line.split("`")[1] not in existing and os.path.exists(os.path.join(OUT, line.split("`")[1])):
                lines.append(line)
    open(prior, "w", encoding="utf-8").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
