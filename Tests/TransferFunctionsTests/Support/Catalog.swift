#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TestSupport
import Testing
import TransferFunctions

/// Every curve the tests cover, with its reference fixture and the places where its segments join.
struct Curve: Sendable, CustomTestStringConvertible {
    var name: String
    var function: TransferFunction
    /// The fixture in Tests/Fixtures/transfer-functions, or nil (the identity has none).
    var fixture: String?
    /// Signal values where toLinear changes segment.
    var signalJoins: [Double] = []
    /// Linear values where fromLinear changes segment.
    var linearJoins: [Double] = []

    var testDescription: String { name }
}

enum Catalog {
    static let bt1886WithBlack = TransferFunction.bt1886(whiteLuminance: 100, blackLuminance: 0.1)

    static let curves: [Curve] = [
        Curve(name: "linear", function: .linear, fixture: nil),
        Curve(name: "srgb", function: .srgb, fixture: "srgb", signalJoins: [0.04045], linearJoins: [0.0031308]),
        Curve(name: "gamma22", function: .gamma22, fixture: "gamma22"),
        Curve(name: "gamma28", function: .gamma28, fixture: "gamma28"),
        Curve(name: "adobergb", function: .adobeRGB, fixture: "adobergb"),
        Curve(name: "bt709", function: .bt709, fixture: "bt709", signalJoins: [0.081], linearJoins: [0.018]),
        Curve(
            name: "bt2020-12bit", function: .bt2020TwelveBit, fixture: "bt2020-12bit",
            signalJoins: [4.5 * 0.0181], linearJoins: [0.0181]),
        Curve(
            name: "smpte240m", function: .smpte240m, fixture: "smpte240m", signalJoins: [0.0912],
            linearJoins: [0.0228]),
        Curve(name: "bt1886", function: bt1886WithBlack, fixture: "bt1886"),
        Curve(name: "log100", function: .log100, fixture: "log100", linearJoins: [0.01]),
        Curve(
            name: "log100sqrt10", function: .log100Sqrt10, fixture: "log100sqrt10",
            linearJoins: [0.0031622776601683794]),
        Curve(
            name: "iec61966-2-4", function: .iec61966_2_4, fixture: "iec61966-2-4",
            signalJoins: [0.081, -0.081], linearJoins: [0.018, -0.018]),
        Curve(
            name: "bt1361", function: .bt1361, fixture: "bt1361",
            signalJoins: [0.081, -0.02025], linearJoins: [0.018, -0.0045]),
        Curve(name: "st428", function: .st428, fixture: "st428"),
        Curve(name: "pq", function: .pq, fixture: "pq"),
        Curve(name: "hlg", function: .hlg, fixture: "hlg", signalJoins: [0.5], linearJoins: [1.0 / 12]),
    ]

    static let withFixtures = curves.filter { $0.fixture != nil }
}

/// One reference row: a Float input and colour-science's float64 results (nil where not compared).
struct ReferenceRow: Sendable {
    var x: Float
    var toLinear: Double?
    var fromLinear: Double?
}

enum ReferenceFixture {
    /// The rows of `transfer-functions/<name>.csv`, parsed once per test run.
    static func rows(_ name: String) throws -> [ReferenceRow] {
        guard let rows = all[name] else { throw FixtureError(description: "no fixture transfer-functions/\(name).csv") }
        return try rows.get()
    }

    /// All fixture inputs of every curve (for curves without a fixture of their own).
    static func allInputs() throws -> [Float] {
        try Catalog.withFixtures.flatMap { try rows($0.fixture!).map(\.x) }
    }

    private static let all: [String: Result<[ReferenceRow], FixtureError>] = Dictionary(
        uniqueKeysWithValues: Catalog.withFixtures.map { curve in
            (curve.fixture!, Result { () throws(FixtureError) in try parse(curve.fixture!) })
        })

    /// Parses `x,toLinear,fromLinear` rows with the C library (fast in debug builds), skipping `#` comments.
    private static func parse(_ name: String) throws(FixtureError) -> [ReferenceRow] {
        let path = "transfer-functions/\(name).csv"
        guard var bytes = try? [UInt8](Fixtures.data(path)) else {
            throw FixtureError(description: "cannot read \(path)")
        }
        bytes.append(0)
        var rows: [ReferenceRow] = []
        rows.reserveCapacity(10_500)
        let ok = bytes.withUnsafeBufferPointer { buffer -> Bool in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                var p = start
                while p.pointee != 0 {
                    if p.pointee == UInt8(ascii: "#") || p.pointee == UInt8(ascii: "\n") {
                        while p.pointee != 0 && p.pointee != UInt8(ascii: "\n") { p += 1 }
                        if p.pointee != 0 { p += 1 }
                        continue
                    }
                    var end: UnsafeMutablePointer<CChar>? = nil
                    let x = strtof(p, &end)
                    guard let afterX = end, afterX != p, afterX.pointee == UInt8(ascii: ",") else { return false }
                    p = UnsafePointer(afterX + 1)
                    var cells: [Double?] = []
                    for terminator in [UInt8(ascii: ","), UInt8(ascii: "\n")] {
                        if p.pointee == terminator {
                            cells.append(nil)
                        } else {
                            let value = strtod(p, &end)
                            guard let after = end, after != p, after.pointee == terminator else { return false }
                            cells.append(value)
                            p = UnsafePointer(after)
                        }
                        p += 1
                    }
                    rows.append(ReferenceRow(x: x, toLinear: cells[0], fromLinear: cells[1]))
                }
                return true
            }
        }
        guard ok else { throw FixtureError(description: "malformed row in \(path) after \(rows.count) rows") }
        return rows
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
}
