import TransferFunctions

extension ColorSpace {
    /// sRGB (IEC 61966-2-1), clamped to [0, 1]. `kCGColorSpaceSRGB`.
    public static let sRGB = ColorSpace(
        name: "sRGB", primaries: .bt709, transferFunction: .srgb,
        cgColorSpaceName: "kCGColorSpaceSRGB", identifier: "srgb")
    /// Extended sRGB: the sRGB curve mirrored below 0 and continued above 1. `kCGColorSpaceExtendedSRGB`.
    public static let extendedSRGB = ColorSpace(
        name: "Extended sRGB", primaries: .bt709, transferFunction: .srgb, outOfRange: .extended,
        cgColorSpaceName: "kCGColorSpaceExtendedSRGB", identifier: "extended-srgb")
    /// Linear sRGB (BT.709 primaries, linear light), clamped. `kCGColorSpaceLinearSRGB`.
    public static let linearSRGB = ColorSpace(
        name: "Linear sRGB", primaries: .bt709, transferFunction: .linear,
        cgColorSpaceName: "kCGColorSpaceLinearSRGB", identifier: "linear-srgb")
    /// Extended linear sRGB (any real value). `kCGColorSpaceExtendedLinearSRGB`.
    public static let extendedLinearSRGB = ColorSpace(
        name: "Extended Linear sRGB", primaries: .bt709, transferFunction: .linear, outOfRange: .extended,
        cgColorSpaceName: "kCGColorSpaceExtendedLinearSRGB", identifier: "extended-linear-srgb")
    /// Display P3: P3-D65 primaries with the sRGB curve. `kCGColorSpaceDisplayP3`.
    public static let displayP3 = ColorSpace(
        name: "Display P3", primaries: .displayP3, transferFunction: .srgb,
        cgColorSpaceName: "kCGColorSpaceDisplayP3", identifier: "display-p3")
    /// Extended Display P3 (sRGB curve, mirrored and continued). `kCGColorSpaceExtendedDisplayP3`.
    public static let extendedDisplayP3 = ColorSpace(
        name: "Extended Display P3", primaries: .displayP3, transferFunction: .srgb, outOfRange: .extended,
        cgColorSpaceName: "kCGColorSpaceExtendedDisplayP3", identifier: "extended-display-p3")
    /// Linear Display P3, clamped. `kCGColorSpaceLinearDisplayP3`.
    public static let linearDisplayP3 = ColorSpace(
        name: "Linear Display P3", primaries: .displayP3, transferFunction: .linear,
        cgColorSpaceName: "kCGColorSpaceLinearDisplayP3", identifier: "linear-display-p3")
    /// Extended linear Display P3, Apple's EDR working space (1.0 = reference white).
    /// `kCGColorSpaceExtendedLinearDisplayP3`.
    public static let extendedLinearDisplayP3 = ColorSpace(
        name: "Extended Linear Display P3", primaries: .displayP3, transferFunction: .linear, outOfRange: .extended,
        cgColorSpaceName: "kCGColorSpaceExtendedLinearDisplayP3", identifier: "extended-linear-display-p3")
    /// ITU-R BT.709 with the BT.709 OETF. `kCGColorSpaceITUR_709`.
    public static let bt709 = ColorSpace(
        name: "BT.709", primaries: .bt709, transferFunction: .bt709,
        cgColorSpaceName: "kCGColorSpaceITUR_709", identifier: "bt709")
    /// ITU-R BT.2020 with its (10-bit, = BT.709) OETF. `kCGColorSpaceITUR_2020`.
    public static let bt2020 = ColorSpace(
        name: "BT.2020", primaries: .bt2020, transferFunction: .bt709,
        cgColorSpaceName: "kCGColorSpaceITUR_2020", identifier: "bt2020")
    /// Extended BT.2020: the BT.2020 (= BT.709) OETF mirrored below 0 and continued above 1.
    /// `kCGColorSpaceExtendedITUR_2020`.
    public static let extendedBT2020 = ColorSpace(
        name: "Extended BT.2020", primaries: .bt2020, transferFunction: .bt709, outOfRange: .extended,
        cgColorSpaceName: "kCGColorSpaceExtendedITUR_2020", identifier: "extended-bt2020")
    /// Linear BT.2020, clamped. `kCGColorSpaceLinearITUR_2020`.
    public static let linearBT2020 = ColorSpace(
        name: "Linear BT.2020", primaries: .bt2020, transferFunction: .linear,
        cgColorSpaceName: "kCGColorSpaceLinearITUR_2020", identifier: "linear-bt2020")
    /// Extended linear BT.2020. `kCGColorSpaceExtendedLinearITUR_2020`.
    public static let extendedLinearBT2020 = ColorSpace(
        name: "Extended Linear BT.2020", primaries: .bt2020, transferFunction: .linear, outOfRange: .extended,
        cgColorSpaceName: "kCGColorSpaceExtendedLinearITUR_2020", identifier: "extended-linear-bt2020")
    /// ITU-R BT.2100 PQ (BT.2020 primaries, SMPTE ST 2084). `kCGColorSpaceITUR_2100_PQ`.
    public static let bt2100PQ = ColorSpace(
        name: "BT.2100 PQ", primaries: .bt2020, transferFunction: .pq,
        cgColorSpaceName: "kCGColorSpaceITUR_2100_PQ", identifier: "bt2100-pq")
    /// ITU-R BT.2100 HLG (BT.2020 primaries, hybrid log-gamma). `kCGColorSpaceITUR_2100_HLG`.
    public static let bt2100HLG = ColorSpace(
        name: "BT.2100 HLG", primaries: .bt2020, transferFunction: .hlg,
        cgColorSpaceName: "kCGColorSpaceITUR_2100_HLG", identifier: "bt2100-hlg")
    /// Display P3 primaries with PQ. `kCGColorSpaceDisplayP3_PQ`.
    public static let displayP3PQ = ColorSpace(
        name: "Display P3 PQ", primaries: .displayP3, transferFunction: .pq,
        cgColorSpaceName: "kCGColorSpaceDisplayP3_PQ", identifier: "display-p3-pq")
    /// Display P3 primaries with HLG. `kCGColorSpaceDisplayP3_HLG`.
    public static let displayP3HLG = ColorSpace(
        name: "Display P3 HLG", primaries: .displayP3, transferFunction: .hlg,
        cgColorSpaceName: "kCGColorSpaceDisplayP3_HLG", identifier: "display-p3-hlg")
    /// ACEScg: ACES AP1 primaries, linear, any real value (S-2014-004). `kCGColorSpaceACESCGLinear`.
    public static let acesCG = ColorSpace(
        name: "ACEScg", primaries: .acesAP1, transferFunction: .linear, outOfRange: .extended,
        cgColorSpaceName: "kCGColorSpaceACESCGLinear", identifier: "acescg")
    /// Adobe RGB (1998): gamma 563/256. `kCGColorSpaceAdobeRGB1998`.
    public static let adobeRGB = ColorSpace(
        name: "Adobe RGB (1998)", primaries: .adobeRGB, transferFunction: .adobeRGB,
        cgColorSpaceName: "kCGColorSpaceAdobeRGB1998", identifier: "adobe-rgb")
    /// DCI-P3 (SMPTE RP 431-2): DCI white, gamma 2.6. `kCGColorSpaceDCIP3`.
    public static let dciP3 = ColorSpace(
        name: "DCI-P3", primaries: .dciP3, transferFunction: .gamma26,
        cgColorSpaceName: "kCGColorSpaceDCIP3", identifier: "dci-p3")
    /// ProPhoto RGB (ROMM RGB, D50) with a pure gamma 1.8, as ProPhoto ICC profiles encode it (ISO 22028-2's linear
    /// segment below 1/512 is not modelled). `kCGColorSpaceROMMRGB`.
    public static let proPhoto = ColorSpace(
        name: "ProPhoto RGB", primaries: .proPhoto, transferFunction: .gamma(1.8),
        cgColorSpaceName: "kCGColorSpaceROMMRGB", identifier: "prophoto")

    /// Every cataloged colour space.
    public static let all: [ColorSpace] = [
        .sRGB, .extendedSRGB, .linearSRGB, .extendedLinearSRGB,
        .displayP3, .extendedDisplayP3, .linearDisplayP3, .extendedLinearDisplayP3,
        .bt709, .bt2020, .extendedBT2020, .linearBT2020, .extendedLinearBT2020,
        .bt2100PQ, .bt2100HLG, .displayP3PQ, .displayP3HLG,
        .acesCG, .adobeRGB, .dciP3, .proPhoto,
    ]
}
