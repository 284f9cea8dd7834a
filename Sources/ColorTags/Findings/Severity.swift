/// How serious a finding is. `validate --fail-on` compares against it.
public enum Severity: String, Hashable, Sendable, CaseIterable, Comparable, Codable, CustomStringConvertible {
    /// Worth knowing; never fails a run.
    case note
    /// Renders differently in some readers or loses information; fails with `--fail-on warning`.
    case warning
    /// Wrong or contradictory: readers disagree on the colour, or the file breaks its format's rules.
    case error

    public var description: String { rawValue }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }
}

/// A rule's identifier, e.g. `png.cicp-narrow-range`: stable across versions, used in reports, policy files and SARIF.
public struct RuleID: RawRepresentable, Hashable, Sendable, Comparable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}
