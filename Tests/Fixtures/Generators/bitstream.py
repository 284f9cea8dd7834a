"""Bit-level writing and reading for the fixture generators: one copy of the MSB-first bit writer and reader with
Exp-Golomb codes (H.265 §9.2) and of emulation prevention (H.265 §7.4.2), shared by gen_movies.py (HDR10+ SEI),
dovi_rpu.py (Dolby Vision RPUs) and gen_heif_items.py (HEVC SPS rewriting)."""


class BitWriter:
    """Most significant bit first, with Exp-Golomb codes."""

    def __init__(self):
        self.bits = []

    def u(self, n, value):
        """An n-bit field; a negative value is written in two's complement (the RPU's signed coefficients)."""
        if value < 0:
            value += 1 << n
        if not 0 <= value < (1 << n):
            raise ValueError(f"{value} does not fit {n} bits")
        self.bits.extend((value >> (n - 1 - i)) & 1 for i in range(n))

    def flag(self, value):
        self.u(1, 1 if value else 0)

    def ue(self, value):
        code = value + 1
        length = code.bit_length()
        self.u(length - 1, 0)
        self.u(length, code)

    def se(self, value):
        self.ue(2 * value - 1 if value > 0 else -2 * value)

    def align(self):
        """Zero bits up to the next byte boundary."""
        while len(self.bits) % 8:
            self.bits.append(0)

    def trailing_bits(self):
        """rbsp_trailing_bits: a one, then zeros to the byte boundary."""
        self.bits.append(1)
        self.align()

    def bytes(self):
        """The bytes written so far; the writer must be byte-aligned (``align`` or ``trailing_bits`` first)."""
        assert len(self.bits) % 8 == 0, "the bit writer is not byte-aligned"
        return bytes(int("".join(map(str, self.bits[i:i + 8])), 2) for i in range(0, len(self.bits), 8))


class BitReader:
    """Most significant bit first over bytes, with Exp-Golomb codes."""

    def __init__(self, data):
        self.data, self.position = data, 0

    def u(self, n):
        value = 0
        for _ in range(n):
            value = (value << 1) | ((self.data[self.position >> 3] >> (7 - (self.position & 7))) & 1)
            self.position += 1
        return value

    def ue(self):
        zeros = 0
        while self.u(1) == 0:
            zeros += 1
        return (1 << zeros) - 1 + self.u(zeros)


def escape(rbsp):
    """Emulation prevention (H.265 §7.4.2): 0x03 after two zero bytes that a byte <= 3 follows."""
    out = bytearray()
    zeros = 0
    for byte in rbsp:
        if zeros >= 2 and byte <= 3:
            out.append(3)
            zeros = 0
        out.append(byte)
        zeros = zeros + 1 if byte == 0 else 0
    return bytes(out)


def unescape(nal):
    """The RBSP of NAL unit bytes: every emulation-prevention 0x03 after two zero bytes removed."""
    out = bytearray()
    zeros = 0
    for byte in nal:
        if zeros >= 2 and byte == 3:
            zeros = 0
            continue
        out.append(byte)
        zeros = zeros + 1 if byte == 0 else 0
    return bytes(out)
