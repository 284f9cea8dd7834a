import SignalCoding
import Testing

@Suite("CICP validation (ITU-T H.273 Tables 2–4, PNG cICP)")
struct CICPValidationTests {
    @Test("Reserved codes are errors naming the field, value and table")
    func reservedCodes() {
        let value = CICP(colorPrimaries: 3, transferCharacteristics: 19, matrixCoefficients: 18, videoFullRange: true)
        #expect(
            value.validationErrors() == [
                .reservedCode(.colorPrimaries, 3), .reservedCode(.transferCharacteristics, 19),
                .reservedCode(.matrixCoefficients, 18),
            ])
        #expect(throws: CICP.Error.reservedCode(.colorPrimaries, 3)) { try value.validate() }
        #expect(!value.isValid())
        #expect(!value.isFullySpecified)
        #expect(
            CICP.Error.reservedCode(.colorPrimaries, 3).description
                == "ColourPrimaries 3 is reserved (ITU-T H.273 Table 2)")
        #expect(
            CICP.Error.reservedCode(.transferCharacteristics, 0).description
                == "TransferCharacteristics 0 is reserved (ITU-T H.273 Table 3)")
        #expect(
            CICP.Error.reservedCode(.matrixCoefficients, 255).description
                == "MatrixCoefficients 255 is reserved (ITU-T H.273 Table 4)")
    }

    @Test("Every code of every field: validate() fails exactly for reserved codes", arguments: cicpCodeFields)
    func everyCode(field: CICP.Field) throws {
        let ranges = try CICPFixture.codeRanges()
        for code in 0...255 {
            var value = CICP.bt2100PQ
            switch field {
            case .colorPrimaries: value.colorPrimaries = UInt8(code)
            case .transferCharacteristics: value.transferCharacteristics = UInt8(code)
            default: value.matrixCoefficients = UInt8(code)
            }
            let status = try #require(CICPFixture.status(field, code, in: ranges))
            #expect(value.isValid() == (status != .reserved), "\(field) \(code)")
            #expect(value.isFullySpecified == (status == .defined), "\(field) \(code)")
            #expect(value.isValid(.requireFullySpecified) == (status == .defined), "\(field) \(code)")
        }
    }

    @Test("Unspecified is not an error by itself but is reported")
    func unspecified() {
        let value = CICP(colorPrimaries: 2, transferCharacteristics: 16, matrixCoefficients: 2, videoFullRange: false)
        #expect(value.isValid())
        #expect(!value.isFullySpecified)
        #expect(value.unspecifiedFields == [.colorPrimaries, .matrixCoefficients])
        #expect(
            value.validationErrors(.requireFullySpecified) == [
                .unspecified(.colorPrimaries), .unspecified(.matrixCoefficients),
            ])
        #expect(throws: CICP.Error.unspecified(.colorPrimaries)) { try value.validate(.requireFullySpecified) }
        #expect(
            CICP.Error.unspecified(.colorPrimaries).description
                == "ColourPrimaries is 2 (unspecified), but a defined value is needed")
        #expect(CICP.bt2100PQVideo.isFullySpecified && CICP.bt2100PQVideo.unspecifiedFields.isEmpty)
    }

    @Test("PNG cICP: MatrixCoefficients must be 0 for RGB content")
    func pngIdentityMatrix() {
        #expect(CICP.bt2100PQ.isValid(.png))
        #expect(CICP.bt2100PQVideo.isValid())
        #expect(!CICP.bt2100PQVideo.isValid(.png))
        #expect(throws: CICP.Error.matrixNotIdentity(9)) { try CICP.bt2100PQVideo.validate(.png) }
        #expect(
            CICP.Error.matrixNotIdentity(9).description
                == "MatrixCoefficients is 9 but must be 0 (identity) for RGB content, as PNG cICP requires")
        // Reserved codes come first, then the option checks.
        let both = CICP(colorPrimaries: 9, transferCharacteristics: 16, matrixCoefficients: 3, videoFullRange: true)
        #expect(both.validationErrors(.png) == [.reservedCode(.matrixCoefficients, 3), .matrixNotIdentity(3)])
    }
}
