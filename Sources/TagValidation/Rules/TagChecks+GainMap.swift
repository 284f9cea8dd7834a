import SignalCoding
import ToneMapping
import ColorTags
import MediaSyntax

extension TagChecks {
    mutating func checkGainMap() {
        let gainMap = tagging.gainMap
        if let mpf = gainMap.multiPicture {
            let index = mpf.value
            if index.entryFieldByteCount != 16 * index.declaredImageCount {
                add(
                    .gainMapMPFInvalid,
                    "MPF NumberOfImages is \(index.declaredImageCount) but the MPEntry field holds \(index.entryFieldByteCount) bytes "
                        + "(\(index.entryFieldByteCount / 16) entries of 16); Chrome rejects such files",
                    at: mpf.location)
            }
            for (number, entry) in index.entries.enumerated().dropFirst() where !entry.landsOnSOI {
                add(
                    .gainMapMPFInvalid,
                    "MPF entry \(number + 1) points at byte \(entry.fileOffset == Int.max ? "beyond the file" : String(entry.fileOffset)), "
                        + "which is not an SOI marker (FF D8): the offsets were not updated after an edit",
                    at: mpf.location)
            }
        }
        if let iso = gainMap.iso ?? gainMap.isoPrimaryVersion, !iso.value.isSupported {
            add(
                .gainMapUnknownVersion,
                "ISO 21496-1 \(iso.value.versionDescription) is unknown; readers "
                    + "that know only version 0 ignore the gain map, and this report treats the image as SDR",
                at: iso.location)
        }
        if let iso = gainMap.iso, let values = iso.value.values { checkISO(values, at: iso.location) }
        // libavif accepts bytes after the record only from a newer writer (forward compatibility).
        if let iso = gainMap.iso, iso.value.values != nil, iso.value.trailingByteCount > 0,
            iso.value.writerVersion <= iso.value.minimumVersion
        {
            add(
                .gainMapTrailingBytes,
                "the ISO 21496-1 record has \(iso.value.trailingByteCount) byte\(iso.value.trailingByteCount == 1 ? "" : "s") "
                    + "after its last field with writer_version \(iso.value.writerVersion); libavif rejects such gain maps "
                    + "(HDR lost in its readers), libultrahdr and this reader apply them", at: iso.location)
        }
        if let xmp = gainMap.xmp { checkXMP(xmp.value, at: xmp.location) }
        if let iso = gainMap.iso?.value.metadata, let xmp = gainMap.xmp, let xmpMetadata = xmp.value.metadata {
            compare(iso: iso, xmp: xmpMetadata, at: xmp.location)
        }
        if let index = gainMap.imageIndex, index < tagging.images.count {
            for icc in tagging.images[index].iccProfiles where icc.value.bytes.count > 4096 || icc.value.isLUTBased {
                add(
                    .gainMapHeavyICC,
                    "the gain-map image carries a \(icc.value.bytes.count)-byte\(icc.value.isLUTBased ? " LUT-based" : "") ICC "
                        + "profile; Apple ImageIO fails to open such gain-map files", at: icc.location, image: index)
            }
        }
    }

    mutating func checkISO(_ values: ISOGainMapRecord.Values, at location: TagLocation) {
        var fractions: [(String, Rational)] = [
            ("baseHdrHeadroom", values.baseHeadroom), ("alternateHdrHeadroom", values.alternateHeadroom),
        ]
        for channel in values.gainMapMin.indices {
            let suffix = values.isMultichannel ? "[\(channel)]" : ""
            fractions += [
                ("gainMapMin\(suffix)", values.gainMapMin[channel]),
                ("gainMapMax\(suffix)", values.gainMapMax[channel]),
                ("gamma\(suffix)", values.gamma[channel]), ("baseOffset\(suffix)", values.baseOffset[channel]),
                ("alternateOffset\(suffix)", values.alternateOffset[channel]),
            ]
        }
        for (name, fraction) in fractions where fraction.denominator == 0 {
            add(.gainMapMetadataInvalid, "ISO 21496-1 \(name) is \(fraction): a zero denominator", at: location)
        }
        for channel in values.gamma.indices {
            let suffix = values.isMultichannel ? " of channel \(channel)" : ""
            if values.gamma[channel].denominator != 0, values.gamma[channel].numerator <= 0 {
                add(
                    .gainMapMetadataInvalid, "ISO 21496-1 gamma\(suffix) is \(values.gamma[channel]); it must be > 0",
                    at: location)
            }
            if values.gainMapMax[channel].isGreaterThanOrEqual(to: values.gainMapMin[channel]) == false {
                add(
                    .gainMapMetadataInvalid,
                    "ISO 21496-1 gainMapMax\(suffix) \(values.gainMapMax[channel]) is below gainMapMin \(values.gainMapMin[channel]) "
                        + "(compared as exact fractions)", at: location)
            }
        }
        if let record = tagging.gainMap.iso?.value, let metadata = record.metadata {
            headroomCheck(metadata, names: ("alternateHdrHeadroom", "gainMapMax"), at: location)
        }
    }

    mutating func checkXMP(_ xmp: XMPGainMap, at location: TagLocation) {
        let all =
            xmp.gainMapMin + xmp.gainMapMax + xmp.gamma + xmp.offsetSDR + xmp.offsetHDR + [xmp.hdrCapacityMin]
            + (xmp.hdrCapacityMax.map { [$0] } ?? [])
        if !all.allSatisfy(\.isFinite) {
            add(.gainMapMetadataInvalid, "XMP hdrgm values contain NaN or infinity", at: location)
        }
        if xmp.hdrCapacityMax == nil {
            add(.gainMapMetadataInvalid, "XMP hdrgm:HDRCapacityMax is missing; it is required", at: location)
        }
        for (channel, gamma) in xmp.gamma.enumerated() where !(gamma > 0) {
            add(
                .gainMapMetadataInvalid,
                "XMP hdrgm:Gamma\(xmp.gamma.count > 1 ? "[\(channel)]" : "") is \(gamma.g4); it must be > 0",
                at: location)
        }
        let count = Swift.max(xmp.gainMapMin.count, xmp.gainMapMax.count)
        for channel in 0..<count {
            let minimum = xmp.gainMapMin[Swift.min(channel, xmp.gainMapMin.count - 1)]
            let maximum = xmp.gainMapMax[Swift.min(channel, xmp.gainMapMax.count - 1)]
            if maximum < minimum {
                add(
                    .gainMapMetadataInvalid,
                    "XMP hdrgm:GainMapMax \(maximum.g4) is below hdrgm:GainMapMin \(minimum.g4)", at: location)
            }
        }
        if let metadata = xmp.metadata, !xmp.baseRenditionIsHDR {
            headroomCheck(metadata, names: ("hdrgm:HDRCapacityMax", "hdrgm:GainMapMax"), at: location)
        }
    }

    /// The shortfall (stops) that draws ``RuleID/gainMapHeadroomExceedsGain``: half a stop, a visible exposure
    /// step. lovell/sharp #4314 reports 1.6 stops as a visibly dim HDR rendition; libavif's and Adobe's seine files
    /// exceed by 0.01 stop, and files whose offsets carry the gain (gainmap-js 05.jpg) by none.
    static let headroomShortfallThreshold = 0.5

    /// Warns when the alternate headroom is well above the brightest value the gain map can produce: base white
    /// (2^baseHeadroom) with the largest gain and the offsets, `(2^H_base + k_base)·2^gainMapMax − k_alt`, per
    /// channel. Displays between the two headrooms then get only part of the gain, and HDR comes out dim
    /// (lovell/sharp #4314). A shortfall under ``headroomShortfallThreshold`` is a rounding choice, not a defect.
    mutating func headroomCheck(_ m: GainMapMetadata, names: (String, String), at location: TagLocation) {
        guard m.alternateHeadroom > m.baseHeadroom else { return }
        var peak = 0.0
        for c in 0..<3 {
            peak = Swift.max(
                peak, (exp2(m.baseHeadroom) + m.baseOffset[c]) * exp2(m.gainMapMax[c]) - m.alternateOffset[c])
        }
        let reachable = log2(Swift.max(peak, .leastNormalMagnitude))
        let shortfall = m.alternateHeadroom - reachable
        guard shortfall > Self.headroomShortfallThreshold else { return }
        add(
            .gainMapHeadroomExceedsGain,
            "\(names.0) is \(m.alternateHeadroom.g4) (log2, \(exp2(m.alternateHeadroom).g4)×) but the brightest value the "
                + "gain map reaches (\(names.1) \(m.gainMapMax.max().g4) with the offsets) is \(reachable.g4) (\(peak.g4)×): "
                + "displays with headroom between the two apply only part of the gain, so the HDR rendition is up to "
                + "\(shortfall.g4) stops dim", at: location)
    }

    mutating func compare(iso: GainMapMetadata, xmp: GainMapMetadata, at location: TagLocation) {
        func close(_ a: Double, _ b: Double) -> Bool {
            Swift.abs(a - b) <= 1e-3 + 1e-3 * Swift.max(Swift.abs(a), Swift.abs(b))
        }
        func vector(_ a: SIMD3<Double>) -> String {
            a.x == a.y && a.y == a.z ? a.x.g4 : "\(a.x.g4), \(a.y.g4), \(a.z.g4)"
        }
        var differences: [String] = []
        let vectors: [(String, SIMD3<Double>, SIMD3<Double>)] = [
            ("gainMapMin", iso.gainMapMin, xmp.gainMapMin), ("gainMapMax", iso.gainMapMax, xmp.gainMapMax),
            ("gamma", iso.gamma, xmp.gamma), ("baseOffset", iso.baseOffset, xmp.baseOffset),
            ("alternateOffset", iso.alternateOffset, xmp.alternateOffset),
        ]
        for (name, a, b) in vectors where !(close(a.x, b.x) && close(a.y, b.y) && close(a.z, b.z)) {
            differences.append("\(name) ISO \(vector(a)) vs XMP \(vector(b))")
        }
        if !close(iso.baseHeadroom, xmp.baseHeadroom) {
            differences.append("base headroom ISO \(iso.baseHeadroom.g4) vs XMP \(xmp.baseHeadroom.g4)")
        }
        if !close(iso.alternateHeadroom, xmp.alternateHeadroom) {
            differences.append("alternate headroom ISO \(iso.alternateHeadroom.g4) vs XMP \(xmp.alternateHeadroom.g4)")
        }
        if !differences.isEmpty {
            add(
                .gainMapISOXMPMismatch,
                "ISO 21496-1 and XMP hdrgm disagree: \(differences.joined(separator: "; ")); Apple (ISO) and Android (XMP) show different HDR renditions",
                at: location)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
