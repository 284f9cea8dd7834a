public import ColorSpaces
import Foundation
public import SignalCoding

/// An ICC profile (ICC.1:2022): its exact bytes and everything the bridge reads from them.
///
/// Loading validates the header and tag table with the bridge's own checks (so hostile input fails with an
/// ``ICCError`` before LittleCMS sees it), then lets LittleCMS decode the tags in a context of its own; all values are
/// copied into Swift, so an `ICCProfile` is an immutable value that holds no LittleCMS object and is `Sendable`.
/// Tags LittleCMS cannot decode leave their property `nil` and add a ``ICCTagProblem`` to ``tagProblems``.
public struct ICCProfile: Sendable {
    /// The largest profile accepted by default: 64 MiB.
    public static let defaultMaximumSize = 64 << 20

    /// The profile bytes, exactly as given (trailing bytes beyond the header's size field included).
    public let bytes: [UInt8]
    /// The decoded header.
    public let header: ICCHeader
    /// Every tag table entry, in file order.
    public let tags: [ICCTagEntry]
    /// Whether the header's profile ID matches the MD5 of the profile (§7.2.18).
    public let profileIDStatus: ICCProfileIDStatus
    /// The profile description (`desc`), all translations.
    public let profileDescription: ICCLocalizedText?
    /// The copyright (`cprt`), all translations.
    public let copyright: ICCLocalizedText?
    /// The media white point (`wtpt`), XYZ with Y = 1. D50 in v4 display profiles (§9.2.36).
    public let mediaWhitePoint: SIMD3<Double>?
    /// The chromatic adaptation matrix (`chad`, §9.2.15) mapping XYZ under the actual illuminant to the PCS (D50).
    public let chromaticAdaptation: Matrix3x3?
    /// The colorants of a matrix/TRC profile (`rXYZ`, `gXYZ`, `bXYZ`): PCS-relative (D50-adapted) XYZ.
    public let colorants: ICCColorants?
    /// The red, green and blue tone curves of a matrix/TRC profile (`rTRC`, `gTRC`, `bTRC`).
    public let toneCurves: ICCToneCurves?
    /// The grey tone curve (`kTRC`) of a monochrome profile.
    public let grayToneCurve: ICCToneCurve?
    /// The luminance tag (`lumi`, §9.2.32): absolute XYZ in cd/m²; Y is the luminance of the media white.
    public let luminance: SIMD3<Double>?
    /// The `cicp` tag (ICC.1:2022 §9.2.17, cicpType §10.3): ITU-T H.273 code points exactly as stored (unvalidated;
    /// see ``ICCProfile/consistencyFindings(chromaticityTolerance:curveTolerance:)``). A range-flag byte other than 0 counts as full range here.
    public let cicp: CICP?
    /// The `cicp` tag's VideoFullRangeFlag byte as stored (only 0 and 1 are valid).
    let cicpRangeFlagByte: UInt8?
    /// Whether LittleCMS treats the profile as matrix/shaper (`cmsIsMatrixShaper`).
    public let isMatrixShaper: Bool
    /// Tags that are present but that LittleCMS could not decode, with its messages.
    public let tagProblems: [ICCTagProblem]

    /// Reads a profile from its bytes.
    ///
    /// - Parameters:
    ///   - bytes: The profile (an `.icc`/`.icm` file or an embedded profile).
    ///   - maximumSize: The largest declared size accepted, in bytes.
    /// - Throws: ``ICCError`` for truncated, oversized, wrong-signature or structurally corrupt data, or when
    ///   LittleCMS rejects the profile (with its messages).
    public init(bytes: [UInt8], maximumSize: Int = ICCProfile.defaultMaximumSize) throws(ICCError) {
        let (header, tags) = try ICCHeader.validate(bytes, maximumSize: maximumSize)
        let context = try LCMSContext()
        let profile = try LCMSProfile(bytes: Array(bytes.prefix(header.size)), context: context)
        var reader = LCMSTagReader(profile: profile, bytes: bytes, entries: tags)

        self.bytes = bytes
        self.header = header
        self.tags = tags
        let computedID = ICCHeader.computeProfileID(bytes, size: header.size)
        profileIDStatus =
            header.profileID.allSatisfy({ $0 == 0 })
            ? .absent
            : header.profileID == computedID ? .verified : .mismatch(computed: computedID)
        profileDescription = reader.text(.descriptionTag)
        copyright = reader.text(.copyrightTag)
        mediaWhitePoint = reader.xyz(.mediaWhitePointTag)
        chromaticAdaptation = reader.matrix(.chromaticAdaptationTag)
        if let red = reader.xyz(.redColorantTag), let green = reader.xyz(.greenColorantTag),
            let blue = reader.xyz(.blueColorantTag)
        {
            colorants = ICCColorants(red: red, green: green, blue: blue)
        } else {
            colorants = nil
        }
        if let red = reader.toneCurve(.redToneCurveTag), let green = reader.toneCurve(.greenToneCurveTag),
            let blue = reader.toneCurve(.blueToneCurveTag)
        {
            toneCurves = ICCToneCurves(red: red, green: green, blue: blue)
        } else {
            toneCurves = nil
        }
        grayToneCurve = reader.toneCurve(.grayToneCurveTag)
        luminance = reader.xyz(.luminanceTag)
        var problems = reader.problems
        if let entry = tags.first(where: { $0.signature == .cicpTag }) {
            let found = ProfileBytes.cicp(in: bytes, entry: entry)
            (cicp, cicpRangeFlagByte) = (found.cicp, found.rangeFlag)
            if let problem = found.problem { problems.append(problem) }
        } else {
            (cicp, cicpRangeFlagByte) = (nil, nil)
        }
        isMatrixShaper = reader.isMatrixShaper
        tagProblems = problems
    }

    /// Reads a profile from `Data`.
    public init(data: Data, maximumSize: Int = ICCProfile.defaultMaximumSize) throws(ICCError) {
        try self.init(bytes: [UInt8](data), maximumSize: maximumSize)
    }

    /// Reads a profile file.
    ///
    /// The signature is checked before the size, so a large file that is not a profile is reported as such.
    ///
    /// - Throws: ``ICCError/unreadableFile(path:reason:)`` with a plain reason (no Foundation error codes) when the
    ///   file is missing, a folder or unreadable; ``ICCError/wrongSignature(found:)`` when it is not a profile;
    ///   ``ICCError/oversized(size:maximum:)`` when it is larger than `maximumSize`; otherwise as
    ///   ``init(bytes:maximumSize:)``.
    public init(contentsOf url: URL, maximumSize: Int = ICCProfile.defaultMaximumSize) throws(ICCError) {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadableFile(path: path, reason: "no such file; check the path")
        }
        guard !isDirectory.boolValue else {
            throw .unreadableFile(path: path, reason: "it is a folder; pass an ICC profile (.icc or .icm file)")
        }
        guard FileManager.default.isReadableFile(atPath: path), let handle = try? FileHandle(forReadingFrom: url) else {
            throw .unreadableFile(path: path, reason: "permission denied; check the file's permissions")
        }
        defer { try? handle.close() }
        let bytes: [UInt8]
        do {
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: 0)
            if size > UInt64(maximumSize) {
                let head = [UInt8](try handle.read(upToCount: 40) ?? Data())
                if head.count == 40, head.signature(at: 36) != .profileFile {
                    throw ICCError.wrongSignature(found: head.signature(at: 36))
                }
                throw ICCError.oversized(size: Int(clamping: size), maximum: maximumSize)
            }
            bytes = [UInt8](try handle.readToEnd() ?? Data())
        } catch let error as ICCError {
            throw error
        } catch {
            throw .unreadableFile(path: path, reason: "an input/output error occurred while reading it")
        }
        try self.init(bytes: bytes, maximumSize: maximumSize)
    }

    /// The entry for a tag, if present.
    public func tag(_ signature: ICCSignature) -> ICCTagEntry? { tags.first { $0.signature == signature } }
}

extension ICCProfile: Hashable {
    /// Profiles are equal when their bytes are.
    public static func == (lhs: ICCProfile, rhs: ICCProfile) -> Bool { lhs.bytes == rhs.bytes }
    /// Hashes the bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}
