/// Why a ``ByteSource`` could not deliver bytes: the file could not be opened or the operating system failed to read
/// it. A range outside the file is not an error (the source returns fewer bytes).
package struct ByteSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path, as given.
    package var path: String
    /// A plain sentence (no operating-system error codes), e.g. "permission denied" or "it is a folder; pass a file
    /// (validate walks folders)".
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package var description: String { "cannot read \(TextSanitizer.sanitize(path)): \(reason)" }
}
