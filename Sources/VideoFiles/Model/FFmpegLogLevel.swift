internal import CFFmpeg

/// How much FFmpeg prints to standard error (`av_log_set_level`): a process-wide setting of the FFmpeg libraries,
/// which VideoFiles never changes by itself.
public enum FFmpegLogLevel: Sendable, CaseIterable {
    /// Nothing (`AV_LOG_QUIET`).
    case quiet
    /// Errors only (`AV_LOG_ERROR`).
    case error
    /// Errors and warnings (`AV_LOG_WARNING`).
    case warning
    /// FFmpeg's default (`AV_LOG_INFO`).
    case info

    /// Sets FFmpeg's process-wide log level.
    public func apply() {
        switch self {
        case .quiet: av_log_set_level(AV_LOG_QUIET)
        case .error: av_log_set_level(AV_LOG_ERROR)
        case .warning: av_log_set_level(AV_LOG_WARNING)
        case .info: av_log_set_level(AV_LOG_INFO)
        }
    }
}
