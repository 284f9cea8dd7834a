import SignalCoding
import Testing

/// Parses `name` as a code point of `field`, returning the code.
private func parse(_ name: String, _ field: CICP.Field) throws(CICP.Error) -> UInt8 {
    switch field {
    case .colorPrimaries: try CICP.ColorPrimaries(name: name).rawValue
    case .transferCharacteristics: try CICP.TransferCharacteristics(name: name).rawValue
    case .matrixCoefficients, .videoFullRangeFlag: try CICP.MatrixCoefficients(name: name).rawValue
    }
}

/// The codes `name` may parse to: one code, or the candidates of an ambiguous name.
private func parsedCodes(_ name: String, _ field: CICP.Field) -> [UInt8] {
    do { return [try parse(name, field)] } catch {
        if case .ambiguousName(_, _, let candidates) = error { return candidates }
        return []
    }
}

@Suite("CICP names (H.273, CoreVideo, AVFoundation, CGColorSpace, FFmpeg)")
struct CICPNameTests {
    @Test("Every parseable name of every row reads back as its code, in every naming system")
    func roundTripEveryRow() {
        var checked = 0
        for row in CICP.nameTable {
            guard let (field, code) = row.subject.codePoint else { continue }
            for system in CICP.NamingSystem.allCases {
                for name in row.names(in: system) {
                    let codes = parsedCodes(name.spelling, field)
                    if name.isParseable {
                        #expect(codes.contains(code), "\(system) \"\(name)\" → \(codes), expected \(field) \(code)")
                        // Only CoreVideo's UseGamma stands for two codes.
                        #expect(codes.count == 1 || name.spelling == "UseGamma", "\(name) → \(codes)")
                        // Upper, lower and padded spellings parse alike.
                        #expect(parsedCodes(" \(name.spelling.uppercased())\t", field) == codes)
                        #expect(parsedCodes(name.spelling.lowercased(), field) == codes)
                    } else {
                        // Written-only names read as a functionally identical code.
                        #expect(codes.count == 1 && codes != [code], "\(name) → \(codes)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 150)
    }

    private struct Pair: Hashable {
        var field: CICP.Field
        var code: UInt8
    }

    private let writtenOnly: [Pair: UInt8] = [
        Pair(field: .transferCharacteristics, code: 6): 1, Pair(field: .transferCharacteristics, code: 15): 14,
        Pair(field: .matrixCoefficients, code: 5): 6,
    ]

    @Test("code → written name → code for every defined code and every system that names it")
    func codeToNameToCode() throws {
        for field in cicpCodeFields {
            for code in 0...255 {
                try withCICPCodePoint(field, UInt8(code)) { point in
                    for system in CICP.NamingSystem.allCases {
                        guard let name = point.name(in: system) else { continue }
                        let back = parsedCodes(name, field)
                        // Apple writes functionally identical codes with one name, which reads back as the other
                        // (H.273 Table 3: 1 = 6 = 14 = 15; Table 4: 5 = 6).
                        let readsAs = writtenOnly[Pair(field: field, code: UInt8(code))]
                        if let readsAs, system == .coreVideo || system == .avFoundation {
                            #expect(back == [readsAs], "\(field) \(code) → \(system) \"\(name)\" → \(back)")
                        } else {
                            #expect(back.contains(UInt8(code)), "\(field) \(code) → \(system) \"\(name)\" → \(back)")
                        }
                    }
                    if point.isDefined || point.isUnspecified {
                        // Every non-reserved code has an H.273, an FFmpeg constant and an FFmpeg short name.
                        #expect(point.name(in: .h273) != nil && point.name(in: .ffmpegName) != nil)
                        let constant = try #require(point.name(in: .ffmpegConstant))
                        #expect(parsedCodes(constant, field) == [UInt8(code)])
                    }
                }
            }
        }
    }

    @Test("Constant names parse with and without their k…/AV…/AVCOL_ prefixes")
    func prefixes() throws {
        #expect(try CICP.ColorPrimaries(name: "kCVImageBufferColorPrimaries_ITU_R_2020") == .bt2020)
        #expect(try CICP.ColorPrimaries(name: "AVVideoColorPrimaries_ITU_R_2020") == .bt2020)
        #expect(try CICP.ColorPrimaries(name: "ITU_R_2020") == .bt2020)
        #expect(try CICP.ColorPrimaries(name: "kCMFormatDescriptionColorPrimaries_P3_D65") == .displayP3)
        #expect(try CICP.TransferCharacteristics(name: "kCVImageBufferTransferFunction_SMPTE_ST_2084_PQ") == .pq)
        #expect(try CICP.TransferCharacteristics(name: "AVVideoTransferFunction_ITU_R_2100_HLG") == .hlg)
        // The constant is named _sRGB but holds "IEC_sRGB"; both spellings parse.
        #expect(try CICP.TransferCharacteristics(name: "kCVImageBufferTransferFunction_sRGB") == .sRGB)
        #expect(try CICP.TransferCharacteristics(name: "IEC_sRGB") == .sRGB)
        #expect(
            try CICP.MatrixCoefficients(name: "kCVImageBufferYCbCrMatrix_ITU_R_2020") == .bt2020NonConstantLuminance)
        #expect(try CICP.MatrixCoefficients(name: "AVVideoYCbCrMatrix_ITU_R_601_4") == .smpte170M)
        #expect(try CICP.TransferCharacteristics(name: "AVCOL_TRC_SMPTE2084") == .pq)
        #expect(try CICP.TransferCharacteristics(name: "AVCOL_TRC_SMPTEST2084") == .pq)
        #expect(try CICP.TransferCharacteristics(name: "SMPTE2084") == .pq)
        #expect(try CICP.MatrixCoefficients(name: "AVCOL_SPC_BT2020_NCL") == .bt2020NonConstantLuminance)
        #expect(try CICP.MatrixCoefficients(name: "rgb") == .identity)
        // FFmpeg short names (ffprobe output).
        #expect(try CICP.ColorPrimaries(name: "bt2020") == .bt2020)
        #expect(try CICP.TransferCharacteristics(name: "arib-std-b67") == .hlg)
        #expect(try CICP.MatrixCoefficients(name: "bt2020nc") == .bt2020NonConstantLuminance)
        #expect(try CICP.TransferCharacteristics(name: "unknown") == .unspecified)
        // H.273 names.
        #expect(try CICP.ColorPrimaries(name: "rec. itu-r bt.2100-2") == .bt2020)
        #expect(try CICP.TransferCharacteristics(name: "ARIB STD-B67") == .hlg)
    }

    @Test("EBU 3213 means ColourPrimaries 5 to Apple and 22 to FFmpeg and H.273")
    func ebu3213() throws {
        #expect(try CICP.ColorPrimaries(name: "kCVImageBufferColorPrimaries_EBU_3213") == .bt470BG)
        #expect(try CICP.ColorPrimaries(name: "AVCOL_PRI_EBU3213") == .ebu3213)
        #expect(try CICP.ColorPrimaries(name: "jedec-p22") == .ebu3213)
        #expect(try CICP.ColorPrimaries(name: "P22") == .ebu3213)
        #expect(try CICP.ColorPrimaries(name: "EBU Tech. 3213-E") == .ebu3213)
        #expect(CICP.ColorPrimaries.bt470BG.name(in: .coreVideo) == "EBU_3213")
        #expect(CICP.ColorPrimaries.ebu3213.name(in: .coreVideo) == "P22")
    }

    @Test("Ambiguous and unknown names give typed errors with clear messages")
    func errors() {
        #expect(throws: CICP.Error.ambiguousName("UseGamma", field: .transferCharacteristics, candidates: [4, 5])) {
            try CICP.TransferCharacteristics(name: "UseGamma")
        }
        #expect(
            CICP.Error.ambiguousName("UseGamma", field: .transferCharacteristics, candidates: [4, 5]).description
                == "\"UseGamma\" names several TransferCharacteristics code points (4, 5); give the code instead")
        #expect(throws: CICP.Error.unknownName("bt2021", field: .colorPrimaries)) {
            try CICP.ColorPrimaries(name: "bt2021")
        }
        #expect(
            CICP.Error.unknownName("bt2021", field: .colorPrimaries).description
                == "no ColourPrimaries code point is named \"bt2021\"")
        // A name with another field's prefix does not match.
        #expect(throws: CICP.Error.unknownName("kCVImageBufferTransferFunction_ITU_R_709_2", field: .colorPrimaries)) {
            try CICP.ColorPrimaries(name: "kCVImageBufferTransferFunction_ITU_R_709_2")
        }
        // FFmpeg's "reserved" is not a name of a code point; neither is an empty string or a bare prefix.
        for name in ["reserved", "", "   ", "AVCOL_PRI_", "kCVImageBufferColorPrimaries_"] {
            #expect(throws: CICP.Error.unknownName(name, field: .colorPrimaries)) {
                try CICP.ColorPrimaries(name: name)
            }
        }
        // Names of other fields.
        #expect(throws: CICP.Error.unknownName("smpte2084", field: .colorPrimaries)) {
            try CICP.ColorPrimaries(name: "smpte2084")
        }
    }

    @Test(
        "CoreVideo and AVFoundation names match Apple's constants",
        arguments: [CICP.NamingSystem.coreVideo, .avFoundation])
    func appleNames(system: CICP.NamingSystem) throws {
        let rows = try CICPFixture.appleNames().filter { $0.system == system }
        #expect(!rows.isEmpty)
        for row in rows {
            let field = try #require(row.field)
            let expected = row.readsAs == "ambiguous" ? row.writtenFor.compactMap { UInt8($0) } : [UInt8(row.readsAs)!]
            #expect(parsedCodes(row.constant, field) == expected, "\(row.constant)")
            #expect(parsedCodes(row.value, field) == expected, "\(row.value)")
            for code in row.writtenFor {
                withCICPCodePoint(field, UInt8(code)!) { point in
                    #expect(point.name(in: system) == row.value, "\(field) \(code) in \(system)")
                }
            }
        }
        // Every name the table writes for the system is in the fixture.
        for field in cicpCodeFields {
            for code in 0...255 {
                withCICPCodePoint(field, UInt8(code)) { point in
                    guard let name = point.name(in: system) else { return }
                    #expect(
                        rows.contains { $0.field == field && $0.value == name && $0.writtenFor.contains(String(code)) },
                        "\(system) writes \(field) \(code) as \(name), not in apple-names.csv")
                }
            }
        }
    }

    @Test("A whole value is spelled field by field in each system")
    func valueNames() {
        #expect(CICP.bt2100PQVideo.name(in: .ffmpegName) == "bt2020 / smpte2084 / bt2020nc")
        #expect(CICP.bt2100PQVideo.name(in: .coreVideo) == "ITU_R_2020 / SMPTE_ST_2084_PQ / ITU_R_2020")
        #expect(CICP.bt2100PQ.name(in: .coreVideo) == "ITU_R_2020 / SMPTE_ST_2084_PQ / 0")
        #expect(CICP.bt2100PQ.name(in: .h273) == "Rec. ITU-R BT.2020-2 / SMPTE ST 2084 / Identity")
        #expect(CICP.bt2100PQ.name(in: .cgColorSpace) == "kCGColorSpaceITUR_2100_PQ")
        let reserved = CICP(colorPrimaries: 3, transferCharacteristics: 0, matrixCoefficients: 3, videoFullRange: true)
        #expect(reserved.name(in: .ffmpegConstant) == nil)
        #expect(
            CICP(colorPrimaries: 3, transferCharacteristics: 16, matrixCoefficients: 3, videoFullRange: true)
                .name(in: .ffmpegConstant) == "3 / AVCOL_TRC_SMPTE2084 / 3")
    }

    @Test("CGColorSpace names map to primaries + transfer combinations")
    func cgColorSpaceNames() throws {
        let rows = try CICPFixture.appleNames().filter { $0.system == .cgColorSpace }
        #expect(rows.count == 20)
        for row in rows {
            let codes = row.readsAs.split(separator: "/").map { UInt8($0)! }
            let expected = CICP(
                colorPrimaries: codes[0], transferCharacteristics: codes[1], matrixCoefficients: 0,
                videoFullRange: true)
            #expect(try CICP(cgColorSpaceName: row.constant) == expected, "\(row.constant)")
            // Without the k prefix, in Swift's spelling, and in any case.
            let bare = String(row.constant.dropFirst("kCGColorSpace".count))
            #expect(try CICP(cgColorSpaceName: bare.lowercased()) == expected)
            #expect(try CICP(cgColorSpaceName: "CGColorSpace." + bare) == expected)
            if !row.writtenFor.isEmpty { #expect(expected.cgColorSpaceName == row.constant) }
        }
        // Transfer codes 1, 6, 14 and 15 are one function: all give kCGColorSpaceITUR_2020 with BT.2020 primaries.
        for transfer: UInt8 in [1, 6, 14, 15] {
            let value = CICP(
                colorPrimaries: 9, transferCharacteristics: transfer, matrixCoefficients: 9, videoFullRange: false)
            #expect(value.cgColorSpaceName == "kCGColorSpaceITUR_2020")
        }
        #expect(CICP.bt2100PQVideo.cgColorSpaceName == "kCGColorSpaceITUR_2100_PQ")
        #expect(
            CICP(colorPrimaries: 10, transferCharacteristics: 17, matrixCoefficients: 0, videoFullRange: true)
                .cgColorSpaceName == nil)
        #expect(throws: CICP.Error.unknownName("kCGColorSpaceAdobeRGB1998", field: nil)) {
            try CICP(cgColorSpaceName: "kCGColorSpaceAdobeRGB1998")
        }
        #expect(
            CICP.Error.unknownName("kCGColorSpaceAdobeRGB1998", field: nil).description
                == "no CGColorSpace name with H.273 code points is \"kCGColorSpaceAdobeRGB1998\"")
    }
}
