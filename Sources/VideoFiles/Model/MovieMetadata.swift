import Foundation

/// One metadata tag of a movie or of one of its streams, as FFmpeg names it: `creation_time`, `language`,
/// `handler_name`, or a QuickTime `mdta` key such as `com.apple.quicktime.location.ISO6709`.
public struct MovieMetadataItem: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The value, as text.
    public var value: String

    /// An item.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// How a video stream's pictures are turned for display: the 3×3 matrix of ISO/IEC 14496-12 `tkhd` (FFmpeg's
/// `AV_PKT_DATA_DISPLAYMATRIX`), row by row `a b u / c d v / x y w`, with `a b c d x y` in 16.16 and `u v w` in
/// 2.30 fixed point. A phone held upright records landscape pictures with a −90° matrix.
///
/// The matrix applies to the displayed picture whatever its size: a conversion that kept it but scaled or cropped the
/// frames would still play upright (a translation `x y` in pixels, which FFmpeg's display matrices do not use, would
/// have to be scaled with the frame).
public struct DisplayMatrix: Hashable, Sendable {
    /// The nine coefficients in `tkhd` order.
    public var coefficients: [Int32]

    /// A matrix from its nine coefficients; nil unless there are exactly nine.
    public init?(coefficients: [Int32]) {
        guard coefficients.count == 9 else { return nil }
        self.coefficients = coefficients
    }

    /// The identity: pictures displayed as stored.
    public static let identity = DisplayMatrix(coefficients: [0x1_0000, 0, 0, 0, 0x1_0000, 0, 0, 0, 0x4000_0000])!

    /// The rotation in degrees, counterclockwise as FFmpeg reports it (`av_display_rotation_get`): −90 for an
    /// upright phone recording; nil when the matrix does not scale (a degenerate matrix).
    public var rotation: Double? {
        let m = coefficients.map { Double($0) / 65_536 }
        let scale0 = (m[0] * m[0] + m[3] * m[3]).squareRoot()
        let scale1 = (m[1] * m[1] + m[4] * m[4]).squareRoot()
        guard scale0 > 0, scale1 > 0 else { return nil }
        let degrees = -atan2(m[1] / scale1, m[0] / scale0) * 180 / .pi
        return degrees == 0 ? 0 : degrees  // no −0
    }

    /// Whether pictures are displayed as stored (the identity).
    public var isIdentity: Bool { self == .identity }
}

/// Something of the source movie that a written movie does not carry, and why.
public struct MovieOmission: Hashable, Sendable {
    /// What was left out, e.g. `"data tmcd (stream 2)"`, `"rotation −90°"`.
    public var what: String
    /// Why, e.g. `"FFmpeg's matroska muxer cannot hold it"`.
    public var reason: String

    /// An omission.
    public init(what: String, reason: String) {
        self.what = what
        self.reason = reason
    }
}

/// A span of a source movie's timeline in seconds (its own timestamps): the packets copied by a ``MovieWriter`` when
/// only part of a movie is written. A packet is copied when its time `t` is in `start ..< end`, and written at
/// `t − start`.
public struct MovieTimeRange: Hashable, Sendable {
    /// The first time copied, in seconds of the source's timestamps.
    public var start: Double
    /// The time where copying stops (excluded); nil for the end of the movie.
    public var end: Double?

    /// A span.
    public init(start: Double, end: Double?) {
        self.start = start
        self.end = end
    }
}
