internal import CFFmpeg
import Foundation

/// How much FFmpeg and the encoders print to standard error: a process-wide setting of the FFmpeg libraries
/// (`av_log_set_level`, which also carries libdav1d's and x264's lines), followed by x265 (`log-level` of each new
/// encoder) and SVT-AV1 (its `SVT_LOG` environment variable). VideoFiles never changes it by itself.
public enum FFmpegLogLevel: Sendable, CaseIterable {
    /// Nothing (`AV_LOG_QUIET`).
    case quiet
    /// Errors only (`AV_LOG_ERROR`).
    case error
    /// Errors and warnings (`AV_LOG_WARNING`).
    case warning
    /// FFmpeg's default (`AV_LOG_INFO`).
    case info

    /// Sets FFmpeg's process-wide log level and SVT-AV1's (read when an encoder is opened). Call it before other
    /// threads use FFmpeg: it sets an environment variable.
    public func apply() {
        av_log_set_level(avLevel)
        if getenv("SVT_LOG").map({ String(cString: $0) }) != svtLevel { setenv("SVT_LOG", svtLevel, 1) }
    }

    /// The level in effect (FFmpeg's `av_log_get_level`, rounded down to a case).
    public static var current: FFmpegLogLevel {
        let level = av_log_get_level()
        return allCases.last { $0.avLevel <= level } ?? .quiet
    }

    private var avLevel: Int32 {
        switch self {
        case .quiet: AV_LOG_QUIET
        case .error: AV_LOG_ERROR
        case .warning: AV_LOG_WARNING
        case .info: AV_LOG_INFO
        }
    }

    /// SVT-AV1's `SVT_LOG`: 0 fatal … 3 info.
    private var svtLevel: String {
        switch self {
        case .quiet: "0"
        case .error: "1"
        case .warning: "2"
        case .info: "3"
        }
    }

    /// x265's `log-level`.
    var x265Name: String {
        switch self {
        case .quiet: "none"
        case .error: "error"
        case .warning: "warning"
        case .info: "info"
        }
    }
}
