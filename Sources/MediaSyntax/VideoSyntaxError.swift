/// Why a video syntax structure (a sequence parameter set, an SEI message, a sequence header) could not be read to the
/// field wanted: it ends early, or a value is outside what the standard allows. The reader stops there and records a
/// ``ReadProblem`` with this message instead of guessing the fields that follow.
package struct VideoSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, naming the syntax element.
    package var message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
