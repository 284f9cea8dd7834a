"""Dolby Vision RPU writer for the fixture generators (profiles 5 and 8.1, no enhancement layer).

Writes the syntax that Dolby's decoders, quietvoid/dovi_tool's `dolby_vision` crate (`DoviRpu::write_rpu_data`) and
FFmpeg's `ff_dovi_rpu_parse` read: rpu_nal_prefix 0x19, rpu_data_header, rpu_data_mapping (polynomial pieces, as
dovi_tool's profile 8.1 and 5 defaults, or MMR pieces), vdr_dm_data_payload with CM v2.9 blocks (levels 1, 2, 5, 6) and CM v4.0
blocks (254, then 9 and 11 when asked), rpu_alignment_zero_bits, rpu_data_crc32 (CRC-32/MPEG-2 of everything after the
prefix) and the final byte 0x80. Values are the ones dovi_tool's `generate` writes for those profiles; PQ values are
12-bit codes (0 ... 4095 for 0 ... 10 000 cd/m^2).

`payload()` returns one RPU as an HEVC NAL unit of type 62 holds it after its header `7C 01` (emulation prevention
applied), `nal_unit()` prepends that header, and `rpu_file()` joins RPUs as dovi_tool writes a `.bin` (each behind
`00 00 00 01`, the form x265's `--dolby-vision-rpu` reads). Shared by gen_movies.py and any other generator that needs
RPUs; Python only, never run by `make test`.
"""

import math

from bitstream import BitWriter, escape

PREFIX = 0x19
FINAL_BYTE = 0x80

# dovi_tool's VdrDmData for profile 8.1 (BT.2020 Y'CbCr to RGB, RGB to LMS) and profile 5 (IPTPQc2), 16-bit signed.
P81_YCC_TO_RGB = (9574, 0, 13802, 9574, -1540, -5348, 9574, 17610, 0)
P81_YCC_OFFSETS = (16777216, 134217728, 134217728)
P81_RGB_TO_LMS = (7222, 8771, 390, 2654, 12430, 1300, 0, 422, 15962)
P5_YCC_TO_RGB = (8192, 799, 1681, 8192, -933, 1091, 8192, 267, -5545)
P5_YCC_OFFSETS = (0, 134217728, 134217728)
P5_RGB_TO_LMS = (17081, -349, -349, -349, 17081, -349, -349, -349, 17081)


def crc32_mpeg2(data):
    """CRC-32/MPEG-2: polynomial 0x04C11DB7, initial 0xFFFFFFFF, not reflected, no final XOR."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) if crc & 0x80000000 else crc << 1
            crc &= 0xFFFFFFFF
    return crc


def pq_code(nits):
    """The 12-bit PQ code (SMPTE ST 2084) of a luminance in cd/m^2."""
    m1, m2 = 2610 / 16384, 2523 / 4096 * 128
    c1, c2, c3 = 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32
    y = (nits / 10000) ** m1
    return round(((c1 + c2 * y) / (1 + c3 * y)) ** m2 * 4095)


class Piece:
    """One polynomial piece of a reshaping curve: value = sum(coefficients[i] * x^i), x the normalised base-layer code.
    Coefficients are coded as an integer part (se(v)) and a 23-bit fraction (coefficient_log2_denom 23)."""

    def __init__(self, coefficients):
        if len(coefficients) not in (2, 3):
            raise ValueError("a polynomial piece has order 1 or 2")
        self.coefficients = coefficients


class MMR:
    """One MMR (multivariate multiple regression) piece, as profile 5 chroma curves use: value = constant + the sum over
    orders k = 1 ... 3 of weights[k-1] . (Y, Cb, Cr, Y.Cb, Y.Cr, Cb.Cr, Y.Cb.Cr)^k, all normalised base-layer values."""

    def __init__(self, constant, weights):
        if not 1 <= len(weights) <= 3 or any(len(row) != 7 for row in weights):
            raise ValueError("an MMR piece has order 1 to 3 and 7 weights per order")
        self.constant = constant
        self.weights = weights


IDENTITY = [Piece((0.0, 1.0))]


def _coefficient(w, value, denominator_bits=23):
    integer = math.floor(value)
    fraction = round((value - integer) * (1 << denominator_bits))
    if fraction == 1 << denominator_bits:
        integer, fraction = integer + 1, 0
    w.se(integer)
    w.u(denominator_bits, fraction)


def rpu(profile=8, l1=(0, 2081, 1229), l6=(1000, 1, 1000, 400), scene_refresh=1, source_min_pq=62,
        source_max_pq=3079, l2=(), l5=None, l9=None, l11=None, curves=None, pivots=None, cm_v40=True):
    """One RPU (unescaped, from the prefix to the final byte).

    profile: 8 (profile 8.1: limited-range Y'CbCr base, BT.2020 matrices) or 5 (full-range IPTPQc2 base).
    l1: (min_pq, max_pq, avg_pq); l6: (mastering max cd/m^2, mastering min in 0.0001 cd/m^2, MaxCLL, MaxFALL) or None;
    l2: tuples (target_max_pq, slope, offset, power, chroma_weight, saturation_gain, ms_weight) of 12-bit codes;
    l5: (left, right, top, bottom) active-area offsets; l9: source primary index; l11: (content type, white point).
    curves: per component a list of Pieces or MMRs (default the identity, one piece); pivots: per component the 10-bit
    pivots (len(pieces) + 1 of them, default 0 and 1023).
    """
    if profile not in (5, 8):
        raise ValueError("profiles 5 and 8.1 only")
    curves = curves or [IDENTITY] * 3
    pivots = pivots or [[0, 1023]] * 3
    w = BitWriter()
    w.u(8, PREFIX)
    # rpu_data_header (dovi_tool RpuDataHeader::p8_default / p5_default).
    w.u(6, 2)  # rpu_type
    w.u(11, 18)  # rpu_format
    w.u(4, 0 if profile == 5 else 1)  # vdr_rpu_profile
    w.u(4, 0)  # vdr_rpu_level
    w.flag(True)  # vdr_seq_info_present_flag
    w.flag(False)  # chroma_resampling_explicit_filter_flag
    w.u(2, 0)  # coefficient_data_type: fixed point
    w.ue(23)  # coefficient_log2_denom
    w.u(2, 1)  # vdr_rpu_normalized_idc
    w.flag(profile == 5)  # bl_video_full_range_flag
    w.ue(2)  # bl_bit_depth_minus8
    w.ue(2)  # el_bit_depth_minus8 (ext_mapping_idc 0)
    w.ue(4)  # vdr_bit_depth_minus8
    w.flag(False)  # spatial_resampling_filter_flag
    w.u(3, 0)  # reserved_zero_3bits
    w.flag(False)  # el_spatial_resampling_filter_flag
    w.flag(True)  # disable_residual_flag
    w.flag(True)  # vdr_dm_metadata_present_flag
    w.flag(False)  # use_prev_vdr_rpu_flag
    # rpu_data_mapping
    w.ue(0)  # vdr_rpu_id
    w.ue(0)  # mapping_color_space
    w.ue(0)  # mapping_chroma_format_idc
    for component in range(3):
        if len(pivots[component]) != len(curves[component]) + 1:
            raise ValueError("a curve has one pivot more than pieces")
        w.ue(len(pivots[component]) - 2)  # num_pivots_minus2
        previous = 0
        for pivot in pivots[component]:
            w.u(10, pivot - previous)  # pred_pivot_value, bl_bit_depth bits: each pivot as its step from the last
            previous = pivot
    w.ue(0)  # num_x_partitions_minus1
    w.ue(0)  # num_y_partitions_minus1
    for component in range(3):
        for piece in curves[component]:
            if isinstance(piece, MMR):
                w.ue(1)  # mapping_idc: MMR
                w.u(2, len(piece.weights) - 1)  # mmr_order_minus1
                _coefficient(w, piece.constant)
                for row in piece.weights:
                    for value in row:
                        _coefficient(w, value)
                continue
            w.ue(0)  # mapping_idc: polynomial
            w.ue(len(piece.coefficients) - 2)  # poly_order_minus1
            if len(piece.coefficients) == 2:
                w.flag(False)  # linear_interp_flag
            for value in piece.coefficients:
                _coefficient(w, value)
    # vdr_dm_data_payload
    w.ue(0)  # affected_dm_metadata_id
    w.ue(0)  # current_dm_metadata_id
    w.ue(scene_refresh)  # scene_refresh_flag
    ycc, offsets, lms = ((P5_YCC_TO_RGB, P5_YCC_OFFSETS, P5_RGB_TO_LMS) if profile == 5
                         else (P81_YCC_TO_RGB, P81_YCC_OFFSETS, P81_RGB_TO_LMS))
    for value in ycc:
        w.u(16, value)
    for value in offsets:
        w.u(32, value)
    for value in lms:
        w.u(16, value)
    w.u(16, 65535)  # signal_eotf: PQ
    w.u(16, 0)  # signal_eotf_param0
    w.u(16, 0)  # signal_eotf_param1
    w.u(32, 0)  # signal_eotf_param2
    w.u(5, 12)  # signal_bit_depth
    w.u(2, 2 if profile == 5 else 0)  # signal_color_space: 0 Y'CbCr, 2 IPT
    w.u(2, 0)  # signal_chroma_format
    w.u(2, 1)  # signal_full_range_flag
    w.u(12, source_min_pq)
    w.u(12, source_max_pq)
    w.u(10, 42)  # source_diagonal
    blocks = [(5, 1, lambda: (w.u(12, l1[0]), w.u(12, l1[1]), w.u(12, l1[2])), 36)]
    for trim in l2:
        def level2(trim=trim):
            for value in trim[:6]:
                w.u(12, value)
            w.u(13, trim[6] & 0x1FFF)
        blocks.append((11, 2, level2, 85))
    if l5 is not None:
        blocks.append((7, 5, lambda: [w.u(13, v) for v in l5], 52))
    if l6 is not None:
        blocks.append((8, 6, lambda: [w.u(16, v) for v in l6], 64))
    _blocks(w, blocks)
    if cm_v40:
        v40 = [(2, 254, lambda: (w.u(8, 0), w.u(8, 2)), 16)]  # dm_mode 0, dm_version_index 2
        if l9 is not None:
            v40.append((1, 9, lambda: w.u(8, l9), 8))
        if l11 is not None:
            v40.append((4, 11, lambda: (w.u(8, l11[0]), w.u(8, l11[1]), w.u(16, 0)), 32))
        _blocks(w, v40)
    w.align()  # rpu_alignment_zero_bit
    body = w.bytes()
    crc = crc32_mpeg2(body[1:])
    return body + crc.to_bytes(4, "big") + bytes([FINAL_BYTE])


def _blocks(w, blocks):
    """num_ext_blocks, dm_alignment_zero_bits, then each block: length, level, fields, ext_dm_alignment_zero_bits."""
    w.ue(len(blocks))
    w.align()
    for length, level, write, used in blocks:
        w.ue(length)
        w.u(8, level)
        write()
        w.u(length * 8 - used, 0)


def payload(raw):
    """An RPU as a NAL unit of type 62 carries it after its 2-byte header: emulation prevention applied."""
    return escape(raw)


def nal_unit(raw):
    """The whole NAL unit (header 7C 01: forbidden_zero 0, type 62, layer 0, temporal id plus 1 = 1)."""
    return b"\x7c\x01" + payload(raw)


def rpu_file(raws):
    """A `.bin` as dovi_tool writes and x265's --dolby-vision-rpu reads: each RPU's payload behind 00 00 00 01."""
    return b"".join(b"\x00\x00\x00\x01" + payload(raw) for raw in raws)


def shots(frames, shot_lengths, l1s, **kwargs):
    """RPUs for `frames` frames cut into shots of the given lengths, each with its own L1 (min, max, avg) and
    scene_refresh_flag 1 on its first frame."""
    out = []
    for length, l1 in zip(shot_lengths, l1s):
        for index in range(length):
            out.append(rpu(l1=l1, scene_refresh=1 if index == 0 else 0, **kwargs))
    if len(out) != frames:
        raise ValueError(f"the shots hold {len(out)} frames, not {frames}")
    return out


if __name__ == "__main__":
    # Self-check: CRC-32/MPEG-2's check value ("123456789" -> 0x0376E6E7).
    assert crc32_mpeg2(b"123456789") == 0x0376E6E7
    sample = rpu()
    print(len(sample), sample.hex())


def _variable_bits(w, n, value):
    """EMDF variable_bits(n): n-bit groups, each followed by a read_more flag; a continued group adds 2^n."""
    groups = [value & ((1 << n) - 1)]
    value >>= n
    while value > 0:
        value -= 1
        groups.append(value & ((1 << n) - 1))
        value >>= n
    groups.reverse()
    for index, group in enumerate(groups):
        w.u(n, group)
        w.flag(index + 1 < len(groups))


def av1_t35(raw):
    """An RPU as an AV1 metadata OBU of type ITU-T T.35 carries it (Dolby Vision profile 10): country code 0xB5,
    provider code 0x003B, provider-oriented code 0x00000800, then an EMDF container (emdf_version 0, key_id 6,
    emdf_payload_id 31 + 225 extended, no sample offset/duration/group/codec data, discard_unknown_payload 1,
    emdf_payload_size, the RPU without its 0x19 prefix and without emulation prevention, emdf_payload_id 0 to end the
    payloads, emdf_protection with a primary length of 1 and a zero byte), padded to a byte."""
    assert raw[0] == PREFIX
    w = BitWriter()
    w.u(8, 0xB5)
    w.u(16, 0x003B)
    w.u(32, 0x00000800)
    w.u(2, 0)  # emdf_version
    w.u(3, 6)  # key_id
    w.u(5, 31)  # emdf_payload_id
    _variable_bits(w, 5, 225)  # emdf_payload_id_ext
    w.u(4, 0)  # smploffste, duratione, groupide, codecdatae
    w.flag(True)  # discard_unknown_payload
    _variable_bits(w, 8, len(raw) - 1)  # emdf_payload_size
    for byte in raw[1:]:
        w.u(8, byte)
    w.u(5, 0)  # emdf_payload_id: no more payloads
    w.u(2, 1)  # protection_length_primary
    w.u(2, 0)  # protection_length_secondary
    w.u(8, 0)  # protection_bits_primary
    w.align()
    return w.bytes()
