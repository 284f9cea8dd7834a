extension ColorSpace {
    /// The cataloged colour space with the given name, or `nil`.
    ///
    /// Matches, ignoring case, spaces, `-`, `_` and `.`: the kebab-case ``identifier`` ("bt2100-pq",
    /// "extended-linear-display-p3"), the ``name`` ("Display P3"), the full ``cgColorSpaceName``
    /// ("kCGColorSpaceITUR_2100_PQ") and the CG name without its "kCGColorSpace" prefix ("ITUR_2100_PQ"), and
    /// Apple's deprecated names of the same spaces (``deprecatedCGColorSpaceNames``).
    public static func named(_ name: String) -> ColorSpace? {
        let key = lookupKey(name)
        guard !key.isEmpty else { return nil }
        if let found = all.first(where: { $0.lookupKeys.contains(key) }) { return found }
        if let alias = aliases.first(where: { lookupKey($0.name) == key }) { return alias.space }
        return deprecatedCGColorSpaceNames.first { cgLookupKeys($0.name).contains(key) }?.space
    }

    /// Other names people give cataloged spaces, which ``named(_:)`` also accepts: the "Rec." spellings, a transfer
    /// function's name for its BT.2100 space, FFmpeg's and short forms ("p3", "scrgb", "edr").
    public static let aliases: [(name: String, space: ColorSpace)] = [
        ("rec709", .bt709), ("rec2020", .bt2020), ("rec2100-pq", .bt2100PQ), ("rec2100-hlg", .bt2100HLG),
        ("bt2020-pq", .bt2100PQ), ("bt2020-hlg", .bt2100HLG), ("pq", .bt2100PQ), ("smpte2084", .bt2100PQ),
        ("st2084", .bt2100PQ), ("hdr10", .bt2100PQ), ("hlg", .bt2100HLG), ("arib-std-b67", .bt2100HLG),
        ("p3", .displayP3), ("p3-d65", .displayP3), ("p3-pq", .displayP3PQ), ("p3-hlg", .displayP3HLG),
        ("srgb-linear", .linearSRGB), ("scrgb", .extendedLinearSRGB), ("display-p3-linear", .linearDisplayP3),
        ("edr", .extendedLinearDisplayP3), ("aces", .acesCG), ("ap1", .acesCG),
    ]

    /// The known name nearest to a mistyped one (an ``identifier`` or an alias), for "did you mean" hints.
    public static func nearestName(to name: String) -> String? {
        NameSuggestion.nearest(to: name, in: all.compactMap(\.identifier) + aliases.map(\.name))
    }

    /// CGColorSpace names Apple has deprecated in favour of a cataloged space's ``cgColorSpaceName``
    /// (CoreGraphics `CGColorSpace.h`): the BT.2020-named PQ and HLG spaces, now `kCGColorSpaceITUR_2100_PQ` and
    /// `kCGColorSpaceITUR_2100_HLG`, and the `_PQ_EOTF` spellings.
    public static let deprecatedCGColorSpaceNames: [(name: String, space: ColorSpace)] = [
        ("kCGColorSpaceITUR_2020_PQ", .bt2100PQ),
        ("kCGColorSpaceITUR_2020_PQ_EOTF", .bt2100PQ),
        ("kCGColorSpaceITUR_2020_HLG", .bt2100HLG),
        ("kCGColorSpaceDisplayP3_PQ_EOTF", .displayP3PQ),
    ]

    /// The normalised keys ``named(_:)`` matches for this space.
    var lookupKeys: Set<String> {
        var keys: Set<String> = [Self.lookupKey(name)]
        if let identifier { keys.insert(Self.lookupKey(identifier)) }
        if let cg = cgColorSpaceName { keys.formUnion(Self.cgLookupKeys(cg)) }
        return keys
    }

    /// The keys of a CGColorSpace name: with and without its "kCGColorSpace" prefix.
    static func cgLookupKeys(_ cgName: String) -> Set<String> {
        let prefix = "kCGColorSpace"
        guard cgName.hasPrefix(prefix) else { return [lookupKey(cgName)] }
        return [lookupKey(cgName), lookupKey(String(cgName.dropFirst(prefix.count)))]
    }

    /// Lower-cased with separators (space, `-`, `_`, `.`) removed.
    static func lookupKey(_ name: String) -> String {
        String(name.lowercased().filter { !" -_.".contains($0) })
    }
}
