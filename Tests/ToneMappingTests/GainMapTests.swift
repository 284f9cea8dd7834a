import Foundation
import TestSupport
import Testing
@testable import ToneMapping

/// ISO 21496-1 gain maps: the checks of the project reference (libavif `avifGetGainMapWeight` and apply loop) and
/// round trips through the encoder.
@Suite("Gain maps")
struct GainMapTests {
    let metadata = GainMapMetadata(gainMapMin: 0, gainMapMax: 2, alternateHeadroom: 2)

    @Test("SDR 0.5, g = 1, log2 range [0, 2], offsets 1/64: w = 1 → 2.046875, w = 0.5 → 1.015625")
    func applyChecks() {
        let full = metadata.apply(base: SIMD3(repeating: 0.5), gain: SIMD3(repeating: 1), weight: 1)
        #expect(full == SIMD3(repeating: 2.046875))
        let half = metadata.apply(base: SIMD3(repeating: 0.5), gain: SIMD3(repeating: 1), weight: 0.5)
        #expect(abs(half.x - 1.015625) < 1e-15)
    }

    @Test("Weights for H_base = 1×, H_alt = 4×: 2× → 0.5, 3× → 0.79248125, clamped outside, negated when reversed")
    func weights() {
        #expect(metadata.weight(displayHeadroom: 2) == 0.5)
        #expect(abs(metadata.weight(displayHeadroom: 3) - 0.79248125) < 1e-8)
        #expect(metadata.weight(displayHeadroom: 1) == 0 && metadata.weight(displayHeadroom: 0.5) == 0)
        #expect(metadata.weight(displayHeadroom: 8) == 1)
        var reversed = metadata
        reversed.baseHeadroom = 2
        reversed.alternateHeadroom = 0
        #expect(reversed.weight(displayHeadroom: 1) == -1 && reversed.weight(displayHeadroom: 4) == 0)
        #expect(abs(reversed.weight(displayHeadroom: 2) + 0.5) < 1e-15)
        var equal = metadata
        equal.alternateHeadroom = 0
        #expect(equal.weight(displayHeadroom: 4) == 0 && metadata.weight(displayHeadroom: .nan) == 0)
        #expect(metadata.alternateHeadroomRatio == 4 && !metadata.isMultichannel)
    }

    @Test("Bulk apply matches the scalar form, per channel and single channel, with gamma")
    func bulkApply() throws {
        let m = GainMapMetadata(
            gainMapMin: SIMD3(-0.5, 0, 0.25), gainMapMax: SIMD3(2, 3, 1), gamma: SIMD3(1, 2.2, 0.5),
            alternateHeadroom: 3)
        #expect(m.isMultichannel)
        let base: [SIMD3<Float>] = [SIMD3(0.5, 0.2, 0.9), SIMD3(0, 0, 0), SIMD3(1, 1, 1), SIMD3(0.01, 0.7, 0.3)]
        let gains: [Float] = [0, 0.3, 1, 0.77]
        let w = m.weight(displayHeadroom: 4)
        let out = try withThrowingPlanes(base) { r, g, b in
            try gains.withUnsafeBufferPointer { gain in
                try GainMap.apply(m, displayHeadroom: 4, red: r, green: g, blue: b, gain: gain)
            }
        }
        for i in base.indices {
            let want = m.apply(
                base: SIMD3(Double(base[i].x), Double(base[i].y), Double(base[i].z)),
                gain: SIMD3(repeating: Double(gains[i])), weight: w)
            #expect((SIMD3<Double>(Double(out[i].x), Double(out[i].y), Double(out[i].z)) - want).maxMagnitude < 1e-5)
        }
    }

    /// Gain samples are clamped to [0, 1] and NaN counts as 0, in the scalar and the bulk form: 1.5 acts as 1,
    /// −0.5 and NaN as 0 (log2 gains 2 and 0 here: 0.5 → 2.046875 and 0.5).
    @Test("Out-of-range and NaN gain samples: clamped to [0, 1], NaN as 0 (scalar and bulk)")
    func gainSamplesClamped() throws {
        let base = SIMD3<Double>(repeating: 0.5)
        let gains: [Float] = [1.5, -0.5, .nan]
        let expected: [Double] = [2.046875, 0.5, 0.5]
        for (gain, want) in zip(gains, expected) {
            let out = metadata.apply(base: base, gain: SIMD3(repeating: Double(gain)), weight: 1)
            #expect(abs(out.x - want) < 1e-12, "gain \(gain)")
        }
        let bulk = try withThrowingPlanes([SIMD3<Float>](repeating: SIMD3(repeating: 0.5), count: 3)) { r, g, b in
            try gains.withUnsafeBufferPointer { gain in
                try GainMap.apply(metadata, displayHeadroom: 4, red: r, green: g, blue: b, gain: gain)
            }
        }
        for (out, want) in zip(bulk, expected) { #expect(abs(Double(out.x) - want) < 1e-6, "bulk \(out)") }
    }

    /// A synthetic SDR/HDR pair: SDR in [0, 1], HDR up to 6× with per-channel differences.
    static func renditions(count: Int) -> (sdr: [SIMD3<Float>], hdr: [SIMD3<Float>]) {
        var rng = SplitMix64(state: 3)
        var sdr: [SIMD3<Float>] = [], hdr: [SIMD3<Float>] = []
        for i in 0..<count {
            let s = SIMD3<Float>(
                .random(in: 0...1, using: &rng), .random(in: 0...1, using: &rng), .random(in: 0...1, using: &rng))
            let boost = SIMD3<Float>(1 + 5 * Float(i % 7) / 6, 1 + 4 * Float(i % 5) / 4, 1 + 3 * Float(i % 3) / 2)
            sdr.append(s)
            hdr.append(s * boost)
        }
        return (sdr, hdr)
    }

    @Test(
        "Round trip, three channels: encode SDR + HDR, apply at the alternate headroom → HDR; at 1× → SDR",
        arguments: [1.0, 2.2])
    func roundTripMultichannel(gamma: Double) throws {
        let (sdr, hdr) = Self.renditions(count: 500)
        let (m, gains) = try encodeThreeChannels(GainMapEncoder(gamma: gamma), base: sdr, alternate: hdr)
        // The alternate headroom is the one the largest gain reaches (SDR base: headroom 0).
        #expect(m.isMultichannel && m.alternateHeadroom == m.gainMapMax.max() && m.alternateHeadroom > 2)
        #expect(gains.allSatisfy { $0.min() >= 0 && $0.max() <= 1 })
        for (headroom, want) in [(m.alternateHeadroomRatio, hdr), (1.0, sdr)] {
            let out = try applyThreeChannels(m, displayHeadroom: headroom, base: sdr, gains: gains)
            for (o, w) in zip(out, want) { #expect((o - w).maxMagnitude <= 2e-5 * max(1, w.max()), "\(o) vs \(w)") }
        }
    }

    @Test("Round trip, single channel and 8-bit quantised gain: error bounded by half a code of log gain")
    func roundTripSingleChannelQuantised() throws {
        // Grey pixels: with offsets, one luminance gain reproduces every channel exactly only when R = G = B.
        let sdr = Self.renditions(count: 300).sdr.map { SIMD3(repeating: $0.x) }
        let hdr = sdr.enumerated().map { $1 * (1 + Float($0 % 9) / 2) }
        var gain = [Float](repeating: 0, count: sdr.count)
        let m = try withReadPlanes(sdr) { sr, sg, sb in
            try withReadPlanes(hdr) { hr, hg, hb in
                try gain.withUnsafeMutableBufferPointer { g in
                    try GainMapEncoder().encode(
                        baseRed: sr, baseGreen: sg, baseBlue: sb, alternateRed: hr, alternateGreen: hg,
                        alternateBlue: hb, luminanceCoefficients: SIMD3(0.2627, 0.6780, 0.0593), gain: g)
                }
            }
        }
        #expect(!m.isMultichannel && abs(m.gainMapMax.x - log2((5 + 1.0 / 64) / (1 + 1.0 / 64))) < 0.5)
        let quantised = gain.map { ($0 * 255).rounded() / 255 }
        let out = try withThrowingPlanes(sdr) { r, g, b in
            try quantised.withUnsafeBufferPointer { q in
                try GainMap.apply(m, displayHeadroom: 64, red: r, green: g, blue: b, gain: q)
            }
        }
        let halfCode = (m.gainMapMax.x - m.gainMapMin.x) / 255 / 2
        for (i, (o, w)) in zip(out, hdr).enumerated() {
            let bound = (Double(w.max()) + 1.0 / 64) * (exp2(halfCode) - 1) + 1e-5
            #expect(Double((o - w).maxMagnitude) <= bound, "pixel \(i)")
        }
    }

    @Test("Reversed direction: an HDR base with an SDR alternate round-trips through a negative weight")
    func hdrBase() throws {
        let (sdr, hdr) = Self.renditions(count: 200)
        let (m, gains) = try encodeThreeChannels(
            GainMapEncoder(baseHeadroom: log2(6), alternateHeadroom: 0), base: hdr, alternate: sdr)
        #expect(m.weight(displayHeadroom: 1) == -1)
        let out = try applyThreeChannels(m, displayHeadroom: 1, base: hdr, gains: gains)
        for (o, w) in zip(out, sdr) { #expect((o - w).maxMagnitude <= 2e-5) }
    }

    /// ISO 21496-1 allows gainMapMin = gainMapMax (a constant gain); only min > max is invalid. A uniform ratio
    /// between the renditions gives such metadata, and every stored sample is 0.
    @Test("Constant gain: gainMapMin = gainMapMax is valid and applies that gain")
    func constantGain() throws {
        let flat = GainMapMetadata(gainMapMin: 1, gainMapMax: 1, alternateHeadroom: 1)
        try flat.validate()
        let out = flat.apply(base: SIMD3(repeating: 0.5), gain: SIMD3(repeating: 0.3), weight: 1)
        #expect(abs(out.x - ((0.5 + 1.0 / 64) * 2 - 1.0 / 64)) < 1e-15)
        let base: [SIMD3<Float>] = [SIMD3(0.25, 0.5, 1), SIMD3(0.1, 0.2, 0.3)]
        let alternate = base.map { ($0 + Float(1.0 / 64)) * 2 - Float(1.0 / 64) }
        let (m, gains) = try encodeThreeChannels(GainMapEncoder(alternateHeadroom: 1), base: base, alternate: alternate)
        #expect(abs(m.gainMapMin.x - 1) < 1e-6 && m.gainMapMin.x == m.gainMapMax.x)
        #expect(gains.allSatisfy { $0 == .zero })
    }

    @Test("Invalid metadata and mismatched planes throw typed errors and write nothing")
    func errors() {
        var bad = metadata
        bad.gamma = SIMD3(1, 0, 1)
        #expect(throws: GainMapError.nonPositiveGamma(channel: 1)) { try bad.validate() }
        bad = metadata
        bad.gainMapMin = SIMD3(repeating: 3)
        #expect(throws: GainMapError.minimumAboveMaximum(channel: 0)) { try bad.validate() }
        bad = metadata
        bad.baseOffset = SIMD3(.nan, 0, 0)
        #expect(throws: GainMapError.nonFinite) { try bad.validate() }
        bad = metadata
        bad.alternateHeadroom = -1
        #expect(throws: GainMapError.negativeHeadroom) { try bad.validate() }
        var r: [Float] = [0.5, 0.5], g: [Float] = [0.5, 0.5], b: [Float] = [0.5, 0.5]
        let gain: [Float] = [1]
        #expect(throws: GainMapError.planeSizeMismatch(expected: 2, got: 1)) {
            try r.withUnsafeMutableBufferPointer { rp in
                try g.withUnsafeMutableBufferPointer { gp in
                    try b.withUnsafeMutableBufferPointer { bp in
                        try gain.withUnsafeBufferPointer {
                            try GainMap.apply(self.metadata, displayHeadroom: 4, red: rp, green: gp, blue: bp, gain: $0)
                        }
                    }
                }
            }
        }
        #expect(r == [0.5, 0.5])
        #expect(!GainMapError.nonFinite.description.isEmpty)
    }
}

/// Encodes a three-channel gain map of `base` → `alternate`; returns the metadata and the gain samples per pixel.
func encodeThreeChannels(_ encoder: GainMapEncoder, base: [SIMD3<Float>], alternate: [SIMD3<Float>]) throws -> (
    GainMapMetadata, [SIMD3<Float>]
) {
    var gains = [SIMD3<Float>](repeating: .zero, count: base.count)
    var metadata: GainMapMetadata?
    gains = try withThrowingPlanes(gains) { gr, gg, gb in
        metadata = try withReadPlanes(base) { br, bg, bb in
            try withReadPlanes(alternate) { ar, ag, ab in
                try encoder.encode(
                    baseRed: br, baseGreen: bg, baseBlue: bb, alternateRed: ar, alternateGreen: ag, alternateBlue: ab,
                    gainRed: gr, gainGreen: gg, gainBlue: gb)
            }
        }
    }
    return (try #require(metadata), gains)
}

/// Applies a three-channel gain map to `base` for `displayHeadroom`.
func applyThreeChannels(
    _ metadata: GainMapMetadata, displayHeadroom: Double, base: [SIMD3<Float>], gains: [SIMD3<Float>]
) throws -> [SIMD3<Float>] {
    try withReadPlanes(gains) { gr, gg, gb in
        try withThrowingPlanes(base) { r, g, b in
            try GainMap.apply(
                metadata, displayHeadroom: displayHeadroom, red: r, green: g, blue: b, gainRed: gr, gainGreen: gg,
                gainBlue: gb)
        }
    }
}

/// Like `withPlanes`, for throwing bodies.
func withThrowingPlanes(
    _ pixels: [SIMD3<Float>],
    _ body: (UnsafeMutableBufferPointer<Float>, UnsafeMutableBufferPointer<Float>, UnsafeMutableBufferPointer<Float>)
        throws -> Void
) throws -> [SIMD3<Float>] {
    var r = pixels.map(\.x), g = pixels.map(\.y), b = pixels.map(\.z)
    try r.withUnsafeMutableBufferPointer { rp in
        try g.withUnsafeMutableBufferPointer { gp in
            try b.withUnsafeMutableBufferPointer { bp in try body(rp, gp, bp) }
        }
    }
    return (0..<pixels.count).map { SIMD3(r[$0], g[$0], b[$0]) }
}

/// Read-only planes of `pixels` for the duration of `body`.
func withReadPlanes<T>(
    _ pixels: [SIMD3<Float>],
    _ body: (UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>) throws -> T
) throws -> T {
    let r = pixels.map(\.x), g = pixels.map(\.y), b = pixels.map(\.z)
    return try r.withUnsafeBufferPointer { rp in
        try g.withUnsafeBufferPointer { gp in try b.withUnsafeBufferPointer { bp in try body(rp, gp, bp) } }
    }
}
