"""Starting corpus of FuzzComposer (Fuzz/Corpus/composer): the profile 5 RPUs of dv-5-rpu.mp4 (gen_movies.py's
dolby_vision_5_shots) in the target's input layout: a configuration byte (chroma subsampling, bit depth, whether the
body is wrapped with prefix, CRC and final byte), the picture size, the body's length, the body, then samples.
Python only, never run by `make test`."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import dovi_rpu  # noqa: E402
import gen_movies  # noqa: E402

OUT = os.path.join(HERE, "..", "..", "..", "Fuzz", "Corpus", "composer")


def seed(config, size, body, samples):
    return bytes([config, size, len(body) >> 8, len(body) & 0xFF]) + body + samples


def main():
    os.makedirs(OUT, exist_ok=True)
    samples = bytes((i * 37) % 256 for i in range(96))
    for index, (curves, l1, l2, refresh) in enumerate(gen_movies.dolby_vision_5_shots()):
        raw = dovi_rpu.rpu(profile=5, curves=[c["pieces"] for c in curves], pivots=[c["pivots"] for c in curves],
                           l1=l1, l2=l2, scene_refresh=refresh, source_min_pq=0)
        # Wrapped body (prefix, CRC and final byte added by the target): 4:2:0, 4:2:2, 4:4:4 at 10 bits, 16×8.
        with open(os.path.join(OUT, f"shot-{index}-wrapped"), "wb") as f:
            f.write(seed(0x10 | (1 << 2) | index, 0x73, raw[1:-5], samples))
        # The escaped RPU as found, 12-bit 4:2:0, 4×4.
        with open(os.path.join(OUT, f"shot-{index}-escaped"), "wb") as f:
            f.write(seed(2 << 2, 0x11, dovi_rpu.payload(raw), samples))


if __name__ == "__main__":
    main()
