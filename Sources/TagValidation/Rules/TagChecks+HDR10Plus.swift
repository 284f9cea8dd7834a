import ColorTags

extension TagChecks {
    /// `video.hdr10plus-target-above-mastering` and `video.hdr10plus-maxscl-above-maxcll`: HDR10+ against the
    /// track's static metadata (the first mastering display and light level, as players take them).
    mutating func checkHDR10Plus(_ image: ImageTags, _ video: VideoStreamTags, _ index: Int) {
        guard let hdr10Plus = video.hdr10PlusMetadata else { return }
        let first = hdr10Plus.first.value
        let summary = hdr10Plus.summary
        let target = summary?.targetedPeakRange?.upperBound ?? Double(first.targetedSystemDisplayMaximumLuminance)
        if let mastering = image.masteringDisplay.first, target > mastering.value.maximumLuminance + 0.5 {
            add(
                .videoHDR10PlusTargetAboveMastering,
                "\(image.role)'s HDR10+ targets a \(target.g4) cd/m² display, above its mastering display's "
                    + "\(mastering.value.maximumLuminance.g4) cd/m² peak (\(mastering.location.container))",
                at: hdr10Plus.first.location, image: index)
        }
        let maxSCL = summary?.maxSCLRange?.upperBound ?? Double(first.maxSCLMaximum) / 10
        if let level = image.contentLightLevel.first, level.value.maxContentLightLevel > 0,
            maxSCL > level.value.maxContentLightLevel + Swift.max(10, 0.05 * level.value.maxContentLightLevel)
        {
            add(
                .videoHDR10PlusMaxSCLAboveMaxCLL,
                "\(image.role)'s HDR10+ MaxSCL reaches \(maxSCL.g4) cd/m², above its MaxCLL of "
                    + "\(level.value.maxContentLightLevel.g4) cd/m² (\(level.location.container))",
                at: hdr10Plus.first.location, image: index)
        }
    }
}
