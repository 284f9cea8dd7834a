extension TransferFunction: CustomStringConvertible {
    /// The curves with names: every case, with the usual parameters for ``gamma(_:)`` and
    /// ``bt1886(whiteLuminance:blackLuminance:)``. Their ``identifier``s are what command lines and configuration
    /// files accept.
    public static let catalog: [TransferFunction] = [
        .pq, .hlg, .srgb, .bt709, .bt2020TwelveBit, .bt1886, .gamma22, .gamma24, .gamma26, .gamma28, .adobeRGB,
        .smpte240m, .st428, .log100, .log100Sqrt10, .iec61966_2_4, .bt1361, .linear,
    ]

    /// The curve named by `name`: an ``identifier`` (case-insensitive), or `gammaX` for any gamma 0 < X ≤ 10
    /// (e.g. `gamma2.35`; `gamma22` is refused rather than read as gamma 22).
    public init?(named name: String) {
        let key = name.lowercased()
        if let match = Self.catalog.first(where: { $0.identifier == key }) {
            self = match
        } else if key.hasPrefix("gamma"), let g = Double(key.dropFirst(5)), g > 0, g <= 10 {
            self = .gamma(g)
        } else {
            return nil
        }
    }

    /// A lower-case name without spaces, e.g. `pq`, `srgb`, `gamma2.2`, `bt1886`; ``init(named:)`` reads it back.
    public var identifier: String {
        switch self {
        case .linear: "linear"
        case .srgb: "srgb"
        case .gamma(let g) where g == 563.0 / 256.0: "adobe-rgb"
        case .gamma(let g): "gamma\(Self.number(g))"
        case .bt709: "bt709"
        case .bt2020TwelveBit: "bt2020-12bit"
        case .bt1886(let white, let black) where white == 100 && black == 0: "bt1886"
        case .bt1886(let white, let black): "bt1886-\(Self.number(white))-\(Self.number(black))"
        case .smpte240m: "smpte240m"
        case .log100: "log100"
        case .log100Sqrt10: "log100-sqrt10"
        case .iec61966_2_4: "xvycc"
        case .bt1361: "bt1361"
        case .st428: "st428"
        case .pq: "pq"
        case .hlg: "hlg"
        }
    }

    /// The curve and its standard, e.g. "PQ (SMPTE ST 2084)", "gamma 2.2", "BT.1886 (100 cd/m², black 0)".
    public var description: String {
        switch self {
        case .linear: "linear"
        case .srgb: "sRGB (IEC 61966-2-1)"
        case .gamma(let g) where g == 563.0 / 256.0: "Adobe RGB (gamma 563/256)"
        case .gamma(let g): "gamma \(Self.number(g))"
        case .bt709: "BT.709"
        case .bt2020TwelveBit: "BT.2020 (12-bit constants)"
        case .bt1886(let white, let black):
            "BT.1886 (\(Self.number(white)) cd/m², black \(Self.number(black)))"
        case .smpte240m: "SMPTE ST 240M"
        case .log100: "log 100:1"
        case .log100Sqrt10: "log 100√10:1"
        case .iec61966_2_4: "xvYCC (IEC 61966-2-4)"
        case .bt1361: "BT.1361"
        case .st428: "SMPTE ST 428-1"
        case .pq: "PQ (SMPTE ST 2084)"
        case .hlg: "HLG (BT.2100)"
        }
    }

    /// The shortest decimal that reads back as `x` ("2.2", "100"), so that identifiers round-trip.
    private static func number(_ x: Double) -> String {
        x == x.rounded() && Swift.abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }
}
