import SignalCoding
import Foundation
import TestSupport
import Testing

/// Reads the hand-transcribed CICP fixtures (`Tests/Fixtures/cicp/*.csv`), which may quote fields containing commas.
enum CICPFixture {
    struct CodeRange {
        var field: CICP.Field
        var codes: ClosedRange<Int>
        var status: CICP.CodeStatus
        var h273Name: String
        var ffmpegConstant: String
        var ffmpegName: String
    }

    struct AppleName {
        var system: CICP.NamingSystem
        var field: CICP.Field?
        var constant: String
        var value: String
        var readsAs: String
        var writtenFor: [String]
    }

    static func rows(_ path: String) throws -> [[String]] {
        let text = String(decoding: try Fixtures.data(path), as: UTF8.self)
        return text.split(separator: "\n").compactMap { line -> [String]? in
            if line.isEmpty || line.hasPrefix("#") { return nil }
            var fields: [String] = [], current = "", quoted = false
            for character in line {
                switch character {
                case "\"": quoted.toggle()
                case "," where !quoted:
                    fields.append(current)
                    current = ""
                default: current.append(character)
                }
            }
            fields.append(current)
            return fields
        }
    }

    static func codeRanges() throws -> [CodeRange] {
        try rows("cicp/code-points.csv").map { r in
            try #require(r.count == 7, "malformed row \(r)")
            return CodeRange(
                field: try #require(CICP.Field(rawValue: r[0])), codes: Int(r[1])!...Int(r[2])!,
                status: try #require(CICP.CodeStatus(rawValue: r[3])), h273Name: r[4], ffmpegConstant: r[5],
                ffmpegName: r[6])
        }
    }

    static func appleNames() throws -> [AppleName] {
        try rows("cicp/apple-names.csv").map { r in
            try #require(r.count == 6, "malformed row \(r)")
            return AppleName(
                system: try #require(CICP.NamingSystem(rawValue: r[0])), field: CICP.Field(rawValue: r[1]),
                constant: r[2], value: r[3], readsAs: r[4], writtenFor: r[5].split(separator: " ").map(String.init))
        }
    }

    /// The status of `code` in `field` according to the fixture.
    static func status(_ field: CICP.Field, _ code: Int, in ranges: [CodeRange]) -> CICP.CodeStatus? {
        ranges.first { $0.field == field && $0.codes.contains(code) }?.status
    }
}

/// Calls `body` with the typed code point of `field` for `code`.
func withCICPCodePoint<R>(_ field: CICP.Field, _ code: UInt8, _ body: (any CICP.CodePoint) throws -> R) rethrows -> R {
    switch field {
    case .colorPrimaries: try body(CICP.ColorPrimaries(rawValue: code))
    case .transferCharacteristics: try body(CICP.TransferCharacteristics(rawValue: code))
    case .matrixCoefficients, .videoFullRangeFlag: try body(CICP.MatrixCoefficients(rawValue: code))
    }
}

let cicpCodeFields: [CICP.Field] = [.colorPrimaries, .transferCharacteristics, .matrixCoefficients]

@Suite("CICP code points (ITU-T H.273 Tables 2–4)")
struct CICPCodePointTests {
    @Test("The fixture covers every code 0…255 of each field exactly once")
    func fixtureIsComplete() throws {
        let ranges = try CICPFixture.codeRanges()
        for field in cicpCodeFields {
            var covered = [Int](repeating: 0, count: 256)
            for r in ranges where r.field == field { for c in r.codes { covered[c] += 1 } }
            #expect(covered.allSatisfy { $0 == 1 }, "\(field)")
        }
    }

    @Test("Every code 0…255 of each field is classified as H.273 Tables 2–4 do", arguments: cicpCodeFields)
    func classification(field: CICP.Field) throws {
        let ranges = try CICPFixture.codeRanges()
        for code in 0...255 {
            let expected = try #require(CICPFixture.status(field, code, in: ranges))
            withCICPCodePoint(field, UInt8(code)) { point in
                #expect(point.status == expected, "\(field) \(code)")
                #expect(point.isReserved == (expected == .reserved))
                #expect(point.isUnspecified == (expected == .unspecified))
                #expect(point.isDefined == (expected == .defined))
            }
        }
    }

    @Test("allDefined lists exactly the defined codes in ascending order")
    func allDefined() throws {
        let ranges = try CICPFixture.codeRanges()
        func expected(_ field: CICP.Field) -> [UInt8] {
            ranges.filter { $0.field == field && $0.status == .defined }.flatMap { $0.codes.map(UInt8.init) }.sorted()
        }
        #expect(CICP.ColorPrimaries.allDefined.map(\.rawValue) == expected(.colorPrimaries))
        #expect(CICP.TransferCharacteristics.allDefined.map(\.rawValue) == expected(.transferCharacteristics))
        #expect(CICP.MatrixCoefficients.allDefined.map(\.rawValue) == expected(.matrixCoefficients))
        // H.273 V4: 11 defined primaries, 16 transfer characteristics, 16 matrices.
        #expect(CICP.ColorPrimaries.allDefined.count == 11)
        #expect(CICP.TransferCharacteristics.allDefined.count == 16)
        #expect(CICP.MatrixCoefficients.allDefined.count == 16)
    }

    @Test("H.273 and FFmpeg names of every defined code match the transcription")
    func namesMatchFixture() throws {
        for r in try CICPFixture.codeRanges() where r.status != .reserved {
            for code in r.codes {
                withCICPCodePoint(r.field, UInt8(code)) { point in
                    #expect(point.name(in: .h273) == r.h273Name, "\(r.field) \(code)")
                    #expect(point.name(in: .ffmpegConstant) == r.ffmpegConstant, "\(r.field) \(code)")
                    #expect(point.name(in: .ffmpegName) == r.ffmpegName, "\(r.field) \(code)")
                }
            }
        }
    }

    @Test("Reserved codes have no names")
    func reservedCodesHaveNoNames() {
        for system in CICP.NamingSystem.allCases {
            #expect(CICP.ColorPrimaries(rawValue: 3).names(in: system).isEmpty)
            #expect(CICP.TransferCharacteristics(rawValue: 19).names(in: system).isEmpty)
            #expect(CICP.MatrixCoefficients(rawValue: 255).names(in: system).isEmpty)
        }
    }

    @Test("Named constants carry the H.273 codes")
    func namedConstants() {
        // H.273 Table 2.
        #expect(CICP.ColorPrimaries.bt709.rawValue == 1)
        #expect(CICP.ColorPrimaries.bt2020.rawValue == 9)
        #expect(CICP.ColorPrimaries.xyz.rawValue == 10)
        #expect(CICP.ColorPrimaries.dciP3.rawValue == 11)
        #expect(CICP.ColorPrimaries.displayP3.rawValue == 12)
        #expect(CICP.ColorPrimaries.ebu3213.rawValue == 22)
        // H.273 Table 3.
        #expect(CICP.TransferCharacteristics.sRGB.rawValue == 13)
        #expect(CICP.TransferCharacteristics.pq.rawValue == 16)
        #expect(CICP.TransferCharacteristics.st428.rawValue == 17)
        #expect(CICP.TransferCharacteristics.hlg.rawValue == 18)
        // H.273 Table 4.
        #expect(CICP.MatrixCoefficients.identity.rawValue == 0)
        #expect(CICP.MatrixCoefficients.bt2020NonConstantLuminance.rawValue == 9)
        #expect(CICP.MatrixCoefficients.ictcp.rawValue == 14)
        #expect(CICP.MatrixCoefficients.ycgcoRo.rawValue == 17)
        // Every named constant that is not `.unspecified` is a defined code.
        #expect(CICP.ColorPrimaries.unspecified.status == .unspecified)
        #expect(CICP.MatrixCoefficients.ycgcoRe.status == .defined)
    }

    @Test("Descriptions name the code")
    func descriptions() {
        #expect(CICP.TransferCharacteristics.pq.description == "16 (SMPTE ST 2084)")
        #expect(CICP.ColorPrimaries(rawValue: 3).description == "3 (reserved (3))")
        #expect(CICP.MatrixCoefficients.unspecified.description == "2 (unspecified)")
        #expect(CICP.bt2100PQ.description == "9/16/0/1")
        #expect(CICP.bt2100PQ.summary == "Rec. ITU-R BT.2020-2 / SMPTE ST 2084 / Identity / full range")
        #expect(
            CICP.bt709Video.summary == "Rec. ITU-R BT.709-6 / Rec. ITU-R BT.709-6 / Rec. ITU-R BT.709-6 / narrow range")
    }

    @Test("The name table has one row per code point and per CGColorSpace combination")
    func tableRowsAreUnique() {
        var seen = Set<CICP.NameTableRow.Subject>()
        for row in CICP.nameTable {
            #expect(seen.insert(row.subject).inserted, "duplicate row \(row.subject)")
            if row.subject.codePoint == nil {
                #expect(!row.cgColorSpace.isEmpty)
                for system in CICP.NamingSystem.allCases where system != .cgColorSpace {
                    #expect(row.names(in: system).isEmpty)
                }
            } else {
                #expect(row.cgColorSpace.isEmpty)
                #expect(!row.h273.isEmpty && !row.ffmpegConstant.isEmpty && !row.ffmpegName.isEmpty)
            }
        }
    }

    @Test("Typed views read and write the raw fields")
    func typedViews() {
        var value = CICP(colorPrimaries: 1, transferCharacteristics: 1, matrixCoefficients: 1, videoFullRange: false)
        value.primaries = .bt2020
        value.transfer = .hlg
        value.matrix = .bt2020NonConstantLuminance
        value.range = .full
        #expect(
            value == CICP(colorPrimaries: 9, transferCharacteristics: 18, matrixCoefficients: 9, videoFullRange: true))
        #expect(value.range == .full)
    }

    @Test("Presets have the codes their standards give")
    func presets() {
        #expect(CICP.sRGB.description == "1/13/0/1")
        #expect(CICP.displayP3.description == "12/13/0/1")
        #expect(CICP.linearSRGB.description == "1/8/0/1")
        #expect(CICP.bt709.description == "1/1/0/1")
        #expect(CICP.bt2100PQ.description == "9/16/0/1")
        #expect(CICP.bt2100HLG.description == "9/18/0/1")
        #expect(CICP.displayP3PQ.description == "12/16/0/1")
        #expect(CICP.displayP3HLG.description == "12/18/0/1")
        #expect(CICP.bt709Video.description == "1/1/1/0")
        #expect(CICP.bt601Video525.description == "6/6/6/0")
        #expect(CICP.bt601Video625.description == "5/6/5/0")
        #expect(CICP.bt2020Video.description == "9/14/9/0")
        #expect(CICP.bt2100PQVideo.description == "9/16/9/0")
        #expect(CICP.bt2100HLGVideo.description == "9/18/9/0")
    }
}
