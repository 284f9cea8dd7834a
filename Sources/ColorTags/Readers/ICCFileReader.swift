import ICC

/// Reads a raw `.icc`/`.icm` profile as a one-image "file" whose only tag is the profile.
enum ICCFileReader {
    static func read(_ bytes: [UInt8], limits: ReadLimits) throws(ColorTagsError) -> ColorTagging {
        let embedded = EmbeddedICCProfile(bytes: bytes, maximumSize: limits.maximumFileSize)
        if let error = embedded.parseError { throw .invalidICCProfile(error) }
        var image = ImageTags(role: .primary)
        image.iccProfiles = [
            Located(embedded, at: TagLocation(offset: 0, length: bytes.count, container: "ICC profile"))
        ]
        image.effective = Precedence.effectiveColor(icc: image)
        return ColorTagging(format: .icc, byteCount: bytes.count, images: [image])
    }
}
