import Foundation
import MediaSyntax
public import PixelConversion
public import PixelBuffers

/// Reconstructs Dolby Vision profile 5 pictures: the base layer (IPT-PQ-c2, full range, no backward-compatible colour)
/// through each frame's RPU into PQ-coded BT.2020 R′G′B′, as a Dolby Vision decoder and libplacebo's
/// `pl_shader_dovi_reshape` + `pl_shader_decode_color` do it:
///
/// 1. **Normalise** each base-layer code to s = code ÷ (2^bl_bit_depth − 1), clamped to 0…1; 4:2:0 and 4:2:2 chroma is
///    first upsampled bilinearly to every luma sample (chroma sited left: co-sited horizontally, between rows).
/// 2. **Reshape** each component with its RPU curve: the piece whose pivots enclose the component's own value, a
///    polynomial c₀ + c₁s + c₂s² of that value or an MMR of all three (Y, Cb, Cr, their products and powers up to
///    the third); the result clamped to the curve's first and last pivots.
/// 3. **L′M′S′** = `ycc_to_rgb` × (reshaped − `ycc_to_rgb_offset`) (coefficients ÷ 2¹³, offsets ÷ 2²⁸).
/// 4. **LMS** = the PQ EOTF of L′M′S′ (SMPTE ST 2084, 1.0 = 10 000 cd/m²).
/// 5. **RGB** = M × `rgb_to_lms` × LMS, M the inverse of the BT.2020-referred Hunt-Pointer-Estévez LMS matrix of
///    IPT-PQ (libplacebo's `dovi_lms2rgb`), `rgb_to_lms` ÷ 2¹⁴ (the crosstalk matrix).
/// 6. **PQ-encode** R, G and B (negative values become 0).
///
/// The composer keeps the RPU state a stream builds up: mappings by `vdr_rpu_id` (an RPU may reuse an earlier one's,
/// `use_prev_vdr_rpu_flag`) and the colour transform of the display-management data (a compressed payload keeps the
/// last one). Feed it every frame's RPU in decoding-output order with ``update(rpu:)``, then ``compose(_:into:)``.
///
/// Pictures are composed by PixelConversion's kernels (the `reshape` op, then the converter's matrices and PQ tables,
/// in float32, the same bytes on every instruction set, over the converter's threads); the converter is made again
/// only when an RPU changes the curves or the matrices. ``compose(codes:)`` is the float64 reference the kernels are
/// checked against (within a twentieth of a 10-bit code, `DolbyVisionComposerTests`).
public struct DolbyVisionComposer: Sendable {
    /// The parameters of the last RPU; nil before the first.
    var parameters: DolbyVisionComposition?
    /// Mappings by vdr_rpu_id (0…15) and the last colour transform, for RPUs that refer back.
    private var mappings: [Int: DolbyVisionRPU.Mapping] = [:]
    private var transforms: [Int: DolbyVisionRPU.DisplayManagement.ColorTransform] = [:]
    /// The kernels' converter for the current reshaping, shared by the composer's copies.
    private let converters = ConverterCache()

    /// A composer with no RPU yet.
    public init() {}

    /// The Dolby Vision profile of the last RPU (5 for the pictures this composer reconstructs); nil before the first.
    public private(set) var profile: Int?

    /// Reads one frame's RPU: the payload after the HEVC NAL unit header (`7C 01`), emulation prevention in place,
    /// as FFmpeg's `AV_FRAME_DATA_DOVI_RPU_BUFFER` and `VideoFrame.hdr.dolbyVisionRPUPayload` hold it.
    ///
    /// - Throws: ``DolbyVisionComposerError/invalidRPU(_:)`` when the RPU does not parse (its CRC included),
    ///   ``DolbyVisionComposerError/unsupported(_:)`` for an RPU that is not profile 5's (a residual layer), refers
    ///   to a mapping or colour transform never sent, or uses the linear-interpolation pieces no decoder applies.
    public mutating func update(rpu payload: [UInt8]) throws(DolbyVisionComposerError) {
        let rpu: DolbyVisionRPU
        do { rpu = try DolbyVisionRPU.parse(payload) } catch { throw .invalidRPU("\(error)") }
        try update(rpu)
    }

    /// Reads one parsed RPU (see ``update(rpu:)``).
    mutating func update(_ rpu: DolbyVisionRPU) throws(DolbyVisionComposerError) {
        let header = rpu.header
        guard header.vdrRPUProfile == 0, rpu.mapping?.nlq == nil else {
            throw .unsupported(
                "the RPU is for profile \(rpu.profile.map(String.init) ?? "unknown") with a residual layer; only "
                    + "profile 5 single-layer RPUs are composed")
        }
        let mapping: DolbyVisionRPU.Mapping
        if let current = rpu.mapping {
            mapping = current
            mappings[current.vdrRPUID] = current
        } else {
            let id = header.previousVDRRPUID ?? 0
            guard let previous = mappings[id] else {
                throw .unsupported("the RPU reuses mapping \(id), which no earlier RPU sent")
            }
            mapping = previous
        }
        if let dm = rpu.displayManagement, let transform = dm.colorTransform {
            transforms[dm.affectedID] = transform
        }
        let transformID = rpu.displayManagement?.currentID ?? parameters?.transformID ?? 0
        guard let transform = transforms[transformID] else {
            throw .unsupported(
                "no RPU so far carried the colour transform (display-management data) of metadata ID \(transformID)")
        }
        let bitDepth = header.baseLayerBitDepth ?? parameters?.baseLayerBitDepth ?? 10
        parameters = try DolbyVisionComposition(
            mapping: mapping, transform: transform, transformID: transformID, baseLayerBitDepth: bitDepth,
            profile: rpu.profile)
        profile = rpu.profile ?? profile
    }

    /// The last RPU's composition for `PixelConverter.Options.dolbyVision`, so that one converter goes from the base
    /// layer straight to any destination; nil before the first RPU. Equal from one RPU to the next while the RPUs
    /// repeat their curves and matrices: keep the converter until it changes.
    public var reshaping: DolbyVisionReshaping? { parameters?.reshaping }

    /// The PQ-coded BT.2020 R′G′B′ (0…1) of one pixel's base-layer codes (Y, Cb, Cr at the same position), in float64:
    /// the reference the frame path is checked against.
    ///
    /// - Throws: ``DolbyVisionComposerError/noRPU`` before the first ``update(rpu:)``.
    public func compose(codes: SIMD3<Double>) throws(DolbyVisionComposerError) -> SIMD3<Double> {
        guard let parameters else { throw .noRPU }
        return parameters.compose(codes)
    }

    /// The format ``compose(_:into:)`` writes: RGBA 32-bit float, R′G′B′ PQ-coded in BT.2020 primaries (ITU-R BT.2100
    /// PQ), alpha 1.
    public static let outputFormat = PixelFormat.rgbaFloat

    /// The encoding of a profile 5 base layer in `format` (planar Y′CbCr codes): IPT-PQ-c2 as `PixelConverter` reads
    /// it with ``reshaping`` as its `dolbyVision` option, chroma sited left (co-sited across, between rows).
    public static func baseLayerEncoding(_ format: PixelFormat) -> PixelEncoding {
        PixelEncoding(format: format, colorSpace: .bt2100PQ, matrix: .ictcpPQ, chromaLocation: .left)
    }

    /// Composes a decoded base-layer picture (planar Y′CbCr, 4:2:0, 4:2:2 or 4:4:4, 8 to 16 bits, samples in the
    /// low bits) into `destination` (``outputFormat``, the same size), over `threadCount` threads (nil: every core).
    ///
    /// - Throws: ``DolbyVisionComposerError/noRPU`` before the first ``update(rpu:)``,
    ///   ``DolbyVisionComposerError/formatMismatch(_:)`` for other formats or sizes.
    public func compose(
        _ source: PixelBufferView, into destination: MutablePixelBufferView, threadCount: Int? = nil
    ) throws(DolbyVisionComposerError) {
        guard let parameters else { throw .noRPU }
        try parameters.compose(source, into: destination, threadCount: threadCount, converters: converters)
    }
}

/// Why a Dolby Vision picture could not be composed.
public enum DolbyVisionComposerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The RPU could not be read: the parser's message.
    case invalidRPU(String)
    /// The RPU is readable but describes what this composer does not reconstruct.
    case unsupported(String)
    /// No RPU was given before a picture.
    case noRPU
    /// The picture's format or size is not one the composer reads or writes.
    case formatMismatch(String)

    public var description: String {
        switch self {
        case .invalidRPU(let why): "the Dolby Vision RPU cannot be read: \(why)"
        case .unsupported(let why): "the Dolby Vision RPU cannot be applied: \(why)"
        case .noRPU: "a Dolby Vision profile 5 frame arrived without an RPU; its colour cannot be reconstructed"
        case .formatMismatch(let why): "cannot compose the Dolby Vision picture: \(why)"
        }
    }
}
