/// Why a syntax structure (a box or item property, a sequence parameter set, an SEI message, a sequence header, an
/// RPU) could not be read to the field wanted: it ends early, or a value is outside what its standard allows. Readers
/// stop there and report the message (a ``ReadProblem`` in ColorTags, a corrupt-file error in ImageFiles) instead of
/// guessing the fields that follow.
public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, naming the syntax element, e.g. "'clap' crop X offset 3/2 is not an integer".
    public var message: String

    package init(_ message: String) { self.message = message }

    public var description: String { message }
}
