import ColorSpaces
import Testing
import TransferFunctions
import SignalCoding

@Suite("CICP ⇄ RGBPrimaries, YCbCrMatrix, ColorSpace")
struct CICPConversionTests {
    // MARK: RGBPrimaries

    @Test("Every defined ColourPrimaries code has primaries that map back to it (H.273 Table 2)")
    func primariesRoundTrip() throws {
        for code in CICP.ColorPrimaries.allDefined {
            let primaries = try #require(RGBPrimaries(cicp: code), "\(code)")
            #expect(primaries.cicp == code, "\(code) → \(primaries.name) → \(String(describing: primaries.cicp))")
            #expect(RGBPrimaries(cicp: Int(code.rawValue)) == primaries)
        }
        for code in [-1, 0, 2, 3, 13, 21, 23, 255, 256] {
            #expect(RGBPrimaries(cicp: code) == nil, "\(code)")
        }
    }

    @Test("H.273 Table 2 chromaticities of selected codes")
    func primariesValues() throws {
        let bt2020 = try #require(RGBPrimaries(cicp: 9))
        #expect(bt2020.red == Chromaticity(x: 0.708, y: 0.292) && bt2020.green == Chromaticity(x: 0.170, y: 0.797))
        #expect(
            bt2020.blue == Chromaticity(x: 0.131, y: 0.046)
                && bt2020.white.chromaticity == Chromaticity(x: 0.3127, y: 0.3290))
        let p3 = try #require(RGBPrimaries(cicp: .displayP3))
        #expect(
            p3.red == Chromaticity(x: 0.680, y: 0.320) && p3.white.chromaticity == Chromaticity(x: 0.3127, y: 0.3290))
        let dci = try #require(RGBPrimaries(cicp: .dciP3))
        #expect(dci.white.chromaticity == Chromaticity(x: 0.314, y: 0.351))
        let ebu = try #require(RGBPrimaries(cicp: 22))
        #expect(ebu.green == Chromaticity(x: 0.295, y: 0.605) && ebu.blue == Chromaticity(x: 0.155, y: 0.077))
    }

    @Test("Primaries match by colorimetry: renamed copies, HDR10's rounded white, SMPTE 170M/240M")
    func primariesApproximateMatch() {
        var hdr10 = RGBPrimaries.bt2020
        hdr10.name = "HDR10 mastering"
        hdr10.white = WhitePoint(x: 0.31271, y: 0.32902, name: "D65 (HDR10)")
        #expect(hdr10.cicp == .bt2020)
        var renamed = RGBPrimaries.smpte240M
        renamed.name = "SMPTE-C"
        #expect(renamed.cicp == .smpte170M)  // equal coordinates: the lowest code
        #expect(RGBPrimaries.smpte240M.cicp == .smpte240M)  // the catalog value itself: exact
        for primaries in [RGBPrimaries.adobeRGB, .proPhoto, .acesAP0, .acesAP1] {
            #expect(primaries.cicp == nil, "\(primaries.name)")
        }
    }

    // MARK: YCbCrMatrix

    @Test("MatrixCoefficients → YCbCrMatrix (H.273 Table 4), ICtCp by TransferCharacteristics")
    func matrixFromCode() {
        let expected: [UInt8: YCbCrMatrix] = [
            0: .identity, 1: .bt709, 4: .fcc, 5: .bt601, 6: .bt601, 7: .smpte240m, 8: .ycgco,
            9: .bt2020NonConstantLuminance, 10: .bt2020ConstantLuminance,
        ]
        for code in 0...255 {
            for transfer in CICP.TransferCharacteristics.allDefined {
                let m = YCbCrMatrix(
                    matrixCoefficients: CICP.MatrixCoefficients(rawValue: UInt8(code)),
                    transferCharacteristics: transfer)
                let want: YCbCrMatrix? =
                    code == 14
                    ? (transfer == .pq ? .ictcpPQ : transfer == .hlg ? .ictcpHLG : nil) : expected[UInt8(code)]
                #expect(m == want, "MatrixCoefficients \(code) with \(transfer)")
            }
        }
    }

    @Test("YCbCrMatrix → MatrixCoefficients → YCbCrMatrix for every case", arguments: YCbCrMatrix.allCases)
    func matrixRoundTrip(matrix: YCbCrMatrix) {
        let value = CICP(primaries: .bt2020, transfer: matrix.requiredCICPTransfer ?? .bt709, matrix: matrix.cicp)
        #expect(YCbCrMatrix(cicp: value) == matrix)
        #expect(matrix.cicp.isDefined)
    }

    /// H.273 Table 4 codes of each matrix. BT.601 is written as 6 (SMPTE 170M), the documented choice between the
    /// functionally identical 5 and 6; both ICtCp forms are 14.
    @Test("YCbCrMatrix → MatrixCoefficients codes (H.273 Table 4)")
    func matrixCodes() {
        let expected: [(YCbCrMatrix, UInt8)] = [
            (.identity, 0), (.bt709, 1), (.fcc, 4), (.bt601, 6), (.smpte240m, 7), (.ycgco, 8),
            (.bt2020NonConstantLuminance, 9), (.bt2020ConstantLuminance, 10), (.ictcpPQ, 14), (.ictcpHLG, 14),
        ]
        #expect(expected.count == YCbCrMatrix.allCases.count)
        for (matrix, code) in expected { #expect(matrix.cicp.rawValue == code, "\(matrix)") }
    }

    @Test("Codes without a Y′CbCr matrix say why")
    func matrixErrors() throws {
        func matrix(_ m: UInt8, transfer: UInt8 = 1) throws(CICP.Error) -> YCbCrMatrix {
            try CICP(
                colorPrimaries: 9, transferCharacteristics: transfer, matrixCoefficients: m, videoFullRange: false
            )
            .yCbCrMatrix()
        }
        #expect(try matrix(9) == .bt2020NonConstantLuminance)
        #expect(try matrix(14, transfer: 18) == .ictcpHLG)
        #expect(throws: CICP.Error.reservedCode(.matrixCoefficients, 3)) { try matrix(3) }
        #expect(throws: CICP.Error.unspecified(.matrixCoefficients)) { try matrix(2) }
        #expect(throws: CICP.Error.inconsistentMatrix(.ictcp, .bt709)) { try matrix(14) }
        for code: UInt8 in [11, 12, 13, 15, 16, 17] {
            #expect(throws: CICP.Error.unsupportedCode(.matrixCoefficients, code)) { try matrix(code) }
        }
        #expect(
            CICP.Error.unsupportedCode(.matrixCoefficients, 11).description
                == "MatrixCoefficients 11 is defined by H.273 but has no model in this library")
        #expect(
            CICP.Error.inconsistentMatrix(.ictcp, .bt709).description
                == "MatrixCoefficients 14 (Rec. ITU-R BT.2100-2 ICtCp) does not fit TransferCharacteristics "
                + "1 (Rec. ITU-R BT.709-6): ICtCp (14) is defined for 16 (PQ) and 18 (HLG) only")
    }

    // MARK: ColorSpace

    /// The H.273 codes (primaries/transfer) of the catalog spaces that have them.
    static let catalogCodes: [String: String] = [
        "srgb": "1/13", "extended-srgb": "1/13", "linear-srgb": "1/8", "extended-linear-srgb": "1/8",
        "display-p3": "12/13", "extended-display-p3": "12/13", "linear-display-p3": "12/8",
        "extended-linear-display-p3": "12/8", "bt709": "1/1", "bt2020": "9/1", "linear-bt2020": "9/8",
        "extended-linear-bt2020": "9/8", "bt2100-pq": "9/16", "bt2100-hlg": "9/18", "display-p3-pq": "12/16",
        "display-p3-hlg": "12/18",
    ]

    /// Catalog spaces whose primaries or curve have no code: ACEScg (AP1), Adobe RGB, DCI-P3 (gamma 2.6), ProPhoto.
    static let catalogWithoutCodes: Set<String> = ["acescg", "adobe-rgb", "dci-p3", "prophoto"]

    @Test("Every catalog space with codes is covered")
    func catalogCoverage() {
        let ids = Set(ColorSpace.all.compactMap(\.identifier))
        #expect(Set(Self.catalogCodes.keys).isSubset(of: ids))
        #expect(Self.catalogWithoutCodes.isSubset(of: ids))
    }

    @Test("ColorSpace ⇄ CICP for every catalog space", arguments: ColorSpace.all)
    func catalogRoundTrip(space: ColorSpace) throws {
        let id = try #require(space.identifier)
        if Self.catalogWithoutCodes.contains(id) {
            #expect(throws: CICP.Error.self) { try CICP(colorSpace: space) }
            return
        }
        let value: CICP
        if let codes = Self.catalogCodes[id] {
            value = try CICP(colorSpace: space)
            #expect(value.description == codes + "/0/1", "\(id)")
        } else {
            // A space added to the catalog later: if it has codes, it must round-trip.
            guard let coded = try? CICP(colorSpace: space) else { return }
            value = coded
        }
        #expect(value.isValid(.png) && value.isFullySpecified)
        let back = try ColorSpace(cicp: value)
        #expect(back.isApproximatelyEqual(to: space, ignoringOutOfRange: true))
        // H.273 has no extended flag: linear light comes back extended, every other curve clamped.
        #expect(back.outOfRange == (space.transferFunction == .linear ? .extended : .clamped))
        guard Self.catalogCodes[id] != nil else { return }
        if space.outOfRange == back.outOfRange { #expect(back == space) }
        // The CGColorSpace names of the catalog agree with the CICP name table.
        let cgName = try #require(space.cgColorSpaceName)
        #expect(try CICP(cgColorSpaceName: cgName) == value, "\(cgName)")
        if space.outOfRange == .clamped { #expect(value.cgColorSpaceName == cgName) }
    }

    @Test("BT.2100 PQ is 9/16/0/1 as RGB and 9/16/9/0 as video")
    func bt2100() throws {
        #expect(try CICP(colorSpace: .bt2100PQ) == .bt2100PQ)
        #expect(try CICP(colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance, range: .narrow) == .bt2100PQVideo)
        #expect(
            try CICP(colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance, range: .narrow) == .bt2100HLGVideo)
        #expect(try CICP(colorSpace: .bt709, matrix: .bt709, range: .narrow) == .bt709Video)
        #expect(try CICP(colorSpace: .bt2100PQ, matrix: .ictcpPQ).description == "9/16/14/1")
        #expect(throws: CICP.Error.inconsistentMatrix(.ictcp, .pq)) {
            try CICP(colorSpace: .bt2100PQ, matrix: .ictcpHLG)
        }
        #expect(try ColorSpace(cicp: .bt2100PQVideo) == .bt2100PQ)
        #expect(try ColorSpace(cicp: .bt2100HLG) == .bt2100HLG)
    }

    /// Linear P3 from AVFoundation keys (12/8) must not clip HDR at 1.0: linear CICP spaces default to extended, and
    /// the caller can choose either behaviour for any curve.
    @Test("Linear light from CICP is extended by default; the out-of-range behaviour is a parameter")
    func outOfRangeChoice() throws {
        let linearP3 = CICP(primaries: .displayP3, transfer: .linear)
        #expect(try ColorSpace(cicp: linearP3) == .extendedLinearDisplayP3)
        #expect(try ColorSpace(cicp: linearP3, outOfRange: .clamped) == .linearDisplayP3)
        #expect(try ColorSpace(cicp: .bt2100PQ) == .bt2100PQ)
        let extendedPQ = try ColorSpace(cicp: .bt2100PQ, outOfRange: .extended)
        #expect(extendedPQ.outOfRange == .extended && extendedPQ.transferFunction == .pq)
        #expect(extendedPQ.identifier == "cicp-9-16-extended" && extendedPQ.cgColorSpaceName == nil)
        #expect(try ColorSpace(cicp: CICP(primaries: .bt709, transfer: .sRGB), outOfRange: .extended) == .extendedSRGB)
    }

    @Test("Colour spaces without code points throw noCodePoint with the reason")
    func noCodePoint() {
        #expect(
            throws: CICP.Error.noCodePoint(.colorPrimaries, "the primaries \"Adobe RGB (1998)\" of Adobe RGB (1998)")
        ) {
            try CICP(colorSpace: .adobeRGB)
        }
        #expect(
            throws: CICP.Error.noCodePoint(.transferCharacteristics, "the transfer function gamma 2.6 of DCI-P3")
        ) { try CICP(colorSpace: .dciP3) }
        #expect(
            CICP.Error.noCodePoint(.transferCharacteristics, "the transfer function gamma 2.6 of DCI-P3").description
                == "the transfer function gamma 2.6 of DCI-P3 has no TransferCharacteristics code point in ITU-T H.273")
    }

    @Test("Every defined primaries × transfer pair gives a colour space that maps back (H.273 Tables 2, 3)")
    func everyDefinedPair() throws {
        // TransferFunction(cicp:) merges 1, 6 and 14 (one curve); TransferFunction.cicp writes them as 1.
        let written: [UInt8: UInt8] = [6: 1, 14: 1]
        var generated = 0
        for p in CICP.ColorPrimaries.allDefined {
            for t in CICP.TransferCharacteristics.allDefined {
                let value = CICP(primaries: p, transfer: t, matrix: .bt709, range: .narrow)
                let space = try ColorSpace(cicp: value)
                let back = try CICP(colorSpace: space)
                #expect(back.primaries == p && back.transferCharacteristics == (written[t.rawValue] ?? t.rawValue))
                #expect(back.matrix == .identity && back.range == .full)
                if !ColorSpace.all.contains(space) {
                    generated += 1
                    #expect(space.identifier == "cicp-\(p.rawValue)-\(t.rawValue)" + (t == .linear ? "-extended" : ""))
                }
            }
        }
        #expect(generated > 150)
        let xyz = try ColorSpace(cicp: CICP(primaries: .xyz, transfer: .st428))
        #expect(xyz.name == "SMPTE ST 428-1 / SMPTE ST 428-1 (CICP 10/17)")
        #expect(xyz.primaries == .xyz && xyz.transferFunction == .st428 && xyz.cgColorSpaceName == nil)
        let srgbGamma2020 = try ColorSpace(cicp: CICP(primaries: .bt2020, transfer: .sRGB))
        #expect(srgbGamma2020.cgColorSpaceName == "kCGColorSpaceITUR_2020_sRGBGamma")
    }

    @Test("Reserved and unspecified primaries or transfer cannot make a colour space")
    func colorSpaceErrors() {
        func space(_ p: UInt8, _ t: UInt8) throws(CICP.Error) -> ColorSpace {
            try ColorSpace(
                cicp: CICP(colorPrimaries: p, transferCharacteristics: t, matrixCoefficients: 0, videoFullRange: true))
        }
        #expect(throws: CICP.Error.unspecified(.colorPrimaries)) { try space(2, 16) }
        #expect(throws: CICP.Error.unspecified(.transferCharacteristics)) { try space(9, 2) }
        #expect(throws: CICP.Error.reservedCode(.colorPrimaries, 0)) { try space(0, 16) }
        #expect(throws: CICP.Error.reservedCode(.transferCharacteristics, 19)) { try space(9, 19) }
        // The matrix and range are not part of the RGB space: a reserved matrix does not stop it.
        #expect(
            (try? ColorSpace(
                cicp: CICP(
                    colorPrimaries: 9, transferCharacteristics: 16, matrixCoefficients: 3, videoFullRange: false)))
                == .bt2100PQ)
    }
}
