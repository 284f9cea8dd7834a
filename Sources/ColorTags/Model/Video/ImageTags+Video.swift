extension ImageTags {
    /// The HLS `VIDEO-RANGE` class of a video track from its effective transfer (after the alternative transfer
    /// SEI) and Dolby Vision profile; nil for images and for transfers with no class.
    public var hlsVideoRange: VideoRange? {
        guard let video else { return nil }
        return VideoRange(
            transfer: effective.cicp?.transferCharacteristics ?? effective.transfer?.rawValue,
            dolbyVisionProfile: video.dolbyVision?.value.profile)
    }
}
