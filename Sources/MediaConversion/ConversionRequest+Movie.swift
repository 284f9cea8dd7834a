import Foundation
public import SignalCoding
public import VideoFiles

extension ConversionRequest {
    /// What a movie conversion writes beyond the colour: the codec, its quality and speed, which frames, and whether
    /// the other streams come along. The colour fields of ``ConversionRequest`` (colour space, bit depth, tone
    /// mapping, headroom, reference white, gamut, mastering display, content light level) apply to movies as to images;
    /// ``ConversionRequest/lossless`` asks for a lossless encode.
    public struct Movie: Hashable, Sendable {
        /// The video codec; nil chooses HEVC (x265), or AV1 for a `.webm` output.
        public var codec: VideoEncodeSettings.Codec?
        /// The encoder's constant rate factor (x265 and x264: 0 … 51, SVT-AV1: 1 … 63); nil for the encoder's default.
        public var crf: Int?
        /// The encoder's speed preset (x265 and x264: `ultrafast` … `veryslow`; SVT-AV1: `0` … `13`); nil for its
        /// default.
        public var preset: String?
        /// The frames to convert, in presentation order counted from the first; nil for all (or ``start`` and
        /// ``duration``). Decoding starts at the nearest key frame before the range and drops the frames in between;
        /// the times are shifted to start at 0, and the other streams are cut to the same span at their packet
        /// boundaries, without re-encoding (``MovieTimeRange``).
        public var frames: Range<Int>?
        /// The time in seconds from the movie's start of the first frame to convert, like ffmpeg's `-ss`: the first
        /// frame at or after it; nil for the first frame. Excludes ``frames``.
        public var start: Double?
        /// How many seconds to convert from ``start``, like ffmpeg's `-t`: the frames that start before its end;
        /// nil for the rest of the movie. Excludes ``frames``.
        public var duration: Double?
        /// Copy the source's other streams (audio, subtitles, timed data the container can hold) packet by packet,
        /// unchanged (default: true).
        public var copiesOtherStreams: Bool
        /// Encoder threads; nil lets the encoder choose.
        public var encoderThreadCount: Int?
        /// Decoder threads; nil lets FFmpeg choose (one per core). With ``encoderThreadCount`` and
        /// ``conversionThreadCount`` at 1, a conversion keeps to about one core, e.g. one segment per core on a cluster.
        public var decoderThreadCount: Int?
        /// Threads converting each frame; nil for every active core (`PixelConverter`'s default). The decoder and the
        /// encoder keep working on their own threads meanwhile.
        public var conversionThreadCount: Int?
        /// The frame size to write, e.g. 1920 × 1080 for a proxy of a 4K master; a height of 0 keeps the source's
        /// aspect ratio (rounded to an even number of rows). nil keeps the source's size. Frames are converted at the
        /// source's size, then resampled with ``VideoFiles/FrameScaler`` (swscale Lanczos, chroma siting kept).
        public var size: Size?
        /// The source's colour, overriding every tag of the file (`--assume-cicp P/T/M/R`): for a movie whose tags are
        /// wrong or missing. nil takes the colour `validate` and `inspect` decide (``MovieColorDecision``).
        public var assumedSourceColor: CICP?
        /// The content peak tone mapping maps from: the movie's (static, the default) or each scene's from its
        /// HDR10+ or Dolby Vision metadata (``SourcePeak``).
        public var sourcePeak: SourcePeak = .movie
        /// With ``SourcePeak/scene``: each scene's peak only (the default), or the curve its metadata gives for the
        /// target display where it gives one (``DynamicCurve``).
        public var dynamicCurve: DynamicCurve = .peakOnly

        /// The defaults of `hdrcolor convert` for movies.
        public init(
            codec: VideoEncodeSettings.Codec? = nil, crf: Int? = nil, preset: String? = nil, frames: Range<Int>? = nil,
            start: Double? = nil, duration: Double? = nil, copiesOtherStreams: Bool = true,
            encoderThreadCount: Int? = nil, conversionThreadCount: Int? = nil, assumedSourceColor: CICP? = nil,
            size: Size? = nil
        ) {
            self.codec = codec
            self.crf = crf
            self.preset = preset
            self.frames = frames
            self.start = start
            self.duration = duration
            self.copiesOtherStreams = copiesOtherStreams
            self.encoderThreadCount = encoderThreadCount
            self.conversionThreadCount = conversionThreadCount
            self.assumedSourceColor = assumedSourceColor
            self.size = size
        }

        /// A frame size in pixels.
        public struct Size: Hashable, Sendable, CustomStringConvertible {
            /// Columns.
            public var width: Int
            /// Rows; 0 for the width's share of the source's aspect ratio.
            public var height: Int

            /// A size.
            public init(width: Int, height: Int) {
                self.width = width
                self.height = height
            }

            public var description: String { "\(width)×\(height)" }

            /// The size for a source of `sourceWidth` × `sourceHeight`: a height of 0 follows the aspect ratio, rounded
            /// to an even number so 4:2:0 chroma has whole rows.
            func resolved(sourceWidth: Int, sourceHeight: Int) -> (width: Int, height: Int) {
                guard height == 0, sourceWidth > 0 else { return (width, height) }
                let rows = Double(width) * Double(sourceHeight) / Double(sourceWidth)
                return (width, Swift.max(2, Int((rows / 2).rounded()) * 2))
            }
        }
    }
}

extension ConversionRequest.Movie {
    /// The frames to convert of a stream at `rate` frames per second: ``frames``, or the frames from ``start`` for
    /// ``duration`` (frame *i* starts at *i* ÷ rate), or nil for all.
    ///
    /// - Throws: ``MediaConversionError/invalidRequest(_:)`` for a range and times together, negative or non-finite
    ///   times, or times on a stream without a frame rate.
    func frameRange(rate: Rational?) throws(MediaConversionError) -> Range<Int>? {
        guard start != nil || duration != nil else { return frames }
        guard frames == nil else { throw .invalidRequest("give a frame range or a start and duration, not both") }
        let first = start ?? 0
        guard first >= 0, first.isFinite, (duration ?? 1) > 0, (duration ?? 1).isFinite else {
            throw .invalidRequest("the start must be at least 0 s and the duration more than 0 s")
        }
        guard let rate, rate.isPositive else {
            throw .invalidRequest("the movie states no frame rate, so times cannot be turned into frames; use frames")
        }
        let perSecond = rate.doubleValue
        // A frame within a thousandth of a frame of the time counts as at it (decimal times of 29.97 fps streams).
        func index(_ seconds: Double) -> Int { Int(min(Double(Int32.max), (seconds * perSecond - 1e-3).rounded(.up))) }
        let lower = max(0, index(first))
        let upper = duration.map { index(first + $0) } ?? Int(Int32.max)
        guard upper > lower else {
            throw .invalidRequest("\(duration ?? 0) s from \(first) s holds no frame at \(perSecond) fps")
        }
        return lower..<upper
    }
}

extension ConversionRequest.Movie {
    /// Why a range of frames held none of the movie's: in seconds when the request gave times (``start``,
    /// ``duration``), as the user wrote them, else in frames; with what the movie holds.
    func emptyRangeMessage(_ range: Range<Int>, stream: VideoStreamInfo) -> String {
        var holds: [String] = []
        if let count = stream.frameCount { holds.append("\(count) frame\(count == 1 ? "" : "s")") }
        let length =
            stream.duration?.doubleValue
            ?? stream.frameCount.flatMap { count in
                stream.frameRate.map { Double(count) / $0.doubleValue }
            }
        if let length { holds.append("\(Self.seconds(length)) s") }
        let rate = stream.frameRate.map { " at \(Self.seconds($0.doubleValue)) fps" } ?? ""
        let movie = holds.isEmpty ? "" : ": the movie holds \(holds.joined(separator: ", "))\(rate)"
        guard start != nil || duration != nil else {
            return "no frame of the movie is in frames \(range.lowerBound)..<\(range.upperBound)" + movie
        }
        let first = start ?? 0
        let span =
            duration.map { "between \(Self.seconds(first)) s and \(Self.seconds(first + $0)) s" }
            ?? "at or after \(Self.seconds(first)) s"
        return "no frame of the movie starts \(span)" + movie
    }

    /// Seconds with up to four significant digits and no trailing zeros (5 → "5", 0.10666 → "0.1067").
    static func seconds(_ value: Double) -> String {
        NumberFormat(otherwise: .trimmedSignificant(4))(value)
    }
}
