/// The 128-byte ICC profile header (ICC.1:2022 §7.2, Table 17), decoded by the bridge itself.
public struct ICCHeader: Hashable, Sendable {
    /// Profile size in bytes (§7.2.2).
    public var size: Int
    /// Preferred CMM type (§7.2.3); 0 when unset.
    public var preferredCMM: ICCSignature
    /// Profile version (§7.2.4).
    public var version: ICCVersion
    /// Device class, e.g. ``ICCSignature/displayClass`` (§7.2.5).
    public var deviceClass: ICCSignature
    /// Data colour space, e.g. ``ICCSignature/rgbData`` (§7.2.6).
    public var colorSpace: ICCSignature
    /// Profile connection space, ``ICCSignature/xyzData`` or ``ICCSignature/labData`` (§7.2.7).
    public var connectionSpace: ICCSignature
    /// Creation date and time, UTC (§7.2.8, dateTimeNumber): year, month, day, hours, minutes, seconds.
    public var creationDate: [Int]
    /// Primary platform (§7.2.10); 0 when unset.
    public var platform: ICCSignature
    /// Profile flags (§7.2.11): bit 0 embedded, bit 1 cannot be used independently.
    public var flags: UInt32
    /// Device manufacturer (§7.2.12).
    public var deviceManufacturer: ICCSignature
    /// Device model (§7.2.13).
    public var deviceModel: ICCSignature
    /// Device attributes (§7.2.14).
    public var deviceAttributes: UInt64
    /// Rendering intent field (§7.2.15): 0–3 are valid (see ``ICCRenderingIntent``).
    public var renderingIntentCode: UInt32
    /// PCS illuminant XYZ (§7.2.16); D50 (0.9642, 1, 0.8249) in conforming profiles.
    public var illuminant: SIMD3<Double>
    /// Profile creator (§7.2.17).
    public var creator: ICCSignature
    /// Profile ID (§7.2.18): 16 bytes of MD5, all zero when not computed.
    public var profileID: [UInt8]

    /// The rendering intent, or nil for an invalid code.
    public var renderingIntent: ICCRenderingIntent? { ICCRenderingIntent(rawValue: renderingIntentCode) }
}

/// An ICC profile version (§7.2.4): major, minor and bug-fix numbers, e.g. 4.4.0 or 2.1.0.
public struct ICCVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Major version (byte 8).
    public var major: Int
    /// Minor version (high nibble of byte 9).
    public var minor: Int
    /// Bug-fix version (low nibble of byte 9).
    public var bugFix: Int

    /// A version; minor and bug fix are stored as 4-bit nibbles.
    public init(major: Int, minor: Int, bugFix: Int = 0) {
        self.major = major
        self.minor = minor
        self.bugFix = bugFix
    }

    /// Version 4.4.0, the first with the `cicp` tag (ICC.1:2022).
    public static let v4_4 = ICCVersion(major: 4, minor: 4)
    /// Version 2.1.0, the most widely read v2 version.
    public static let v2_1 = ICCVersion(major: 2, minor: 1)

    /// "4.4.0".
    public var description: String { "\(major).\(minor).\(bugFix)" }

    /// The header encoding: major in byte 0, minor and bug fix as nibbles of byte 1.
    var encoded: UInt32 {
        UInt32(major & 0xFF) << 24 | UInt32(minor & 0xF) << 20 | UInt32(bugFix & 0xF) << 16
    }

    /// Orders by major, minor, bug fix.
    public static func < (lhs: ICCVersion, rhs: ICCVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.bugFix) < (rhs.major, rhs.minor, rhs.bugFix)
    }
}

/// An ICC rendering intent (ICC.1:2022 §7.2.15, Table 23).
public enum ICCRenderingIntent: UInt32, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Perceptual (0).
    case perceptual = 0
    /// Media-relative colorimetric (1).
    case relativeColorimetric = 1
    /// Saturation (2).
    case saturation = 2
    /// ICC-absolute colorimetric (3).
    case absoluteColorimetric = 3

    /// The intent's name, e.g. "relative colorimetric".
    public var description: String {
        switch self {
        case .perceptual: "perceptual"
        case .relativeColorimetric: "relative colorimetric"
        case .saturation: "saturation"
        case .absoluteColorimetric: "absolute colorimetric"
        }
    }
}
