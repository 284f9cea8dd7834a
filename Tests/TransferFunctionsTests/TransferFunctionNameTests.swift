import Testing
import TransferFunctions

@Suite("Transfer function names")
struct TransferFunctionNameTests {
    @Test("Every catalogued curve reads back from its identifier; identifiers and descriptions are unique")
    func catalog() {
        for curve in TransferFunction.catalog {
            #expect(TransferFunction(named: curve.identifier) == curve, "\(curve.identifier)")
            #expect(TransferFunction(named: curve.identifier.uppercased()) == curve)
        }
        #expect(Set(TransferFunction.catalog.map(\.identifier)).count == TransferFunction.catalog.count)
        #expect(Set(TransferFunction.catalog.map(\.description)).count == TransferFunction.catalog.count)
        // Every case is in the catalogue.
        #expect(Set(TransferFunction.catalog.compactMap(\.cicp)).count >= 14)
    }

    @Test("Any gamma by name; parameters off the catalogue keep readable, round-tripping names")
    func parameters() {
        #expect(TransferFunction(named: "gamma2.35") == .gamma(2.35))
        #expect(TransferFunction.gamma(2.35).identifier == "gamma2.35")
        #expect(TransferFunction.gamma(1.0 / 3).identifier.hasPrefix("gamma0.333"))
        #expect(TransferFunction(named: TransferFunction.gamma(1.0 / 3).identifier) == .gamma(1.0 / 3))
        #expect(
            TransferFunction.bt1886(whiteLuminance: 300, blackLuminance: 0.1).description
                == "BT.1886 (300 cd/m², black 0.1)")
        for bad in ["", "gamma", "gamma-1", "gamma0", "gammainf", "gammanan", "gamma22", "pq2", "sRGB (IEC 61966-2-1)"]
        {
            #expect(TransferFunction(named: bad) == nil, "\(bad)")
        }
        #expect(
            TransferFunction.pq.description == "PQ (SMPTE ST 2084)"
                && TransferFunction.adobeRGB.identifier == "adobe-rgb")
    }
}
