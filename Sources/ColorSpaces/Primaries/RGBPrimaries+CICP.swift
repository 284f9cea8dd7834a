import SignalCoding
extension RGBPrimaries {
    /// The primaries of each defined ITU-T H.273 ColourPrimaries code (Table 2), in code order.
    static let cicpCatalog: [(code: CICP.ColorPrimaries, primaries: RGBPrimaries)] = [
        (.bt709, .bt709), (.bt470M, .bt470M), (.bt470BG, .bt470BG), (.smpte170M, .smpte170M),
        (.smpte240M, .smpte240M), (.genericFilm, .genericFilm), (.bt2020, .bt2020), (.xyz, .xyz),
        (.dciP3, .dciP3), (.displayP3, .displayP3), (.ebu3213, .ebu3213),
    ]

    /// The primaries an ITU-T H.273 ColourPrimaries code (Table 2) denotes, e.g. ``bt2020`` for 9; `nil` for 2
    /// (unspecified) and reserved codes.
    public init?(cicp code: CICP.ColorPrimaries) {
        guard let entry = Self.cicpCatalog.first(where: { $0.code == code }) else { return nil }
        self = entry.primaries
    }

    /// The primaries of an H.273 ColourPrimaries code given as an integer; `nil` outside 0 … 255, for 2 and for
    /// reserved codes.
    public init?(cicp code: Int) {
        guard let byte = UInt8(exactly: code) else { return nil }
        self.init(cicp: CICP.ColorPrimaries(rawValue: byte))
    }

    /// The H.273 ColourPrimaries code of these primaries, or `nil` when they have none (Adobe RGB, ProPhoto, ACES …).
    ///
    /// A catalog value matches exactly (so ``smpte240M`` gives 7 although its coordinates equal ``smpte170M``'s);
    /// other values match by colorimetry within ``defaultChromaticityTolerance``, the lowest code first (6 for the
    /// SMPTE 170M / 240M coordinates).
    public var cicp: CICP.ColorPrimaries? {
        if let entry = Self.cicpCatalog.first(where: { $0.primaries == self }) { return entry.code }
        return Self.cicpCatalog.first { $0.primaries.isApproximatelyEqual(to: self) }?.code
    }
}
