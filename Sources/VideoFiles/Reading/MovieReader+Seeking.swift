internal import CFFmpeg

extension MovieReader {
    /// Positions the reader so that the next ``nextFrame(_:)`` returns the frame at `index` (presentation order,
    /// counted from the stream's first frame at its frame rate): seeks to the nearest key frame at or before it,
    /// decodes from there and drops the frames before it.
    ///
    /// The frame's timestamp is `start + index ÷ frame rate`; frames whose pts is more than half a frame before it
    /// are dropped. When the container's key frame lies after the wanted time (B-frame reordering puts a key frame's
    /// decoding time before its presentation time), the reader seeks again one second, then two, four … earlier.
    ///
    /// - Throws: ``VideoFilesError/invalidFrameRange(lowerBound:upperBound:reason:)`` for a negative index, a stream
    ///   without a frame rate or a seek the container refuses; ``VideoFilesError`` when decoding fails.
    public func seek(toFrame index: Int) throws(VideoFilesError) {
        guard index >= 0 else {
            throw .invalidFrameRange(lowerBound: index, upperBound: index + 1, reason: "negative frame index")
        }
        guard let rate = state.frameRate, rate.isPositive, state.timeBase.isPositive else {
            throw .invalidFrameRange(
                lowerBound: index, upperBound: index + 1, reason: "the stream has no frame rate to count frames by")
        }
        // Ticks of the time base per frame, as a Double: timestamps are converted once, rounding to the nearest tick.
        let ticksPerFrame = 1 / (rate.doubleValue * state.timeBase.doubleValue)
        let offset = (Double(index) * ticksPerFrame).rounded()
        guard
            let target = Int64(exactly: offset).flatMap({
                state.startPTS.addingReportingOverflow($0).overflow ? nil : state.startPTS + $0
            })
        else {
            throw .invalidFrameRange(lowerBound: index, upperBound: index + 1, reason: "the timestamp overflows")
        }
        let tolerance = Int64(max(0, (ticksPerFrame / 2).rounded(.down)))
        let oneSecond = Int64(max(1, (1 / state.timeBase.doubleValue).rounded()))
        var margin: Int64 = 0
        for _ in 0..<24 {
            let seekTo = target &- margin
            try reposition(to: seekTo)
            state.discardBefore = target &- tolerance
            state.firstIndexAfterSeek = index
            // The first decoded frame tells whether the key frame found lies before the target.
            guard try decodeOne() else { return }
            state.hasPendingFrame = true
            guard let first = timestamp(), first > target &+ tolerance, seekTo > state.startPTS else { return }
            margin = margin == 0 ? oneSecond : margin &* 2
        }
    }

    /// Decodes the frames of `range` (presentation order, as ``seek(toFrame:)`` counts them) and calls `body` with
    /// each; stops early at the end of the stream.
    ///
    /// - Returns: The number of frames handed to `body`.
    /// - Throws: As ``seek(toFrame:)`` and ``nextFrame(_:)``, or what `body` throws.
    @discardableResult
    public func forEachFrame(in range: Range<Int>, _ body: (VideoFrame) throws -> Void) throws -> Int {
        guard !range.isEmpty else { return 0 }
        try seek(toFrame: range.lowerBound)
        var delivered = 0
        while delivered < range.count {
            let handled = try nextFrame { frame -> Bool in
                guard frame.index < range.upperBound else { return false }
                try body(frame)
                return true
            }
            guard handled == true else { break }
            delivered += 1
        }
        return delivered
    }

    /// Seeks the demuxer to the key frame at or before `timestamp` and resets the decoder.
    private func reposition(to timestamp: Int64) throws(VideoFilesError) {
        guard let demuxer = formatContext, let decoder = codecContext else { return }
        let status = av_seek_frame(demuxer, state.videoIndex, max(timestamp, state.startPTS), AVSEEK_FLAG_BACKWARD)
        guard status >= 0 else {
            throw .invalidFrameRange(
                lowerBound: 0, upperBound: 0, reason: "av_seek_frame failed: \(FFmpeg.message(status))")
        }
        avcodec_flush_buffers(decoder)
        av_frame_unref(frame)
        av_packet_unref(packet)
        metadataScanner.reset()
        state.hasPendingFrame = false
        state.hasPendingPacket = false
        state.isDraining = false
        state.isFinished = false
        state.discardBefore = nil
        state.framesSinceSeek = 0
    }
}
