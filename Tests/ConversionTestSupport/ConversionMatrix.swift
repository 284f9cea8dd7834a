import ColorSpaces
import HalfFloat
import PixelBuffers
import PixelConversion
import TestSupport
import ToneMapping
import SignalCoding

/// The converter's test matrix, shared by the CPU tests and the GPU tests: every FourCC format as a source and as a
/// destination in a few encodings, and the workloads of the conversion issues (EDR decoding, tone mapping, HLG
/// export, SDR), each a named pair of encodings with options.
public enum ConversionMatrix {
    /// One conversion of the matrix.
    public struct Case: Sendable, CustomStringConvertible {
        public var name: String
        public var source: PixelEncoding
        public var destination: PixelEncoding
        public var options: PixelConverter.Options

        public init(
            _ name: String, _ source: PixelEncoding, _ destination: PixelEncoding,
            _ options: PixelConverter.Options = .init()
        ) {
            self.name = name
            self.source = source
            self.destination = destination
            self.options = options
        }

        public var description: String { name }

        /// The converter, on one thread.
        public func converter() throws -> PixelConverter {
            var options = options
            options.threadCount = 1
            return try PixelConverter(from: source, to: destination, options: options)
        }
    }

    /// An encoding for any format: RGB formats in a few colour spaces, Y′CbCr formats with a matching matrix and
    /// every chroma siting in turn.
    public static func encoding(_ format: PixelFormat, _ variant: Int) -> PixelEncoding {
        if format.colorModel == .rgb {
            let spaces: [ColorSpace] = [
                .sRGB, .extendedLinearDisplayP3, .bt2100PQ, .extendedSRGB, .bt2100HLG, .displayP3,
            ]
            return PixelEncoding(format: format, colorSpace: spaces[variant % spaces.count])
        }
        let choices: [(ColorSpace, YCbCrMatrix)] = [
            (.bt2100PQ, .bt2020NonConstantLuminance), (.bt709, .bt709), (.bt2100HLG, .bt2020NonConstantLuminance),
            (.sRGB, .bt601), (.bt709, .identity), (.bt2100PQ, .ictcpPQ), (.bt2100HLG, .ictcpHLG), (.displayP3, .ycgco),
        ]
        let (space, matrix) = choices[variant % choices.count]
        let locations = ChromaLocation.allCases
        return PixelEncoding(
            format: format, colorSpace: space, matrix: matrix, chromaLocation: locations[variant % locations.count])
    }

    /// A Dolby Vision profile 5 base layer and a composition with every kind of piece (`reshape`): Y′ in three
    /// polynomial pieces, Cb one MMR piece of order 3, Cr an MMR piece of order 2 and a polynomial.
    public static let dolbyVisionBase = PixelEncoding(
        format: try! PixelFormat.planarYCbCr(.s420, bitDepth: 10, range: .full), colorSpace: .bt2100PQ,
        matrix: .ictcpPQ, chromaLocation: .left)
    public static let dolbyVision: DolbyVisionReshaping = {
        let luma = DolbyVisionReshaping.Curve(
            pivots: [0, 300, 700, 1023],
            pieces: [
                .polynomial(SIMD3(0, 1, 0)), .polynomial(SIMD3(0.1, 0.8, 0.1)), .polynomial(SIMD3(-0.2, 1.3, -0.1)),
            ])
        var weights: [[Double]] = []
        for order in 1...3 { weights.append((0..<7).map { Double(($0 * 5 + order) % 9) / 20 - 0.2 }) }
        let cb = DolbyVisionReshaping.Curve(pivots: [64, 960], pieces: [.mmr(constant: 0.01, weights: weights)])
        let cr = DolbyVisionReshaping.Curve(
            pivots: [0, 512, 1023],
            pieces: [
                .mmr(
                    constant: -0.02,
                    weights: [[0.1, 0.9, -0.1, 0.05, 0, 0.02, -0.01], [0, 0.01, 0.02, 0, 0, 0, 0.001]]),
                .polynomial(SIMD3(0.02, 0.95, 0.01)),
            ])
        return DolbyVisionReshaping(
            bitDepth: 10, curves: [luma, cb, cr],
            yccToRGB: [1, 0.0976, 0.2052, 1, -0.1139, 0.1332, 1, 0.0326, -0.6769],
            offsets: SIMD3(0, 0.5, 0.5),
            lmsToRGB: [3.4366, -2.5065, 0.0699, -0.7913, 1.9836, -0.1923, -0.0259, -0.0989, 1.1248])
    }()

    static let x420PQ = PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
    static let x420HLG = PixelEncoding(format: .x420, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance)
    static let edrHalf = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
    static let linearBT2020Half = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearBT2020)

    static func options(_ change: (inout PixelConverter.Options) -> Void) -> PixelConverter.Options {
        var options = PixelConverter.Options()
        change(&options)
        return options
    }

    /// The workloads: S1 and its tone-mapped form, HLG decoding, the HLG and PQ exports, 8-bit SDR, thumbnails.
    public static let workloads: [Case] = {
        var cases = [
            Case("S1 'x420' PQ → RGhA EDR P3", x420PQ, edrHalf),
            Case("'x420' HLG → RGhA EDR P3", x420HLG, edrHalf),
            Case(
                "'x420' HLG (600 cd/m²) → RGhA EDR P3", x420HLG, edrHalf, options { $0.hlgPeakLuminance = 600 }),
            Case("RGhA EDR P3 → 'x420' HLG (export)", edrHalf, x420HLG),
            Case("RGhA EDR P3 → 'x420' PQ (export)", edrHalf, x420PQ),
            Case("'x420' PQ → 'x420' HLG", x420PQ, x420HLG),
            Case(
                "sRGB 'RGBA' → Display P3 'RGBA'", PixelEncoding(format: .rgba8, colorSpace: .sRGB),
                PixelEncoding(format: .rgba8, colorSpace: .displayP3)),
            Case(
                "RGhA EDR P3 → sRGB 'BGRA', soft clip", edrHalf, PixelEncoding(format: .bgra8, colorSpace: .sRGB),
                options { $0.gamut = .softClip }),
            Case(
                "'y420' BT.709 → 'BGRA'",
                PixelEncoding(format: .y420, colorSpace: .bt709, matrix: .bt709),
                PixelEncoding(format: .bgra8, colorSpace: .sRGB)),
            Case(
                "'x420' PQ → 8-bit sRGB, tone mapped, soft clip", x420PQ,
                PixelEncoding(format: .rgba8, colorSpace: .sRGB),
                options {
                    $0.toneMapping = .displayHeadroom(1, content: ContentLuminance(maxContentLightLevel: 4000))
                    $0.gamut = .softClip
                }),
            Case(
                "'x420' PQ → 'y420' BT.709 SDR, tone mapped, clip", x420PQ,
                PixelEncoding(format: .y420, colorSpace: .bt709, matrix: .bt709),
                options {
                    $0.toneMapping = .displayHeadroom(1, content: ContentLuminance(maxContentLightLevel: 1000))
                    $0.gamut = .clip
                }),
        ]
        for method in ToneMappingMethod.allCases where method != .bt2446A {
            // (BT.2446 method A maps to SDR: below.)
            for (content, display) in [(1000.0, 2.0), (4000, 4), (10_000, 16)] {
                cases.append(
                    Case(
                        "S1 tone mapped \(method.rawValue) \(Int(content)) cd/m² → \(Int(display))×", x420PQ, edrHalf,
                        options {
                            $0.toneMapping = .displayHeadroom(
                                display, content: ContentLuminance(maxContentLightLevel: content), method: method)
                        }))
            }
        }
        for content in [1000.0, 4000, 10_000] {
            cases.append(
                Case(
                    "S1 tone mapped bt2446a \(Int(content)) cd/m² → SDR", x420PQ, edrHalf,
                    options {
                        $0.toneMapping = .displayHeadroom(
                            1, content: ContentLuminance(maxContentLightLevel: content), method: .bt2446A)
                    }))
        }
        cases.append(
            Case(
                "'x420' PQ → 'y420' BT.709, bt2446a", x420PQ,
                PixelEncoding(format: .y420, colorSpace: .bt709, matrix: .bt709),
                options {
                    $0.toneMapping = .displayHeadroom(
                        1, content: ContentLuminance(maxContentLightLevel: 1000), method: .bt2446A)
                    $0.gamut = .clip
                }))
        // Custom operators: a ToneMapper on max(R, G, B) (the GPU runs its table), and tabulated curves as the
        // per-scene HDR10+ and Dolby Vision curves arrive (luminance, per channel).
        let custom: [(String, any ToneMappingOperator)] = [
            ("custom headroom curve on max(R, G, B)", ToneMapper(.headroom, contentHeadroom: 19.7, displayHeadroom: 2)),
            (
                "custom tabulated BT.2390 on luminance",
                ToneMapper.tabulated(
                    TabulatedToneCurve(
                        BT2390EETF(
                            sourcePeak: 4000, targetPeak: 800, application: .luminance(SIMD3(0.2627, 0.6780, 0.0593))),
                        top: 40, saturation: 4000 / 203))
            ),
            (
                "custom tabulated clip per channel",
                ToneMapper.tabulated(TabulatedToneCurve(HardClip(displayHeadroom: 3), top: 8, saturation: 3))
            ),
            (
                "custom BT.2390 on ICtCp intensity",
                ToneMapper(
                    .bt2390, contentHeadroom: 4000 / 203, displayHeadroom: 4,
                    application: .ictcpIntensity(ICtCpIntensity(primaries: .bt2020)))
            ),
            (
                "custom headroom curve on ICtCp intensity, Display P3, white 100 cd/m²",
                ToneMapper(
                    .headroom, contentHeadroom: 10, displayHeadroom: 2,
                    application: .ictcpIntensity(ICtCpIntensity(primaries: .displayP3, referenceWhite: 100)))
            ),
        ]
        for (name, mapper) in custom {
            cases.append(Case("S1 tone mapped, \(name)", x420PQ, edrHalf, options { $0.toneMapping = .custom(mapper) }))
        }
        cases.append(
            Case(
                "Dolby Vision profile 5 → RGhA EDR P3", dolbyVisionBase, edrHalf,
                options { $0.dolbyVision = dolbyVision }))
        cases.append(
            Case(
                "Dolby Vision profile 5 → 'x420' PQ", dolbyVisionBase, x420PQ,
                options { $0.dolbyVision = dolbyVision }))
        for priority in [HeadroomFit.Priority.luminance] {
            cases.append(
                Case(
                    "S1 tone mapped 2×, fit keeping \(priority)", x420PQ, edrHalf,
                    options {
                        $0.toneMapping = .displayHeadroom(2, content: ContentLuminance(maxContentLightLevel: 4000))
                        $0.fitPriority = priority
                    }))
        }
        return cases
    }()

    /// Every FourCC format as a source (to RGhA EDR P3) and as a destination (from RGhA linear BT.2020), three
    /// encodings each, chroma filters alternating.
    public static let formats: [Case] = {
        var cases: [Case] = []
        for format in PixelFormat.allWithFourCC {
            for variant in 0..<3 {
                let source = encoding(format, variant + (format.colorModel == .rgb ? 0 : 3 * (variant % 2)))
                cases.append(
                    Case(
                        "\(source) → RGhA EDR P3\(variant == 2 ? ", nearest chroma" : "")", source, edrHalf,
                        options { $0.chromaFilter = variant == 2 ? .nearest : .bilinear }))
                let destination = encoding(format, variant + (format.colorModel == .rgb ? 0 : 2 * variant))
                cases.append(Case("RGhA linear BT.2020 → \(destination)", linearBT2020Half, destination))
            }
        }
        return cases
    }()

    /// A frame of `format` with random samples: every integer code (foot- and headroom included), half and float
    /// values in ±40 with a few NaN and infinities.
    public static func randomFrame(_ format: PixelFormat, width: Int, height: Int, seed: UInt64) throws -> PixelBuffer {
        var buffer = try PixelBuffer(format: format, width: width, height: height)
        var rng = SplitMix64(state: seed)
        buffer.withMutableView { view in
            for p in 0..<format.planeCount {
                let plane = view.plane(p)
                for y in 0..<plane.height {
                    let row = plane.row(y)
                    switch format.sampleType {
                    case .halfFloat:
                        let samples = row.bindMemory(to: UInt16.self)
                        for i in samples.indices { samples[i] = HalfSample.random(&rng) }
                    case .float:
                        let samples = row.bindMemory(to: Float.self)
                        for i in samples.indices { samples[i] = FloatSample.random(&rng) }
                    default:
                        for i in row.indices { row[i] = UInt8(truncatingIfNeeded: rng.next()) }
                    }
                }
            }
        }
        return buffer
    }
}

extension ConversionMatrix {
    /// A frame of ramps along x from 0 to the format's top (1 for integer codes, `floatPeak` for half and float
    /// samples): grey on even rows, a colour ramp (t, t², 1 − t) on odd ones; Y′CbCr formats get the ramp in Y′ with
    /// mid-range chroma on even rows, chroma ramps on odd ones.
    public static func rampFrame(_ format: PixelFormat, width: Int, height: Int, floatPeak: Float = 16) throws
        -> PixelBuffer
    {
        var buffer = try PixelBuffer(format: format, width: width, height: height)
        let top: Float = format.sampleType == .halfFloat || format.sampleType == .float ? floatPeak : 1
        buffer.withMutableView { view in
            for y in 0..<height {
                for x in 0..<width {
                    let t = Float(x) / Float(max(width - 1, 1))
                    let value: SIMD4<Float> =
                        format.colorModel == .yCbCr
                        ? (y % 2 == 0 ? SIMD4(t, 0.5, 0.5, 1) : SIMD4(t, t, 1 - t, 1))
                        : (y % 2 == 0 ? SIMD4(t, t, t, 1 / top) : SIMD4(t, t * t, 1 - t, 1 / top)) * top
                    view.setPixel(value, x: x, y: y)
                }
            }
        }
        return buffer
    }
}

/// Random half samples: mostly values in ±40, 1 in 64 NaN or ±∞.
enum HalfSample {
    static func random(_ rng: inout SplitMix64) -> UInt16 {
        let r = rng.next()
        if r % 64 == 0 { return [0x7E00, 0x7C00, 0xFC00][Int(r >> 8) % 3] }
        return FloatSample.halfBits(Float.random(in: -2...40, using: &rng))
    }
}

/// Random float samples: mostly values in ±40, 1 in 64 NaN or ±∞.
enum FloatSample {
    static func random(_ rng: inout SplitMix64) -> Float {
        let r = rng.next()
        if r % 64 == 0 { return [Float.nan, .infinity, -.infinity][Int(r >> 8) % 3] }
        return Float.random(in: -2...40, using: &rng)
    }

    static func halfBits(_ x: Float) -> UInt16 { HalfFloat.bits(from: x) }
}
