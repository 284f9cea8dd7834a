/// Any of the module's tone-mapping operators, as one concrete value type (no existential dispatch): what a
/// pixel-conversion plan stores as its tone-mapping step.
///
/// The bulk form switches once per call and runs the chosen operator's specialised loop.
public enum ToneMapper: ToneMappingOperator, Hashable {
    /// No tone mapping: pixels pass unchanged (SDR content, or content that fits the display).
    case identity
    /// The EDR headroom-to-headroom curve (the default).
    case headroom(HeadroomCurve)
    /// The ITU-R BT.2390 EETF.
    case bt2390(BT2390EETF)
    /// ITU-R BT.2446 method A (HDR → SDR).
    case bt2446A(BT2446MethodA)
    /// The extended Reinhard curve.
    case reinhard(ExtendedReinhard)
    /// Hard clipping at the display headroom (CAMetalLayer).
    case clip(HardClip)
    /// A table-driven approximation of one of the scalar curves (see ``tabulated()``).
    case tabulated(TabulatedToneCurve)

    /// Tone maps one pixel (linear, 1.0 = reference white) in `Double`.
    public func map(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        switch self {
        case .identity: rgb
        case .headroom(let op): op.map(rgb)
        case .bt2390(let op): op.map(rgb)
        case .bt2446A(let op): op.map(rgb)
        case .reinhard(let op): op.map(rgb)
        case .clip(let op): op.map(rgb)
        case .tabulated(let op): op.map(rgb)
        }
    }

    /// Tone maps planar `Float` RGB in place; see ``ToneMappingOperator/apply(red:green:blue:)``.
    public func apply(
        red: UnsafeMutableBufferPointer<Float>, green: UnsafeMutableBufferPointer<Float>,
        blue: UnsafeMutableBufferPointer<Float>
    ) {
        switch self {
        case .identity: break
        case .headroom(let op): op.apply(red: red, green: green, blue: blue)
        case .bt2390(let op): op.apply(red: red, green: green, blue: blue)
        case .bt2446A(let op): op.apply(red: red, green: green, blue: blue)
        case .reinhard(let op): op.apply(red: red, green: green, blue: blue)
        case .clip(let op): op.apply(red: red, green: green, blue: blue)
        case .tabulated(let op): op.apply(red: red, green: green, blue: blue)
        }
    }

    /// The chosen operator's ``ToneMappingOperator/targetHeadroom``; `nil` for ``identity``.
    public var targetHeadroom: Double? {
        switch self {
        case .identity: nil
        case .headroom(let op): op.targetHeadroom
        case .bt2390(let op): op.targetHeadroom
        case .bt2446A(let op): op.targetHeadroom
        case .reinhard(let op): op.targetHeadroom
        case .clip(let op): op.targetHeadroom
        case .tabulated(let op): op.targetHeadroom
        }
    }

    /// Whether the operator leaves every pixel unchanged.
    public var isIdentity: Bool { self == .identity }

    /// The same operator with its scalar curve replaced by a ``TabulatedToneCurve`` (relative error < 2e-5, several
    /// times faster in bulk); ``identity`` and ``bt2446A(_:)`` are returned unchanged.
    public func tabulated() -> ToneMapper {
        TabulatedToneCurve(self).map(ToneMapper.tabulated) ?? self
    }
}

/// The operators that ``ToneMapper/init(_:contentHeadroom:displayHeadroom:referenceWhite:application:)`` can build,
/// by name (for command lines and configuration).
public enum ToneMappingMethod: String, CaseIterable, Hashable, Sendable {
    /// ``HeadroomCurve``.
    case headroom
    /// ``BT2390EETF`` with the specification's knee.
    case bt2390
    /// ``BT2390EETF`` with libplacebo's knee (KS = 2·maxLum − 1).
    case bt2390Libplacebo = "bt2390-libplacebo"
    /// ``BT2446MethodA`` (always maps to SDR: display headroom 1).
    case bt2446A = "bt2446a"
    /// ``ExtendedReinhard``.
    case reinhard
    /// ``HardClip``.
    case clip

    /// The operator's name for people (plots, docs, reports); the raw value is its word on command lines.
    public var title: String {
        switch self {
        case .headroom: "EDR headroom curve (default)"
        case .bt2390: "BT.2390 EETF (KS = 1.5·maxLum − 0.5)"
        case .bt2390Libplacebo: "BT.2390 EETF, libplacebo knee (2·maxLum − 1)"
        case .bt2446A: "BT.2446 method A (to SDR)"
        case .reinhard: "extended Reinhard"
        case .clip: "hard clip (CAMetalLayer)"
        }
    }
}

extension ToneMapper {
    /// Builds the operator `method` for a content and a display headroom.
    ///
    /// - Parameters:
    ///   - method: Which operator.
    ///   - contentHeadroom: Hc = content peak ÷ reference white (see ``ContentLuminance/headroom(referenceWhite:)``).
    ///   - displayHeadroom: Hd = display peak ÷ reference white (ignored by BT.2446 method A, which targets SDR).
    ///   - referenceWhite: The luminance of 1.0 in cd/m² (used by the PQ-domain and BT.2446 operators).
    ///   - application: How scalar curves are applied; `nil` takes each operator's default (max(RGB), and per channel
    ///     for ``HardClip`` as a display clips).
    public init(
        _ method: ToneMappingMethod,
        contentHeadroom: Double,
        displayHeadroom: Double,
        referenceWhite: Double = ReferenceWhite.bt2408,
        application: ToneCurveApplication? = nil
    ) {
        let ratio = application ?? .maxRGB
        switch method {
        case .headroom:
            self = .headroom(
                HeadroomCurve(contentHeadroom: contentHeadroom, displayHeadroom: displayHeadroom, application: ratio))
        case .bt2390, .bt2390Libplacebo:
            self = .bt2390(
                BT2390EETF(
                    contentHeadroom: contentHeadroom, displayHeadroom: displayHeadroom, referenceWhite: referenceWhite,
                    kneeOffset: method == .bt2390
                        ? BT2390EETF.specificationKneeOffset : BT2390EETF.libplaceboKneeOffset,
                    application: ratio))
        case .bt2446A:
            self = .bt2446A(BT2446MethodA(contentHeadroom: contentHeadroom, referenceWhite: referenceWhite))
        case .reinhard:
            self = .reinhard(
                ExtendedReinhard(contentHeadroom: contentHeadroom, displayHeadroom: displayHeadroom, application: ratio)
            )
        case .clip:
            self = .clip(HardClip(displayHeadroom: displayHeadroom, application: application ?? .perChannel))
        }
    }
}
