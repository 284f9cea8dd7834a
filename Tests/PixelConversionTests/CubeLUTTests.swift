import ColorSpaces
import Foundation
import PixelBuffers
import TestSupport
import Testing
import ToneMapping

@testable import PixelConversion

/// `CubeLUT`: sampling a conversion on the lattice, the .cube text (Adobe Cube LUT Specification 1.0) both ways, its
/// typed errors, the two interpolations, and the interpolation error against `PixelConverter` by size.
@Suite("Cube LUT")
struct CubeLUTTests {
    // MARK: Sampling

    /// Identity conversions and how close their tables are to the identity lattice: exact for linear light; PQ within
    /// 7.31e-7 (its inverse EOTF of 0, ST 2084); sRGB curves within 2e-6 (the decode and encode tables, each within
    /// 1.4e-6 of the curve, Docs/Accuracy.md).
    static let identities: [(ColorSpace, Float)] = [
        (.extendedLinearBT2020, 0), (.bt2100PQ, 1e-6), (.sRGB, 2e-6), (.displayP3, 2e-6),
    ]

    @Test("an identity conversion gives the identity lattice, red index fastest")
    func identity() throws {
        for (space, tolerance) in Self.identities {
            let lut = try CubeLUT(from: space, to: space, size: 17)
            #expect(lut.size == 17 && lut.entries.count == 17 * 17 * 17)
            #expect(lut.domainMin == .zero && lut.domainMax == .one)
            var worst: Float = 0
            for b in 0..<17 {
                for g in 0..<17 {
                    for r in 0..<17 {
                        let expected = SIMD3(Float(r), Float(g), Float(b)) / 16
                        #expect(lut.input(red: r, green: g, blue: b) == expected)
                        let entry = lut.entries[r + 17 * g + 289 * b]
                        #expect(entry == lut[red: r, green: g, blue: b])
                        let d = entry - expected
                        worst = max(worst, abs(d.x), abs(d.y), abs(d.z))
                    }
                }
            }
            #expect(worst <= tolerance, "\(space.name): \(worst)")
        }
    }

    /// The conversions whose tables are measured: (name, source, target, options) as `hdrcolor lut` builds them by
    /// default (PQ → sRGB: `auto` tone mapping, headroom 1, content peak 1000 cd/m²).
    static let conversions: [(String, ColorSpace, ColorSpace, PixelConverter.Options)] = {
        var toneMapped = PixelConverter.Options()
        toneMapped.toneMapping = .displayHeadroom(1, content: ContentLuminance())
        return [
            ("BT.2100 PQ → BT.2100 HLG", .bt2100PQ, .bt2100HLG, PixelConverter.Options()),
            ("BT.2100 HLG → BT.2100 PQ", .bt2100HLG, .bt2100PQ, PixelConverter.Options()),
            ("BT.2100 PQ → sRGB, tone mapped (headroom 1)", .bt2100PQ, .sRGB, toneMapped),
        ]
    }()

    /// Converts `inputs` (R′G′B′ signals) through a float RGBA → float RGBA converter in one buffer of one row.
    static func convert(_ inputs: [SIMD3<Float>], with converter: PixelConverter, width: Int? = nil) throws
        -> [SIMD3<Float>]
    {
        let width = width ?? min(inputs.count, 4096)
        let height = (inputs.count + width - 1) / width
        var source = try PixelBuffer(format: .rgbaFloat, width: width, height: height)
        source.withMutableView { view in
            for (i, v) in inputs.enumerated() {
                let row = view.plane(0).row(i / width, as: Float.self)
                let x = i % width
                (row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3]) = (v.x, v.y, v.z, 1)
            }
        }
        let output = try converter.convert(source)
        return output.withView { view in
            inputs.indices.map { i in
                let row = view.plane(0).row(i / width, as: Float.self)
                let x = i % width
                return SIMD3(row[4 * x], row[4 * x + 1], row[4 * x + 2])
            }
        }
    }

    static func floatConverter(_ source: ColorSpace, _ target: ColorSpace, _ options: PixelConverter.Options) throws
        -> PixelConverter
    {
        try PixelConverter(
            from: PixelEncoding(format: .rgbaFloat, colorSpace: source),
            to: PixelEncoding(format: .rgbaFloat, colorSpace: target), options: options)
    }

    @Test("lattice points are PixelConverter's outputs for the same inputs, bit for bit", arguments: [9, 17])
    func latticeIsConverterOutput(size: Int) throws {
        for (name, source, target, options) in Self.conversions {
            let lut = try CubeLUT(from: source, to: target, size: size, options: options)
            // The lattice points in a shuffled order, converted by a separate converter in a buffer of another shape.
            var generator = SplitMix64(state: UInt64(size))
            let points = (0..<(size * size * size)).map { ($0 % size, ($0 / size) % size, $0 / (size * size)) }
                .shuffled(using: &generator)
            let inputs = points.map { SIMD3(Float($0.0), Float($0.1), Float($0.2)) / Float(size - 1) }
            let outputs = try Self.convert(inputs, with: Self.floatConverter(source, target, options), width: 7)
            var mismatches = 0
            for (point, output) in zip(points, outputs) where lut[red: point.0, green: point.1, blue: point.2] != output
            {
                mismatches += 1
            }
            #expect(mismatches == 0, "\(name), size \(size)")
            #expect(lut.title == "\(source.name) to \(target.name)")
        }
    }

    @Test("a converter sampled directly gives the same table; other formats and sizes are refused with typed errors")
    func converterAndSizeErrors() throws {
        let converter = try Self.floatConverter(.bt2100PQ, .bt2100HLG, PixelConverter.Options())
        #expect(try CubeLUT(converter, size: 5) == CubeLUT(from: .bt2100PQ, to: .bt2100HLG, size: 5))
        for size in [-1, 0, 1, 257, Int.max] {
            #expect(throws: PixelConversionError.self) { try CubeLUT(converter, size: size) }
            do {
                _ = try CubeLUT(from: .sRGB, to: .sRGB, size: size)
                Issue.record("size \(size) accepted")
            } catch {
                guard case .invalidOption(name: "size", _, _) = error else {
                    Issue.record("size \(size): \(error)")
                    continue
                }
            }
        }
        let half = try PixelConverter(
            from: PixelEncoding(format: .rgbaHalf, colorSpace: .bt2100PQ),
            to: PixelEncoding(format: .rgbaFloat, colorSpace: .bt2100HLG))
        #expect(throws: PixelConversionError.formatMismatch(role: "source", expected: .rgbaFloat, actual: .rgbaHalf)) {
            try CubeLUT(half, size: 5)
        }
        // Extended targets keep values outside [0, 1]: BT.2020 red in extended linear sRGB is negative in G and B.
        let extended = try CubeLUT(from: .bt2100PQ, to: .extendedLinearSRGB, size: 5)
        let red = extended[red: 4, green: 0, blue: 0]
        #expect(red.x > 40 && red.y < 0 && red.z < 0)
    }

    // MARK: Text

    @Test("the .cube text: header lines, size³ data lines, plain decimals; reading it back gives an equal table")
    func roundTrip() throws {
        var lut = try CubeLUT(from: .bt2100PQ, to: .extendedLinearDisplayP3, size: 9)
        lut.title = "PQ to EDR #1"
        let text = lut.cubeText
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            Array(lines.prefix(4)) == [
                "TITLE \"PQ to EDR #1\"", "LUT_3D_SIZE 9", "DOMAIN_MIN 0 0 0", "DOMAIN_MAX 1 1 1",
            ])
        #expect(lines.count == 4 + 729 + 1 && lines.last == "")
        #expect(lines.dropFirst(2).allSatisfy { !$0.contains("e") && !$0.contains("E") }, "no exponents")
        let back = try CubeLUT(cubeText: text)
        #expect(back == lut)
        #expect(back.entries.contains { $0.x > 1 } && back.entries.contains { $0.y < 0 })

        // Awkward values and a domain of its own, with comments and CR LF line ends.
        var generator = SplitMix64(state: 7)
        var entries = (0..<27).map { _ in
            SIMD3<Float>(
                Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()) & 0x7F7F_FFFF),
                -Float.random(in: 0..<1, using: &generator), Float.random(in: -1e-30...1e30, using: &generator))
        }
        entries[0] = SIMD3(.leastNonzeroMagnitude, -.greatestFiniteMagnitude, -0.0)
        entries[1] = SIMD3(7.309559e-07, 1e-5, 16_777_218)
        let special = try CubeLUT(
            size: 3, entries: entries, title: "special", domainMin: SIMD3(-0.5, 0, 0.25), domainMax: SIMD3(2, 1, 0.5))
        let crlf = special.cubeText(comments: ["two\nlines"]).replacingOccurrences(of: "\n", with: "\r\n")
        #expect(crlf.hasPrefix("# two\r\n# lines\r\nTITLE \"special\"\r\n"))
        let reread = try CubeLUT(cubeText: crlf)
        #expect(reread == special)
        for (a, b) in zip(reread.entries, special.entries) {
            #expect(a.x.bitPattern == b.x.bitPattern && a.y == b.y && a.z == b.z)
        }
    }

    @Test(
        "numbers are the shortest round-trip decimals in plain notation",
        arguments: [
            (Float(1), "1"), (0.5, "0.5"), (-0.0, "0"), (0, "0"), (7.309559e-07, "0.0000007309559"),
            (1e-5, "0.00001"), (-2.5e-6, "-0.0000025"), (1e10, "10000000000"), (123456.79, "123456.79"),
            (0.1, "0.1"), (16_777_216, "16777216"),
        ])
    func decimals(value: Float, text: String) {
        var written = ""
        CubeLUT.appendDecimal(value, to: &written)
        #expect(written == text)
        #expect(Float(written) == value)
    }

    static let header = "LUT_3D_SIZE 2\n"
    static let eight = String(repeating: "0 0 0\n", count: 8)

    /// Malformed files and the error each gives.
    static let malformedFiles: [(String, CubeLUTError)] = [
        ("LUT_1D_SIZE 4\n0 0 0\n0 0 0\n0 0 0\n0 0 0\n", CubeLUTError.oneDimensional(line: 1)),
        ("TITLE \"x\"\nLUT_1D_SIZE 2\nLUT_3D_SIZE 2\n" + eight, .oneDimensional(line: 2)),
        ("LUT_3D_SIZE 2\nLUT_1D_INPUT_RANGE 0 1\n" + eight, .oneDimensional(line: 2)),
        ("LUT_3D_SIZE 1\n0 0 0\n", .invalidSize(1)),
        ("LUT_3D_SIZE 257\n", .invalidSize(257)),
        ("LUT_3D_SIZE 100000000\n", .invalidSize(100_000_000)),
        ("# nothing\n\n", .missingSize),
        ("", .missingSize),
        (header + String(repeating: "0 0 0\n", count: 7), .wrongEntryCount(expected: 8, actual: 7)),
        (header + String(repeating: "0 0 0\n", count: 9), .wrongEntryCount(expected: 8, actual: 9)),
        (header + "0 0 0\n0 nan 0\n", .nonFiniteValue(entry: 1, line: 3)),
        (header + "inf 0 0\n", .nonFiniteValue(entry: 0, line: 2)),
        (header + "0 0 1e39\n", .nonFiniteValue(entry: 0, line: 2)),
        (header + "0 0\n", .malformedLine(line: 2, reason: "expected three numbers (R G B), found '0 0'")),
        (header + "0 0 0 0\n", .malformedLine(line: 2, reason: "expected three numbers (R G B), found '0 0 0 0'")),
        (header + "0,1 0 0\n", .malformedLine(line: 2, reason: "expected three numbers (R G B), found '0,1 0 0'")),
        ("0 0 0\n" + header, .malformedLine(line: 1, reason: "data before the LUT_3D_SIZE line")),
        (header + "LUT_3D_SIZE 2\n", .duplicateKeyword("LUT_3D_SIZE", line: 2)),
        (header + "0 0 0\nDOMAIN_MIN 0 0 0\n", .malformedLine(line: 3, reason: "DOMAIN_MIN after the data")),
        (header + "LUT_3D_FOO 1\n", .malformedLine(line: 2, reason: "unknown keyword LUT_3D_FOO")),
        ("LUT_3D_SIZE two\n", .malformedLine(line: 1, reason: "LUT_3D_SIZE needs one whole number")),
        (header + "DOMAIN_MIN 0 0\n", .malformedLine(line: 2, reason: "DOMAIN_MIN needs three numbers")),
        (
            header + "DOMAIN_MIN 0 0 1\nDOMAIN_MAX 1 1 1\n" + eight,
            .invalidDomain(min: SIMD3(0, 0, 1), max: SIMD3(1, 1, 1))
        ),
        (header + "DOMAIN_MAX 1 1 1\nDOMAIN_MAX 1 1 1\n", .duplicateKeyword("DOMAIN_MAX", line: 3)),
        (header + "LUT_3D_INPUT_RANGE 0\n", .malformedLine(line: 2, reason: "LUT_3D_INPUT_RANGE needs two numbers")),
    ]

    /// A malformed file as a test argument: the log names it by its error, not by its whole text.
    struct MalformedFile: CustomTestStringConvertible, Sendable {
        var text: String
        var error: CubeLUTError
        var testDescription: String { error.description }
    }

    @Test("malformed files give typed errors", arguments: malformedFiles.map(MalformedFile.init))
    func malformed(file: MalformedFile) {
        #expect(throws: file.error) { try CubeLUT(cubeText: file.text) }
        #expect(!file.error.description.isEmpty)
    }

    @Test("what the specification and Resolve allow is read: comments, blank lines, BOM, tabs, input range, no title")
    func lenientReading() throws {
        let text =
            "\u{FEFF}# comment\n\nLUT_3D_SIZE 2\r\n\tLUT_3D_INPUT_RANGE -0.25 1.5\n# mid\n"
            + (0..<8).map { "\($0 & 1)\t\(($0 >> 1) & 1)  \($0 >> 2)\n" }.joined() + "\n\n"
        let lut = try CubeLUT(cubeText: text)
        #expect(lut.title == "" && lut.size == 2)
        #expect(lut.domainMin == SIMD3(repeating: -0.25) && lut.domainMax == SIMD3(repeating: 1.5))
        #expect(lut[red: 1, green: 0, blue: 1] == SIMD3(1, 0, 1))
        #expect(lut.input(red: 1, green: 0, blue: 0) == SIMD3(1.5, -0.25, -0.25))
        #expect(try CubeLUT(cubeText: "TITLE unquoted words\nLUT_3D_SIZE 2\n" + Self.eight).title == "unquoted words")
    }

    @Test("tables built in memory are checked")
    func memberwiseErrors() {
        #expect(throws: CubeLUTError.invalidSize(1)) { try CubeLUT(size: 1, entries: [.zero]) }
        #expect(throws: CubeLUTError.wrongEntryCount(expected: 8, actual: 7)) {
            try CubeLUT(size: 2, entries: Array(repeating: .zero, count: 7))
        }
        var entries = [SIMD3<Float>](repeating: .zero, count: 8)
        entries[5].y = .nan
        #expect(throws: CubeLUTError.nonFiniteValue(entry: 5, line: nil)) { try CubeLUT(size: 2, entries: entries) }
        #expect(throws: CubeLUTError.invalidDomain(min: .one, max: .one)) {
            try CubeLUT(size: 2, entries: Array(repeating: .zero, count: 8), domainMin: .one, domainMax: .one)
        }
        #expect(throws: CubeLUTError.invalidDomain(min: .zero, max: SIMD3(1, .infinity, 1))) {
            try CubeLUT(
                size: 2, entries: Array(repeating: .zero, count: 8), domainMin: .zero, domainMax: SIMD3(1, .infinity, 1)
            )
        }
    }

    // MARK: Interpolation

    @Test("both interpolations reproduce an affine map exactly, hit lattice points, and clamp to the domain")
    func interpolationOfAffineMap() throws {
        let size = 5
        let domainMin = SIMD3<Float>(-0.5, 0, 0.25), domainMax = SIMD3<Float>(1.5, 1, 0.75)
        func affine(_ v: SIMD3<Float>) -> SIMD3<Float> {
            SIMD3(0.3 * v.x - 0.2 * v.y + 0.7 * v.z + 0.1, 1.1 * v.y - 0.4 * v.z, 0.5 * v.x + 0.25 * v.y + v.z - 0.3)
        }
        var entries: [SIMD3<Float>] = []
        for b in 0..<size {
            for g in 0..<size {
                for r in 0..<size {
                    let t = SIMD3(Float(r), Float(g), Float(b)) / Float(size - 1)
                    entries.append(affine(domainMin + (domainMax - domainMin) * t))
                }
            }
        }
        let lut = try CubeLUT(size: size, entries: entries, domainMin: domainMin, domainMax: domainMax)
        var generator = SplitMix64(state: 42)
        for _ in 0..<2000 {
            let v = SIMD3(
                Float.random(in: -0.5...1.5, using: &generator), Float.random(in: 0...1, using: &generator),
                Float.random(in: 0.25...0.75, using: &generator))
            for interpolation in CubeLUT.Interpolation.allCases {
                let d = lut.apply(v, interpolation: interpolation) - affine(v)
                #expect(max(abs(d.x), abs(d.y), abs(d.z)) < 2e-6, "\(interpolation) at \(v)")
            }
        }
        for interpolation in CubeLUT.Interpolation.allCases {
            for (i, entry) in entries.enumerated() {
                let input = lut.input(red: i % size, green: (i / size) % size, blue: i / (size * size))
                #expect(lut.apply(input, interpolation: interpolation) == entry)
            }
            #expect(lut.apply(SIMD3(-9, -1, 0), interpolation: interpolation) == entries[0])
            #expect(lut.apply(SIMD3(.nan, .nan, .nan), interpolation: interpolation) == entries[0])
            #expect(lut.apply(SIMD3(9, 2, .infinity), interpolation: interpolation) == entries.last!)
        }
    }

    @Test(
        "tetrahedral and trilinear differ inside a cell of a non-affine table; on the grey axis tetrahedral reads greys"
    )
    func tetrahedralDiffersFromTrilinear() throws {
        // One cell whose corners hold r·g·b: trilinear reproduces the product, tetrahedral the tetrahedra's planes.
        let entries: [SIMD3<Float>] = (0..<8).map { (i: Int) -> SIMD3<Float> in
            let product: Int = (i & 1) * ((i >> 1) & 1) * (i >> 2)
            return SIMD3(repeating: Float(product))
        }
        let lut = try CubeLUT(size: 2, entries: entries)
        let p = SIMD3<Float>(0.5, 0.25, 0.75)
        #expect(lut.apply(p, interpolation: .trilinear).x == 0.5 * 0.25 * 0.75)
        #expect(lut.apply(p, interpolation: .tetrahedral).x == 0.25)  // min(r, g, b) on this cell
        #expect(lut.apply(SIMD3(repeating: 0.6), interpolation: .tetrahedral).x == 0.6)
    }

    // MARK: Interpolation error against PixelConverter

    /// The dense grid the error is measured on: 57 values per axis (every 1/56, so that the lattice points of sizes
    /// 17, 33 and 65 fall between grid points at 7 different offsets; 0 and 1 included) and 65 536 random points.
    static let grid: [SIMD3<Float>] = {
        var points: [SIMD3<Float>] = []
        let n = 57
        points.reserveCapacity(n * n * n + 65536)
        for b in 0..<n {
            for g in 0..<n {
                for r in 0..<n { points.append(SIMD3(Float(r), Float(g), Float(b)) / Float(n - 1)) }
            }
        }
        var generator = SplitMix64(state: 2026)
        for _ in 0..<65536 {
            points.append(
                SIMD3(
                    Float.random(in: 0...1, using: &generator), Float.random(in: 0...1, using: &generator),
                    Float.random(in: 0...1, using: &generator)))
        }
        return points
    }()

    /// The error of a table against the exact conversion, in 10-bit code values (× 1023): the worst component, the
    /// 99th percentile of each point's worst component and the mean over all components, over the whole cube and over
    /// typical content (``isTypical``).
    struct Measurement: CustomStringConvertible {
        var maximum = 0.0
        var percentile99 = 0.0
        var mean = 0.0
        var typicalMaximum = 0.0
        var typicalMean = 0.0
        var description: String {
            String(
                format: "max %.3f, p99 %.3f, mean %.4f; typical max %.3f, mean %.4f", maximum, percentile99, mean,
                typicalMaximum, typicalMean)
        }
    }

    /// Typical content: inputs whose colour lies inside the BT.709 primaries (every linear BT.709 component ≥ 0, to
    /// 1e-5) and whose components are at most 1000 cd/m² (HLG's nominal peak, the usual mastering peak).
    static func isTypical(_ linearBT709: SIMD3<Float>, referenceWhite: Double) -> Bool {
        let peak = Float(1000 / referenceWhite)
        return linearBT709.min() >= -1e-5 && linearBT709.max() <= peak
    }

    static func measure(
        _ lut: CubeLUT, _ interpolation: CubeLUT.Interpolation, exact: [SIMD3<Float>], typical: [Bool]
    ) -> Measurement {
        var result = Measurement()
        var (sum, typicalSum, typicalCount) = (0.0, 0.0, 0)
        var worstPerPoint: [Float] = []
        worstPerPoint.reserveCapacity(exact.count)
        for i in grid.indices {
            let e = lut.apply(grid[i], interpolation: interpolation) - exact[i]
            let d = SIMD3(abs(e.x), abs(e.y), abs(e.z)) * 1023
            let pointSum = Double(d.x) + Double(d.y) + Double(d.z)
            let worst = max(d.x, d.y, d.z)
            sum += pointSum
            worstPerPoint.append(worst)
            if typical[i] {
                typicalSum += pointSum
                typicalCount += 3
                result.typicalMaximum = max(result.typicalMaximum, Double(worst))
            }
        }
        worstPerPoint.sort()
        result.maximum = Double(worstPerPoint.last ?? 0)
        result.percentile99 = Double(worstPerPoint[worstPerPoint.count * 99 / 100])
        result.mean = sum / Double(3 * exact.count)
        result.typicalMean = typicalSum / Double(max(typicalCount, 1))
        return result
    }

    static let sizes = [17, 33, 65]

    /// Every (conversion, size, interpolation) measured, and the share of the grid that is typical per conversion.
    static func measurements() throws -> (
        results: [(name: String, size: Int, interpolation: CubeLUT.Interpolation, measured: Measurement)],
        typicalShare: [String: Double]
    ) {
        var results: [(name: String, size: Int, interpolation: CubeLUT.Interpolation, measured: Measurement)] = []
        var share: [String: Double] = [:]
        for (name, source, target, options) in conversions {
            let exact = try convert(grid, with: floatConverter(source, target, options))
            let linear = try convert(grid, with: floatConverter(source, .extendedLinearSRGB, PixelConverter.Options()))
            let typical = linear.map { isTypical($0, referenceWhite: options.referenceWhite) }
            share[name] = Double(typical.filter { $0 }.count) / Double(typical.count)
            for size in sizes {
                let lut = try CubeLUT(from: source, to: target, size: size, options: options)
                for interpolation in CubeLUT.Interpolation.allCases {
                    let measured = measure(lut, interpolation, exact: exact, typical: typical)
                    results.append((name, size, interpolation, measured))
                }
            }
        }
        return (results, share)
    }

    /// Bounds on the measurements (max and mean over the whole cube, max and mean over typical content, in 10-bit
    /// code values), by "conversion size interpolation": the values measured with this suite, rounded up with about
    /// 10 % margin. `make accuracy` writes the measurements to Docs/Accuracy.md ("3D LUTs").
    static let bounds: [String: (maximum: Double, mean: Double, typicalMaximum: Double, typicalMean: Double)] = [
        "BT.2100 PQ → BT.2100 HLG 17 trilinear": (670, 19, 140, 3.1),
        "BT.2100 PQ → BT.2100 HLG 17 tetrahedral": (680, 19, 120, 2.6),
        "BT.2100 PQ → BT.2100 HLG 33 trilinear": (580, 6.6, 66, 0.71),
        "BT.2100 PQ → BT.2100 HLG 33 tetrahedral": (590, 6.7, 65, 0.62),
        "BT.2100 PQ → BT.2100 HLG 65 trilinear": (450, 2, 51, 0.18),
        "BT.2100 PQ → BT.2100 HLG 65 tetrahedral": (470, 2, 49, 0.15),
        "BT.2100 HLG → BT.2100 PQ 17 trilinear": (21, 1.1, 9.7, 0.38),
        "BT.2100 HLG → BT.2100 PQ 17 tetrahedral": (21, 1.1, 9.1, 0.37),
        "BT.2100 HLG → BT.2100 PQ 33 trilinear": (7.6, 0.27, 2.3, 0.094),
        "BT.2100 HLG → BT.2100 PQ 33 tetrahedral": (7.6, 0.26, 2.2, 0.092),
        "BT.2100 HLG → BT.2100 PQ 65 trilinear": (2, 0.063, 0.55, 0.024),
        "BT.2100 HLG → BT.2100 PQ 65 tetrahedral": (2, 0.061, 0.52, 0.023),
        "BT.2100 PQ → sRGB, tone mapped (headroom 1) 17 trilinear": (470, 15, 340, 13),
        "BT.2100 PQ → sRGB, tone mapped (headroom 1) 17 tetrahedral": (450, 14, 300, 11),
        "BT.2100 PQ → sRGB, tone mapped (headroom 1) 33 trilinear": (360, 5.1, 280, 4.5),
        "BT.2100 PQ → sRGB, tone mapped (headroom 1) 33 tetrahedral": (340, 4.5, 240, 3.5),
        "BT.2100 PQ → sRGB, tone mapped (headroom 1) 65 trilinear": (260, 1.6, 160, 1.6),
        "BT.2100 PQ → sRGB, tone mapped (headroom 1) 65 tetrahedral": (220, 1.4, 140, 1.2),
    ]

    @Test("interpolation error against PixelConverter on a dense grid, by conversion, size and interpolation")
    func interpolationError() throws {
        let (results, share) = try Self.measurements()
        for (name, value) in share { print("\(name): typical share \(value)") }
        for r in results { print("\(r.name) \(r.size) \(r.interpolation): \(r.measured)") }
        for (name, size, interpolation, measured) in results {
            let key = "\(name) \(size) \(interpolation)"
            let bound = try #require(Self.bounds[key], "no bound for \(key)")
            #expect(measured.maximum <= bound.maximum, "\(key): \(measured)")
            #expect(measured.mean <= bound.mean, "\(key): \(measured)")
            #expect(measured.typicalMaximum <= bound.typicalMaximum, "\(key): \(measured)")
            #expect(measured.typicalMean <= bound.typicalMean, "\(key): \(measured)")
        }
        // Larger tables are closer on average, and on typical content tetrahedral is no worse than trilinear on
        // average (over the whole cube either may win: the bends at clipping and fitting dominate there).
        for (name, _, _, _) in Self.conversions {
            let means = results.filter { $0.name == name && $0.interpolation == .tetrahedral }.map(\.measured.mean)
            #expect(means == means.sorted(by: >), "\(name): \(means)")
            for size in Self.sizes {
                let pair = results.filter { $0.name == name && $0.size == size }.map(\.measured.typicalMean)
                #expect(pair[1] <= pair[0], "\(name) \(size): tetrahedral \(pair[1]) vs trilinear \(pair[0])")
            }
        }
    }
}

/// Writes the "3D LUTs" section of Docs/Accuracy.md from the measurements of ``CubeLUTTests`` (`make accuracy`).
extension AccuracyReportTests {
    static let cubeBegin = "<!-- BEGIN cube-lut -->"
    static let cubeEnd = "<!-- END cube-lut -->"

    @Test(.enabled(if: enabled, "set HDRCOLOR_WRITE_ACCURACY=1 (make accuracy) to rewrite Docs/Accuracy.md"))
    func writeCubeLUTTable() throws {
        let (results, share) = try CubeLUTTests.measurements()
        func number(_ v: Double) -> String { String(format: v >= 10 ? "%.1f" : (v >= 1 ? "%.2f" : "%.3f"), v) }
        let shares: [String] = CubeLUTTests.conversions.map { conversion in
            let percent = Int((share[conversion.0]! * 100).rounded())
            return "\(percent) % for \(conversion.0.split(separator: ",")[0])"
        }
        var method: String = "`CubeLUT(from:to:size:options:)` (what `hdrcolor lut` writes) samples a conversion on a "
        method += "size³ lattice of the source's signal; `CubeLUT.apply` interpolates it in `Float`, with the formulas "
        method += "of FFmpeg's `lut3d`. Compared with `PixelConverter` (float RGBA in and out, the same options) on "
        method +=
            "57³ + 65 536 = \(CubeLUTTests.grid.count) inputs: every 1/56 per axis and random points in [0, 1]³. Errors "
        method += "are in 10-bit code values of the output signal (|difference| × 1023): the worst component, the 99th "
        method += "percentile of each input's worst component, and the mean over all components; \"typical\" is the "
        method += "inputs inside the BT.709 primaries with every component at most 1000 cd/m² ("
        method += shares.joined(separator: ", ")
        method +=
            " of the inputs are typical). PQ → sRGB is tone mapped as `hdrcolor lut` does for an SDR target: headroom 1, "
        method += "content peak 1000 cd/m²."
        var note: String = "The worst errors sit where the conversion bends inside one lattice cell: a component "
        note += "clipped at the target's peak or gamut boundary (saturated colours beyond BT.709 or above the HLG "
        note += "peak), a fit of a saturated colour into the peak, the steep start of the HLG and sRGB curves for a "
        note += "component near zero (near black, or the weak component of a bright saturated colour), and the knee "
        note += "of the tone curve. "
        note += "A LUT cannot follow a bend between its lattice points; more points per axis shrink the region, not "
        note += "the jump. `LUTCommandTests` applies the written table with FFmpeg's `lut3d` to a 16-bit PQ frame: see "
        note += "the next section."
        var lines: [String] = [
            Self.cubeBegin, "## 3D LUTs (.cube)", "",
            "Written by `make accuracy` (`HDRCOLOR_WRITE_ACCURACY=1 swift test --filter "
                + "PixelConversionTests.AccuracyReportTests`); `CubeLUTTests` asserts bounds on the same numbers on "
                + "every run.",
            method, "",
            "| conversion | size | interpolation | max | p99 | mean | typical max | typical mean |",
            "|---|---:|---|---:|---:|---:|---:|---:|",
        ]
        for r in results {
            let m = r.measured
            let values: [String] = [
                m.maximum, m.percentile99, m.mean, m.typicalMaximum, m.typicalMean,
            ].map(number)
            lines.append("| \(r.name) | \(r.size) | \(r.interpolation) | " + values.joined(separator: " | ") + " |")
        }
        lines += ["", note, Self.cubeEnd]
        try Self.replaceSection(begin: Self.cubeBegin, end: Self.cubeEnd, with: lines.joined(separator: "\n"))
    }

    /// Replaces the text from `begin` to `end` in Docs/Accuracy.md with `section`, or appends it.
    static func replaceSection(begin: String, end: String, with section: String) throws {
        let url = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Docs/Accuracy.md")
        var text = try String(contentsOf: url, encoding: .utf8)
        if let start = text.range(of: begin), let stop = text.range(of: end), start.lowerBound < stop.lowerBound {
            text.replaceSubrange(start.lowerBound..<stop.upperBound, with: section)
        } else {
            text += (text.hasSuffix("\n") ? "\n" : "\n\n") + section + "\n"
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
