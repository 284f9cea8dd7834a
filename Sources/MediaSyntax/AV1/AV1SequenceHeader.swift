package import SignalCoding

/// The colour config of an AV1 sequence header (AV1 specification §5.5.1, §5.5.2), read from the configOBUs of an
/// `av1C` box (``AV1Configuration/sequenceHeader``) or the start of an `av01` item's data.
package struct AV1SequenceHeader: Hashable, Sendable {
    package var bitDepth: Int
    package var isMonochrome: Bool
    package var colorDescriptionPresent: Bool
    package var colorPrimaries: UInt8
    package var transferCharacteristics: UInt8
    package var matrixCoefficients: UInt8
    package var fullRange: Bool

    /// The first sequence header among the OBUs (low-overhead bitstream format) in `data` from `start`: the av1C
    /// configOBUs, or the start of an `av01` item's data (libavif 0.11 leaves configOBUs empty).
    package static func firstSequenceHeader(inOBUs data: [UInt8], from start: Int) -> AV1SequenceHeader? {
        AV1OBUs.split(data, from: start, limit: 64).first { $0.type == AV1OBUs.sequenceHeader }
            .flatMap { parse(data[$0.payload]) }
    }

    /// The colour description as CICP code points (2, 2, 2 when the header has none).
    package var cicp: CICP {
        CICP(
            colorPrimaries: colorPrimaries, transferCharacteristics: transferCharacteristics,
            matrixCoefficients: matrixCoefficients, videoFullRange: fullRange)
    }

    /// Parses a sequence_header_obu() up to color_config(); nil when it is cut off.
    package static func parse(_ payload: ArraySlice<UInt8>) -> AV1SequenceHeader? {
        var r = BitReader(payload)
        guard let profile = r.bits(3), r.bits(1) != nil, let reduced = r.flag() else { return nil }
        if reduced {
            guard r.bits(5) != nil else { return nil }
        } else {
            guard let timingInfo = r.flag() else { return nil }
            var decoderModelInfo = false
            var bufferDelayLength = 0
            if timingInfo {
                guard r.bits(32) != nil, r.bits(32) != nil, let equal = r.flag() else { return nil }
                if equal { guard r.uvlc() != nil else { return nil } }
                guard let present = r.flag() else { return nil }
                decoderModelInfo = present
                if present {
                    guard let delay = r.bits(5), r.bits(32) != nil, r.bits(5) != nil, r.bits(5) != nil else {
                        return nil
                    }
                    bufferDelayLength = Int(delay) + 1
                }
            }
            guard let initialDisplayDelay = r.flag(), let count = r.bits(5) else { return nil }
            for _ in 0...Int(count) {
                guard r.bits(12) != nil, let level = r.bits(5) else { return nil }
                if level > 7 { guard r.bits(1) != nil else { return nil } }
                if decoderModelInfo {
                    guard let present = r.flag() else { return nil }
                    if present {
                        guard r.bits(bufferDelayLength) != nil, r.bits(bufferDelayLength) != nil, r.bits(1) != nil
                        else { return nil }
                    }
                }
                if initialDisplayDelay {
                    guard let present = r.flag() else { return nil }
                    if present { guard r.bits(4) != nil else { return nil } }
                }
            }
        }
        guard let widthBits = r.bits(4), let heightBits = r.bits(4), r.bits(Int(widthBits) + 1) != nil,
            r.bits(Int(heightBits) + 1) != nil
        else { return nil }
        if !reduced {
            guard let frameIDs = r.flag() else { return nil }
            if frameIDs { guard r.bits(4) != nil, r.bits(3) != nil else { return nil } }
        }
        // use_128x128_superblock, enable_filter_intra, enable_intra_edge_filter
        guard r.bits(3) != nil else { return nil }
        if !reduced {
            guard r.bits(4) != nil, let orderHint = r.flag() else { return nil }
            if orderHint { guard r.bits(2) != nil else { return nil } }
            guard let chooseScreenContent = r.flag() else { return nil }
            var forceScreenContent: UInt32 = 2
            if !chooseScreenContent {
                guard let value = r.bits(1) else { return nil }
                forceScreenContent = value
            }
            if forceScreenContent > 0 {
                guard let chooseIntegerMV = r.flag() else { return nil }
                if !chooseIntegerMV { guard r.bits(1) != nil else { return nil } }
            }
            if orderHint { guard r.bits(3) != nil else { return nil } }
        }
        guard r.bits(3) != nil else { return nil }  // enable_superres, enable_cdef, enable_restoration
        // color_config()
        guard let highBitDepth = r.flag() else { return nil }
        var bitDepth = highBitDepth ? 10 : 8
        if profile == 2, highBitDepth {
            guard let twelve = r.flag() else { return nil }
            bitDepth = twelve ? 12 : 10
        }
        var monochrome = false
        if profile != 1 {
            guard let value = r.flag() else { return nil }
            monochrome = value
        }
        guard let described = r.flag() else { return nil }
        var (cp, tc, mc): (UInt8, UInt8, UInt8) = (2, 2, 2)
        if described {
            guard let p = r.bits(8), let t = r.bits(8), let m = r.bits(8) else { return nil }
            (cp, tc, mc) = (UInt8(p), UInt8(t), UInt8(m))
        }
        let fullRange: Bool
        if !monochrome, cp == 1, tc == 13, mc == 0 {
            fullRange = true
        } else {
            guard let range = r.flag() else { return nil }
            fullRange = range
        }
        return AV1SequenceHeader(
            bitDepth: bitDepth, isMonochrome: monochrome, colorDescriptionPresent: described, colorPrimaries: cp,
            transferCharacteristics: tc, matrixCoefficients: mc, fullRange: fullRange)
    }
}
