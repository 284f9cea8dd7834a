/// Where in a file a tag was read: its byte range and the structure that holds it.
public struct TagLocation: Hashable, Sendable, CustomStringConvertible {
    /// Offset of the tag's payload from the start of the file, in bytes.
    public var offset: Int
    /// Length of the payload in bytes.
    public var length: Int
    /// The holding structure as the format names it, e.g. `"cICP chunk"`, `"APP2 ICC_PROFILE (3 segments)"`,
    /// `"meta/iprp/ipco/colr #2 (nclx)"`.
    public var container: String

    /// Creates a location.
    public init(offset: Int, length: Int, container: String) {
        self.offset = offset
        self.length = length
        self.container = container
    }

    /// `"cICP chunk at byte 33 (4 bytes)"`.
    public var description: String { "\(container) at byte \(offset) (\(length) byte\(length == 1 ? "" : "s"))" }
}

/// A value read from a file together with where it was read.
public struct Located<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// Where it came from.
    public var location: TagLocation

    /// Pairs a value with its location.
    public init(_ value: Value, at location: TagLocation) {
        self.value = value
        self.location = location
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
