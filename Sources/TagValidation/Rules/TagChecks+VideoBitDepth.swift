import ColorTags

extension TagChecks {
    /// `video.hdr-8-bit`: a PQ or HLG track of known bit depth below 10 (ITU-R BT.2100 codes 10 or 12 bits).
    mutating func checkHDRBitDepth(_ image: ImageTags, _ video: VideoStreamTags, _ index: Int) {
        let transfer = image.effective.transfer
        guard transfer == .pq || transfer == .hlg, let bits = image.bitDepth, bits < 10 else { return }
        add(
            .videoHDR8Bit,
            "\(image.role) is \(bits)-bit \(video.codec) \(transfer == .pq ? "PQ" : "HLG"): ITU-R BT.2100 codes PQ and "
                + "HLG in 10 or 12 bits, and at \(bits) bits each code step can show as banding in gradients",
            at: image.effective.location, image: index)
    }
}
