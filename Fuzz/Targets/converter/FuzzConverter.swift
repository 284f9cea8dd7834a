import ColorSpaces
import Foundation
import FuzzReaders
import FuzzSupport
import PixelBuffers
import PixelConversion
import SignalCoding
import Synchronization
import ToneMapping
import TransferFunctions

/// PixelConverter descriptions: random encoding pairs (any catalog or factory format, catalog, extended or made-up
/// colour spaces, matrices, ranges, chroma sitings, or CICP codes), options (threads 1–4, tone mapping, gamut policies,
/// adaptations, filters, every code path), sizes 1…300 (odd included), strides ≥ the row bytes, and random samples
/// with NaN, ±∞ and extreme halves and floats.
///
/// Checks: an invalid description is a typed error; a conversion writes only the image's bytes (row padding keeps its
/// canary); a second code path and thread count give identical bytes; row bands converted one by one
/// (`convert(_:to:rows:)`) give the whole-frame bytes.
enum FuzzConverter {
    /// `HDRFUZZ_VERBOSE=1` prints each description before it runs (for triage of a saved input).
    static let verbose = ProcessInfo.processInfo.environment["HDRFUZZ_VERBOSE"] != nil
    static let catalogFormats = PixelFormat.allWithFourCC

    /// Compiled converters by description: compiling (building curve tables) costs more than converting a small
    /// frame, and most mutations keep the description and change sizes, strides or samples. Harness state only; the
    /// cache is cleared when it holds 512 entries.
    static let cache = Mutex<[CacheKey: Result<PixelConverter, PixelConversionError>]>([:])

    /// The whole description: the encodings as values (a colour space's description is only its name) and every
    /// option's printed value.
    struct CacheKey: Hashable {
        var source: PixelEncoding
        var destination: PixelEncoding
        var options: String
    }

    static func converter(_ source: PixelEncoding, _ destination: PixelEncoding, _ options: PixelConverter.Options)
        -> Result<PixelConverter, PixelConversionError>
    {
        let key = CacheKey(source: source, destination: destination, options: String(reflecting: options))
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let built = Result { () throws(PixelConversionError) in
            try PixelConverter(from: source, to: destination, options: options)
        }
        cache.withLock {
            if $0.count >= 512 { $0.removeAll() }
            $0[key] = built
        }
        return built
    }
    static let curves: [TransferFunction] = [
        .linear, .srgb, .bt709, .bt2020TwelveBit, .smpte240m, .log100, .log100Sqrt10, .iec61966_2_4, .bt1361, .st428,
        .pq,
        .hlg,
    ]

    static func format(_ input: inout FuzzInput) -> PixelFormat? {
        switch input.byte() % 5 {
        case 0:
            let s = input.pick(PixelFormat.ChromaSubsampling.allCases)
            return try? PixelFormat.planarYCbCr(
                s, bitDepth: input.int(in: 6...17), range: input.bool() ? .full : .narrow,
                alignment: input.pick(PixelFormat.SampleAlignment.allCases))
        case 1:
            let s = input.pick(PixelFormat.ChromaSubsampling.allCases)
            return try? PixelFormat.biplanarYCbCr(
                s, bitDepth: input.int(in: 6...17), range: input.bool() ? .full : .narrow,
                alignment: input.pick(PixelFormat.SampleAlignment.allCases))
        case 2:
            return try? PixelFormat.rgba(
                input.pick(PixelFormat.ChannelOrder.allCases), bitDepth: input.int(in: 6...17),
                range: input.bool() ? .full : .narrow, alignment: input.pick(PixelFormat.SampleAlignment.allCases))
        default:
            return input.pick(catalogFormats)
        }
    }

    static func colorSpace(_ input: inout FuzzInput) -> ColorSpace {
        switch input.byte() % 6 {
        case 0:
            let transfer: TransferFunction
            switch input.byte() % 4 {
            case 0: transfer = .gamma(input.double(typical: 1...3))
            case 1: transfer = .bt1886(whiteLuminance: input.double(typical: 50...400), blackLuminance: input.double())
            default: transfer = input.pick(curves)
            }
            return ColorSpace(
                name: "fuzzed", primaries: input.pick(RGBPrimaries.all), transferFunction: transfer,
                outOfRange: input.bool() ? .extended : .clamped)
        default:
            return input.pick(ColorSpace.all)
        }
    }

    static func encoding(_ input: inout FuzzInput) -> PixelEncoding? {
        guard let format = format(&input) else { return nil }
        let location: ChromaLocation? = input.bool() ? nil : input.pick(ChromaLocation.allCases)
        if input.byte() % 6 == 0 {
            let cicp = CICP(
                colorPrimaries: input.byte() % 24, transferCharacteristics: input.byte() % 20,
                matrixCoefficients: input.byte() % 16, videoFullRange: input.bool())
            return try? PixelEncoding(cicp: cicp, format: format, chromaLocation: location)
        }
        let space = colorSpace(&input)
        var matrix: YCbCrMatrix? = nil
        if format.colorModel == .yCbCr ? input.byte() % 8 != 0 : input.byte() % 8 == 0 {
            matrix = input.pick(YCbCrMatrix.allCases)
        }
        let range: SignalRange? = [nil, .narrow, .full][input.int(in: 0...2)]
        return PixelEncoding(format: format, colorSpace: space, matrix: matrix, range: range, chromaLocation: location)
    }

    static func options(_ input: inout FuzzInput) -> PixelConverter.Options {
        var options = PixelConverter.Options()
        options.threadCount = [nil, 1, 1, 2, 3, 4][input.int(in: 0...5)]
        if input.byte() % 8 == 0 { options.referenceWhite = input.double(typical: 50...400) }
        if input.byte() % 8 == 0 { options.hlgPeakLuminance = input.double(typical: 100...4000) }
        if input.byte() % 8 == 0 { options.hlgBlackLuminance = input.double(typical: 0...1) }
        if input.byte() % 8 == 0 { options.hlgSystemGamma = input.double(typical: 0.8...1.6) }
        options.chromaFilter = input.pick(ChromaFilter.allCases)
        switch input.byte() % 4 {
        case 0:
            let content = ContentLuminance(
                masteringPeak: input.bool() ? input.double(typical: 100...10_000) : nil,
                masteringBlack: input.bool() ? input.double(typical: 0...0.1) : nil,
                maxContentLightLevel: input.bool() ? input.double(typical: 100...10_000) : nil)
            options.toneMapping = .displayHeadroom(
                input.double(typical: 1...16), content: content, method: input.pick(ToneMappingMethod.allCases))
        case 1:
            options.toneMapping = .custom(
                ToneMapper(
                    input.pick(ToneMappingMethod.allCases), contentHeadroom: input.double(typical: 1...50),
                    displayHeadroom: input.double(typical: 1...16)))
        default:
            break
        }
        options.gamut = input.pick(PixelConverter.GamutPolicy.allCases)
        options.adaptation = input.pick(ChromaticAdaptation.allCases)
        options.codePath = input.pick(PixelConverter.CodePath.allCases)
        return options
    }

    /// Caller-owned planes (one allocation each, so that views of several planes can be taken at once).
    final class Planes {
        let format: PixelFormat
        let width: Int, height: Int
        let memory: [UnsafeMutableRawBufferPointer]
        let strides: [Int]

        init(format: PixelFormat, width: Int, height: Int, extra: [Int], fill: (UnsafeMutableRawBufferPointer) -> Void)
        {
            (self.format, self.width, self.height) = (format, width, height)
            var memory: [UnsafeMutableRawBufferPointer] = [], strides: [Int] = []
            for p in 0..<format.planeCount {
                let d = format.plane(p)
                let stride = d.rowByteCount(forImageWidth: width) + extra[p] * d.bytesPerSample
                let plane = UnsafeMutableRawBufferPointer.allocate(
                    byteCount: stride * d.height(forImageHeight: height), alignment: 64)
                plane.initializeMemory(as: UInt8.self, repeating: 0xA5)
                fill(plane)
                memory.append(plane)
                strides.append(stride)
            }
            self.memory = memory
            self.strides = strides
        }

        deinit { memory.forEach { $0.deallocate() } }

        /// A view of the planes; valid while this object lives.
        var view: MutablePixelBufferView {
            let view = try? MutablePixelBufferView(
                format: format, width: width, height: height,
                planes: zip(memory, strides).map { .init(bytes: $0, bytesPerRow: $1) })
            FuzzCheck.require(view != nil, "a valid view was refused")
            return view.unsafelyUnwrapped
        }

        var bytes: [[UInt8]] { memory.map { Array($0) } }

        /// Whether every byte after each row's pixels still holds the canary.
        func paddingIntact() -> Bool {
            for p in 0..<format.planeCount {
                let d = format.plane(p)
                let rowBytes = d.rowByteCount(forImageWidth: width)
                for y in 0..<d.height(forImageHeight: height) {
                    let row = memory[p][(y * strides[p] + rowBytes)..<((y + 1) * strides[p])]
                    if row.contains(where: { $0 != 0xA5 }) { return false }
                }
            }
            return true
        }
    }

    /// The planes with every NaN half or float sample replaced by the canonical quiet NaN (integer formats unchanged).
    static func normalizingNaN(_ planes: [[UInt8]], _ format: PixelFormat) -> [[UInt8]] {
        guard format.isFloatingPoint else { return planes }
        let size = format.bytesPerSample
        return planes.map { plane in
            var plane = plane
            for at in stride(from: 0, to: plane.count - size + 1, by: size) {
                if size == 2 {
                    let bits = UInt16(plane[at]) | UInt16(plane[at + 1]) << 8
                    if bits & 0x7C00 == 0x7C00, bits & 0x03FF != 0 { (plane[at], plane[at + 1]) = (0x00, 0x7E) }
                } else {
                    var bits: UInt32 = 0
                    for k in 0..<4 { bits |= UInt32(plane[at + k]) << (8 * UInt32(k)) }
                    if Float(bitPattern: bits).isNaN {
                        (plane[at], plane[at + 1], plane[at + 2], plane[at + 3]) = (0, 0, 0xC0, 0x7F)
                    }
                }
            }
            return plane
        }
    }

    /// Where two outputs first differ: plane, pixel, both values, and the source pixel there (plane 0).
    static func difference(_ a: [[UInt8]], _ b: [[UInt8]], frame: Planes, destination: Planes) -> String {
        let hex = { (bytes: [UInt8]) in bytes.map { String($0, radix: 16) }.joined(separator: " ") }
        for p in a.indices {
            guard let i = a[p].indices.first(where: { a[p][$0] != b[p][$0] }) else { continue }
            let d = destination.format.plane(p)
            let (row, x) = (i / destination.strides[p], (i % destination.strides[p]) / d.bytesPerPixel)
            let at = row * destination.strides[p] + x * d.bytesPerPixel
            let s = frame.format.plane(0)
            let sourceRow = Swift.min(row * s.verticalSubsampling / d.verticalSubsampling, frame.height - 1)
            let sourceX = x * d.horizontalSubsampling / s.horizontalSubsampling
            let from = sourceRow * frame.strides[0] + sourceX * s.bytesPerPixel
            let source = Array(frame.memory[0][from..<(from + s.bytesPerPixel)])
            return "\nfirst difference in plane \(p), row \(row), pixel \(x): "
                + "[\(hex(Array(a[p][at..<(at + d.bytesPerPixel)])))] vs [\(hex(Array(b[p][at..<(at + d.bytesPerPixel)])))]; "
                + "source plane 0 at that pixel: [\(hex(source))]"
        }
        return ""
    }

    static let specialHalves: [UInt16] = [0x7C00, 0xFC00, 0x7E00, 0xFE01, 0x7BFF, 0xFBFF, 0x0001, 0x8000, 0x3C00]
    static let specialFloats: [UInt32] = [
        0x7F80_0000, 0xFF80_0000, 0x7FC0_0000, 0xFFC0_0001, 0x7F7F_FFFF, 0xFF7F_FFFF, 0x0000_0001, 0x8000_0000,
        0x3F80_0000, 0x4E6E_6B28,
    ]

    static func run(_ data: [UInt8]) {
        var input = FuzzInput(data)
        guard let source = encoding(&input), let destination = encoding(&input) else { return }
        var options = options(&input)
        let converter: PixelConverter
        do {
            converter = try Self.converter(source, destination, options).get()
        } catch {
            FuzzCheck.require(!error.description.isEmpty, "an error without a message")
            return
        }
        FuzzCheck.require(!converter.plan.steps.isEmpty, "an empty plan")
        // Mostly small frames (fast executions), sometimes up to 300 × 300.
        let large = input.byte() % 8 == 0
        let width = large ? input.int(in: 1...300) : input.int(in: 1...24)
        let height = large ? input.int(in: 1...300) : input.int(in: 1...24)
        let sourceExtra = (0..<3).map { _ in input.int(in: 0...9) }
        let destinationExtra = (0..<3).map { _ in input.int(in: 0...9) }
        var random = SplitMix64(seed: input.uint64())
        let specials = Int(input.byte() % 4)  // 0: none; else 1 in 2^(6 − 2·specials) samples
        let sourceFormat = source.format
        let frame = Planes(format: sourceFormat, width: width, height: height, extra: sourceExtra) { plane in
            for i in plane.indices { plane[i] = UInt8(truncatingIfNeeded: random.next()) }
            guard specials > 0, sourceFormat.isFloatingPoint else { return }
            let size = sourceFormat.bytesPerSample
            for at in stride(from: 0, to: plane.count - size + 1, by: size)
            where random.next() % (1 << (6 - 2 * UInt64(specials))) == 0 {
                if size == 2 {
                    let v = specialHalves[Int(random.next() % UInt64(specialHalves.count))]
                    (plane[at], plane[at + 1]) = (UInt8(v & 0xFF), UInt8(v >> 8))
                } else {
                    let v = specialFloats[Int(random.next() % UInt64(specialFloats.count))]
                    for k in 0..<4 { plane[at + k] = UInt8(truncatingIfNeeded: v >> (8 * UInt32(k))) }
                }
            }
        }
        let sourceView = frame.view.readOnly
        if verbose {
            let text =
                "\(source) → \(destination), \(width)×\(height), strides \(frame.strides) → +\(destinationExtra)\n"
                + "options: \(options)\nplan: \(converter.plan.steps.map(\.name))\n"
            FileHandle.standardError.write(Data(text.utf8))
        }
        func output(_ converter: PixelConverter, rows bands: Int? = nil) -> [[UInt8]] {
            let out = Planes(format: destination.format, width: width, height: height, extra: destinationExtra) { _ in }
            do {
                if let bands {
                    var start = 0
                    while start < height {
                        let end = Swift.min(start + bands, height)
                        try converter.convert(sourceView, to: out.view, rows: start..<end)
                        start = end
                    }
                } else {
                    try converter.convert(sourceView, to: out.view)
                }
            } catch {
                FuzzCheck.require(false, "a matching conversion failed: \(error)")
            }
            FuzzCheck.require(out.paddingIntact(), "bytes written outside the image (row padding)")
            return out.bytes
        }
        withExtendedLifetime(frame) {
            let reference = output(converter)
            // Another code path and thread count: identical bytes.
            options.codePath = input.pick(PixelConverter.availableCodePaths)
            options.threadCount = input.int(in: 1...4)
            if let other = try? Self.converter(source, destination, options).get() {
                let second = output(other)
                // Which NaN a pixel mixing NaNs of different sign or payload carries may differ between code paths
                // (documented on PixelConverter): NaN samples compare equal, every other byte must match.
                FuzzCheck.require(
                    normalizingNaN(second, destination.format) == normalizingNaN(reference, destination.format),
                    "\(source) → \(destination): \(options.codePath), \(options.threadCount ?? 0) threads differ"
                        + difference(
                            reference, second, frame: frame,
                            destination: Planes(
                                format: destination.format, width: width, height: height, extra: destinationExtra
                            ) { _ in }))
            } else {
                FuzzCheck.require(false, "the same description failed with another code path or thread count")
            }
            // Even row bands one at a time: the whole-frame bytes.
            let band = 2 * input.int(in: 1...12)
            FuzzCheck.require(output(converter, rows: band) == reference, "bands of \(band) rows differ")
            // A band that splits a 4:2:0 destination's row pair is a typed error.
            if destination.format.chromaSubsampling == .s420, height > 2 {
                let scratch = Planes(format: destination.format, width: width, height: height, extra: destinationExtra)
                { _ in }
                withExtendedLifetime(scratch) {
                    FuzzCheck.require(
                        (try? converter.convert(sourceView, to: scratch.view, rows: 1..<2)) == nil,
                        "an odd band start was accepted")
                }
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzConverter.run(FuzzInput.bytes(data, size))
    return 0
}

#if !LIBFUZZER
@main enum Main { static func main() { MutationDriver.main(FuzzConverter.run) } }
#endif
