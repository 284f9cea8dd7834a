#!/usr/bin/env python3
# source: hand-built ICC profiles for the ICC bridge's error-path and consistency tests, written byte by byte from
# ICC.1:2022 (header §7.2, tag table §7.3, XYZType §10.31, parametricCurveType §10.18, multiLocalizedUnicodeType
# §10.15, cicpType §10.3). Output: Tests/Fixtures/icc/*.icc (see README.md there). No dependencies.
import os
import struct

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "icc")


def s15(v):
    return struct.pack(">i", int(round(v * 65536)))


def header(size, tag_count, signature=b"acsp", version=0x04400000):
    h = struct.pack(">I4sI4s4s4s", size, b"\0\0\0\0", version, b"mntr", b"RGB ", b"XYZ ")
    h += struct.pack(">6H", 2026, 1, 1, 0, 0, 0)
    h += signature + b"\0" * 4 + struct.pack(">I", 0) + b"\0" * 8 + b"\0" * 8 + struct.pack(">I", 0)
    h += s15(0.9642) + s15(1.0) + s15(0.8249) + b"test" + b"\0" * 16 + b"\0" * 28
    assert len(h) == 128
    return h + struct.pack(">I", tag_count)


def profile(tags, **kw):
    """tags: list of (signature, data); data 4-byte aligned, laid out after the table."""
    table_end = 132 + 12 * len(tags)
    offset, table, body = table_end, b"", b""
    for sig, data in tags:
        data += b"\0" * (-len(data) % 4)
        table += sig + struct.pack(">II", offset, len(data))
        body += data
        offset += len(data)
    return header(offset, len(tags), **kw)[:132] + table + body


def xyz(x, y, z):
    return b"XYZ " + b"\0" * 4 + s15(x) + s15(y) + s15(z)


def para_srgb():
    params = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
    return b"para" + b"\0" * 4 + struct.pack(">HH", 3, 0) + b"".join(s15(p) for p in params)


def mluc(*records):
    """records: (language+country, text) pairs, e.g. ("enUS", "Hello")."""
    if len(records) == 1 and isinstance(records[0], str):
        records = (("enUS", records[0]),)
    head = b"mluc" + b"\0" * 4 + struct.pack(">II", len(records), 12)
    offset = 16 + 12 * len(records)
    table, strings = b"", b""
    for code, text in records:
        utf16 = text.encode("utf-16-be")
        table += code.encode("ascii") + struct.pack(">II", len(utf16), offset + len(strings))
        strings += utf16
    return head + table + strings


# Bradford D65 -> ICC D50 (ICC.1:2022 Annex E), rounded to s15Fixed16.
BRADFORD_D65_TO_D50 = [1.0478821, 0.0229187, -0.0502167, 0.0295868, 0.9904785, -0.0170746, -0.0092468, 0.0150757,
                       0.7516785]


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def main():
    os.makedirs(OUT, exist_ok=True)
    minimal = profile([])
    write("minimal-no-tags.icc", minimal)
    write("truncated-header.icc", minimal[:100])
    write("wrong-signature.icc", profile([], signature=b"acsx"))
    huge = bytearray(minimal)
    huge[0:4] = struct.pack(">I", 0xFFFFFFF0)
    write("huge-declared-size.icc", bytes(huge))
    count = bytearray(minimal)
    count[128:132] = struct.pack(">I", 0x10000000)
    write("huge-tag-count.icc", bytes(count))
    bogus = bytearray(profile([(b"desc", mluc("bogus offset"))]))
    bogus[132 + 4:132 + 8] = struct.pack(">I", 0xFFFFFF00)
    write("tag-offset-out-of-bounds.icc", bytes(bogus))
    # sRGB colorants (Bradford-adapted to D50) and sRGB curves, but a cicp tag claiming BT.2100 PQ (9/16/0/1).
    curve = para_srgb()
    write("srgb-curves-cicp-pq.icc", profile([
        (b"desc", mluc(("enUS", "sRGB curves labelled BT.2100 PQ"), ("deDE", "sRGB-Kurven, als BT.2100 PQ markiert"))),
        (b"wtpt", xyz(0.9642, 1.0, 0.8249)),
        (b"chad", b"sf32" + b"\0" * 4 + b"".join(s15(v) for v in BRADFORD_D65_TO_D50)),
        (b"rXYZ", xyz(0.4360747, 0.2225045, 0.0139322)),
        (b"gXYZ", xyz(0.3850649, 0.7168786, 0.0971045)),
        (b"bXYZ", xyz(0.1430804, 0.0606169, 0.7141733)),
        (b"rTRC", curve), (b"gTRC", curve), (b"bTRC", curve),
        (b"cicp", b"cicp" + b"\0" * 4 + bytes([9, 16, 0, 1])),
    ]))


if __name__ == "__main__":
    main()
