import Foundation
import MediaConversion

/// How `hdrcolor convert` shows a movie's progress on standard error.
enum MovieProgressStyle: Sendable {
    /// A bar redrawn in place (a terminal): frames, fps and the time left.
    case bar
    /// A plain line every 5 seconds (logs).
    case lines
    /// Nothing (several files converted at once, not on a terminal).
    case none
}

/// Draws a movie conversion's progress at most 10 times a second (a bar) or every 5 seconds (lines).
final class MovieProgressPrinter {
    let style: MovieProgressStyle
    private var last: Duration?

    init(style: MovieProgressStyle) {
        self.style = style
    }

    func show(_ progress: MovieConversionProgress) {
        let interval: Duration = style == .bar ? .milliseconds(100) : .seconds(5)
        guard style != .none, last.map({ progress.elapsed - $0 >= interval }) ?? true else { return }
        last = progress.elapsed
        let text = Self.describe(progress)
        if style == .bar {
            var bar = ""
            if let total = progress.totalFrames, total > 0 {
                let filled = min(30, progress.completedFrames * 30 / total)
                bar = "[" + String(repeating: "#", count: filled) + String(repeating: "·", count: 30 - filled) + "] "
            }
            Diagnostics.note("\r\u{1B}[K" + bar + text)
        } else {
            Diagnostics.note(text + "\n")
        }
    }

    /// Clears the bar.
    func end() {
        if style == .bar, last != nil { Diagnostics.note("\r\u{1B}[K") }
    }

    /// "frame 120/300, 41.5 fps, 4 s left".
    static func describe(_ progress: MovieConversionProgress) -> String {
        var text = "frame \(progress.completedFrames)" + (progress.totalFrames.map { "/\($0)" } ?? "")
        text += ", \(progress.framesPerSecond.fixed(1)) fps"
        if let left = progress.estimatedRemaining { text += ", \(left.components.seconds) s left" }
        return text
    }
}
