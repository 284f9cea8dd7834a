/// A repository's validation policy, `.hdrcolor.yml` (decoded by the tool with Yams; any `Decoder` works):
///
/// ```yaml
/// fail-on: warning            # note | warning | error (default error)
/// require: [tagged]           # policies for every file
/// include: ["assets/**"]      # globs for walked files
/// exclude: ["third_party/**"]
/// disable: [png.legacy-chunk-name]
/// severity:
///   gainmap.heavy-icc: error
/// paths:                      # per-glob policies, relative to the policy file's folder
///   - glob: "assets/hdr/**"
///     require: [iso-hdr, gain-map-both]
///     disable: [tags.untagged]
/// ```
public struct PolicyConfiguration: Decodable, Hashable, Sendable {
    /// Policies for files matching one glob.
    public struct PathPolicy: Decodable, Hashable, Sendable {
        /// The pattern, relative to the policy file's folder.
        public var glob: String
        /// Extra requirements.
        public var require: [Requirement]?
        /// Extra disabled rules.
        public var disable: [RuleID]?
        /// Extra severity overrides.
        public var severity: [String: Severity]?
    }

    /// The failing threshold.
    public var failOn: Severity?
    /// Requirements for every file.
    public var require: [Requirement]?
    /// Include globs.
    public var include: [String]?
    /// Exclude globs.
    public var exclude: [String]?
    /// Disabled rules.
    public var disable: [RuleID]?
    /// Severity overrides by rule id.
    public var severity: [String: Severity]?
    /// Per-glob policies, applied in order.
    public var paths: [PathPolicy]?

    enum CodingKeys: String, CodingKey {
        case failOn = "fail-on"
        case require, include, exclude, disable, severity, paths
    }

    /// Creates an empty policy.
    public init() {}

    /// The options for a file: `base` plus the file-wide settings plus every matching path policy. `relativePath` is
    /// the file's path relative to the policy file's folder.
    public func options(for relativePath: String, base: ValidationOptions) -> ValidationOptions {
        var options = base
        func apply(require: [Requirement]?, disable: [RuleID]?, severity: [String: Severity]?) {
            options.requirements.formUnion(require ?? [])
            options.disabledRules.formUnion(disable ?? [])
            for (rule, level) in severity ?? [:] { options.severityOverrides[RuleID(rawValue: rule)] = level }
        }
        apply(require: require, disable: disable, severity: severity)
        for policy in paths ?? [] where Glob(policy.glob).matches(relativePath) {
            apply(require: policy.require, disable: policy.disable, severity: policy.severity)
        }
        return options
    }

    /// Rule ids named in the policy that no rule has (typos), for a usage error.
    public var unknownRuleIDs: [String] {
        let known = Set(ValidationRule.all.map(\.id.rawValue))
        var named = (disable ?? []).map(\.rawValue) + (severity ?? [:]).keys
        for policy in paths ?? [] { named += (policy.disable ?? []).map(\.rawValue) + (policy.severity ?? [:]).keys }
        return named.filter { !known.contains($0) }.sorted()
    }
}
