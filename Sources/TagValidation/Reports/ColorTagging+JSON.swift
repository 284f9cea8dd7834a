import ColorSpaces
import ICC
import SignalCoding
import ColorTags
import MediaSyntax

extension ColorTagging {
    /// The tags as JSON, with field names spelled as exiftool and H.273 spell them (`ColorPrimaries`,
    /// `TransferCharacteristics`, `MatrixCoefficients`, `VideoFullRangeFlag`, `ProfileDescription`, `SRGBRendering`,
    /// `Gamma` …) so the output can be set beside `exiftool -j -n`. Non-finite numbers are `null`.
    public func json(path: String, findings: [Finding]? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("SourceFile", .string(path)), ("FileType", .string(format.rawValue)), ("FileSize", .integer(byteCount)),
        ]
        if !brands.isEmpty { members.append(("Brands", .array(brands.map(JSONValue.string)))) }
        if let movie { members.append(("Movie", movie.json)) }
        members.append(("Images", .array(images.map(\.json))))
        if gainMap.isPresent { members.append(("GainMap", gainMap.json)) }
        if format == .icc, let profile = primary.iccProfiles.first?.value.profile {
            members.append(("ICCProfileDetails", ICCProfileSummary(profile).json))
        }
        if let findings { members.append(("Findings", .array(findings.map(\.json)))) }
        return .object(members)
    }
}

extension TagLocation {
    var json: JSONValue {
        .object([("Offset", .integer(offset)), ("Length", .integer(length)), ("Container", .string(container))])
    }
}

extension Finding {
    /// The finding as JSON: rule, severity, message, fix, location.
    public var json: JSONValue {
        .compact([
            ("Rule", .string(rule.rawValue)), ("Severity", .string(severity.rawValue)), ("Message", .string(message)),
            ("Fix", .string(fix)), ("Location", .optional(location, \.json)),
            ("Image", .optional(imageIndex, JSONValue.integer)),
        ])
    }
}

extension CICP {
    var json: [(String, JSONValue)] {
        [
            ("ColorPrimaries", .integer(Int(colorPrimaries))), ("ColorPrimariesName", .string(primaries.displayName)),
            ("TransferCharacteristics", .integer(Int(transferCharacteristics))),
            ("TransferCharacteristicsName", .string(transfer.displayName)),
            ("MatrixCoefficients", .integer(Int(matrixCoefficients))),
            ("MatrixCoefficientsName", .string(matrix.displayName)),
            ("VideoFullRangeFlag", .integer(videoFullRange ? 1 : 0)), ("CICP", .string(description)),
        ]
    }
}

extension EffectiveColor {
    var json: JSONValue {
        .compact([
            ("Basis", .string(basis.rawValue)), ("CICP", .optional(cicp) { .object($0.json) }),
            ("ColorSpace", .optional(colorSpaceName) { .string($0) }),
            (
                "Primaries",
                .optional(primaries) { p in
                    .object([
                        ("Red", xy(p.red)), ("Green", xy(p.green)), ("Blue", xy(p.blue)),
                        ("White", xy(p.white.chromaticity)),
                    ])
                }
            ),
            ("TransferCharacteristics", .optional(transfer) { .integer(Int($0.rawValue)) }),
            ("Range", .string(range == .full ? "full" : "narrow")), ("Location", .optional(location, \.json)),
            ("Summary", .string(summary)),
        ])
    }
}

func xy(_ c: Chromaticity) -> JSONValue { .array([.number(c.x), .number(c.y)]) }

/// Appends `key`: an array of each item's JSON, when there are items (a report leaves out what a file does not have).
func appendList<T>(_ members: inout [(String, JSONValue)], _ key: String, _ items: [T], _ json: (T) -> JSONValue) {
    if !items.isEmpty { members.append((key, .array(items.map(json)))) }
}

extension ImageTags {
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("Role", .string(role.description))]
        if let itemID { members.append(("ItemID", .integer(Int(itemID)))) }
        if let itemType { members.append(("ItemType", .string(itemType))) }
        if let offset { members.append(("Offset", .integer(offset))) }
        if let width { members.append(("ImageWidth", .integer(width))) }
        if let height { members.append(("ImageHeight", .integer(height))) }
        if let bitDepth { members.append(("BitDepth", .integer(bitDepth))) }
        if let channelCount { members.append(("ColorComponents", .integer(channelCount))) }
        if let pngColorType { members.append(("ColorType", .integer(Int(pngColorType)))) }
        members.append(("EffectiveColor", effective.json))
        members += colorTagMembers
        members += hdrMetadataMembers
        if let video { members.append(("Video", video.json(range: hlsVideoRange))) }
        appendList(&members, "HDRReferenceWhite", referenceWhite) {
            .object([("Luminance", .number($0.value)), ("Location", $0.location.json)])
        }
        return .object(members)
    }

    /// CICP, colour boxes, ICC profiles, sRGB intent, gamma and chromaticities, each where the file has one.
    private var colorTagMembers: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        appendList(&members, "CICP", cicp) { tag in
            .object(
                [("Source", .string(tag.value.source.rawValue))] + tag.value.cicp.json
                    + [
                        ("ColorDescriptionPresent", .bool(tag.value.hasColorDescription)),
                        ("Location", tag.location.json),
                    ])
        }
        appendList(&members, "ColorProfiles", colorBoxTypes) { .string($0.value) }
        appendList(&members, "ICCProfiles", iccProfiles) { icc in
            var entry: [(String, JSONValue)] = []
            if let name = icc.value.name { entry.append(("ProfileName", .string(name))) }
            entry.append(("ProfileSize", .integer(icc.value.bytes.count)))
            if let profile = icc.value.profile {
                entry += ICCProfileSummary(profile).headlineJSON
            } else if let error = icc.value.parseError {
                entry.append(("Error", .string("\(error)")))
            }
            entry.append(("Location", icc.location.json))
            return .object(entry)
        }
        appendList(&members, "SRGBRendering", sRGBIntent) {
            .object([
                ("Value", .integer(Int($0.value))), ("Name", .string(Self.intentName($0.value))),
                ("Location", $0.location.json),
            ])
        }
        appendList(&members, "Gamma", gamma) {
            .object([("Value", .number(1 / $0.value)), ("Stored", .number($0.value)), ("Location", $0.location.json)])
        }
        appendList(&members, "Chromaticities", chromaticities) { c in
            .object([
                ("WhitePointX", .number(c.value.white.x)), ("WhitePointY", .number(c.value.white.y)),
                ("RedX", .number(c.value.red.x)), ("RedY", .number(c.value.red.y)),
                ("GreenX", .number(c.value.green.x)), ("GreenY", .number(c.value.green.y)),
                ("BlueX", .number(c.value.blue.x)), ("BlueY", .number(c.value.blue.y)),
                ("Location", c.location.json),
            ])
        }
        return members
    }

    /// Mastering display and content light level records, where the file has them.
    private var hdrMetadataMembers: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        appendList(&members, "MasteringDisplay", masteringDisplay) { m in
            .object([
                ("RedPrimary", xy(m.value.red)), ("GreenPrimary", xy(m.value.green)), ("BluePrimary", xy(m.value.blue)),
                ("WhitePoint", xy(m.value.white)), ("MaxLuminance", .number(m.value.maximumLuminance)),
                ("MinLuminance", .number(m.value.minimumLuminance)), ("Location", m.location.json),
            ])
        }
        appendList(&members, "ContentLightLevel", contentLightLevel) { c in
            .object([
                ("MaxContentLightLevel", .number(c.value.maxContentLightLevel)),
                ("MaxFrameAverageLightLevel", .number(c.value.maxFrameAverageLightLevel)),
                ("Location", c.location.json),
            ])
        }
        return members
    }

    static func intentName(_ intent: UInt8) -> String {
        ["Perceptual", "Relative Colorimetric", "Saturation", "Absolute Colorimetric"].indices.contains(Int(intent))
            ? ["Perceptual", "Relative Colorimetric", "Saturation", "Absolute Colorimetric"][Int(intent)]
            : "invalid (\(intent))"
    }
}

extension GainMapTags {
    var json: JSONValue {
        var members: [(String, JSONValue)] = []
        if let imageIndex { members.append(("Image", .integer(imageIndex))) }
        members.append(("PrimaryXMPDeclaresGainMap", .bool(primaryXMPDeclaresGainMap)))
        if let iso { members.append(("ISO21496", iso.value.json(iso.location))) }
        if let version = isoPrimaryVersion {
            members.append(("ISO21496PrimaryVersion", version.value.json(version.location)))
        }
        if let xmp {
            let x = xmp.value
            members.append(
                (
                    "XMPhdrgm",
                    .compact([
                        ("Version", .optional(x.version) { .string($0) }),
                        ("GainMapMin", .array(x.gainMapMin.map(JSONValue.number))),
                        ("GainMapMax", .array(x.gainMapMax.map(JSONValue.number))),
                        ("Gamma", .array(x.gamma.map(JSONValue.number))),
                        ("OffsetSDR", .array(x.offsetSDR.map(JSONValue.number))),
                        ("OffsetHDR", .array(x.offsetHDR.map(JSONValue.number))),
                        ("HDRCapacityMin", .number(x.hdrCapacityMin)),
                        ("HDRCapacityMax", .optional(x.hdrCapacityMax, JSONValue.number)),
                        ("BaseRenditionIsHDR", .bool(x.baseRenditionIsHDR)), ("Location", xmp.location.json),
                    ])
                ))
        }
        if let apple {
            let a = apple.value
            members.append(
                (
                    "AppleHDRGainMap",
                    .compact([
                        ("Version", .optional(a.version) { .integer($0) }),
                        ("XMPHeadroom", .optional(a.xmpHeadroom, JSONValue.number)),
                        ("MakerNoteHDRHeadroom", .optional(a.makerNote?.headroom, JSONValue.number)),
                        ("MakerNoteHDRGain", .optional(a.makerNote?.gain, JSONValue.number)),
                        ("Headroom", .optional(a.headroom?.ratio, JSONValue.number)),
                        ("HeadroomSource", .optional(a.headroom?.source) { .string($0.rawValue) }),
                        ("Location", apple.location.json),
                    ])
                ))
        }
        if let mpf = multiPicture {
            members.append(
                (
                    "MPF",
                    .object([
                        ("NumberOfImages", .integer(mpf.value.declaredImageCount)),
                        ("MPEntryBytes", .integer(mpf.value.entryFieldByteCount)),
                        (
                            "Entries",
                            .array(
                                mpf.value.entries.map { e in
                                    .object([
                                        ("Attribute", .integer(Int(e.attribute))), ("Size", .integer(e.size)),
                                        ("Offset", .integer(e.fileOffset == Int.max ? -1 : e.fileOffset)),
                                        ("LandsOnSOI", .bool(e.landsOnSOI)),
                                    ])
                                })
                        ),
                        ("Location", mpf.location.json),
                    ])
                ))
        }
        return .object(members)
    }
}

extension ISOGainMapRecord {
    func json(_ location: TagLocation) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("MinimumVersion", .integer(Int(minimumVersion))), ("WriterVersion", .integer(Int(writerVersion))),
        ]
        if let tmapVersion { members.append(("TmapVersion", .integer(Int(tmapVersion)))) }
        if let v = values {
            func fractions(_ list: [Rational]) -> JSONValue { .array(list.map { .string($0.description) }) }
            members += [
                ("Multichannel", .bool(v.isMultichannel)), ("UseBaseColorSpace", .bool(v.usesBaseColorSpace)),
                ("BaseHDRHeadroom", .string(v.baseHeadroom.description)),
                ("AlternateHDRHeadroom", .string(v.alternateHeadroom.description)),
                ("GainMapMin", fractions(v.gainMapMin)), ("GainMapMax", fractions(v.gainMapMax)),
                ("Gamma", fractions(v.gamma)),
                ("BaseOffset", fractions(v.baseOffset)), ("AlternateOffset", fractions(v.alternateOffset)),
            ]
        }
        if trailingByteCount > 0 { members.append(("TrailingBytes", .integer(trailingByteCount))) }
        members.append(("Location", location.json))
        return .object(members)
    }
}
