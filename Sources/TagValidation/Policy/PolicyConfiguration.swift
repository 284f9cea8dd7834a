import ColorTags

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

        enum CodingKeys: String, CodingKey, CaseIterable {
            case glob, require, disable, severity
        }

        /// Decodes an entry, rejecting unknown keys and values with a ``PolicyError``.
        public init(from decoder: any Decoder) throws {
            try PolicyDecoding.rejectUnknownKeys(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let path = PolicyDecoding.path(of: decoder)
            glob = try container.decode(String.self, forKey: .glob)
            require = try PolicyDecoding.choices(in: container, .require, at: path)
            disable = try PolicyDecoding.strings(in: container, .disable)?.map(RuleID.init(rawValue:))
            severity = try PolicyDecoding.severities(in: container, .severity, at: path)
        }
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

    enum CodingKeys: String, CodingKey, CaseIterable {
        case failOn = "fail-on"
        case require, include, exclude, disable, severity, paths
    }

    /// Creates an empty policy.
    public init() {}

    /// Decodes a policy. A key no setting has, or a value that is not one of a setting's choices (severities,
    /// requirement names), throws a ``PolicyError`` naming it, the valid choices and the nearest one; a list setting
    /// also takes a single value (`require: hdr10`).
    public init(from decoder: any Decoder) throws {
        try PolicyDecoding.rejectUnknownKeys(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        failOn = try container.decodeIfPresent(String.self, forKey: .failOn).map {
            try PolicyDecoding.choice($0, at: CodingKeys.failOn.rawValue)
        }
        require = try PolicyDecoding.choices(in: container, .require, at: "")
        include = try PolicyDecoding.strings(in: container, .include)
        exclude = try PolicyDecoding.strings(in: container, .exclude)
        disable = try PolicyDecoding.strings(in: container, .disable)?.map(RuleID.init(rawValue:))
        severity = try PolicyDecoding.severities(in: container, .severity, at: "")
        paths = try container.decodeIfPresent([PathPolicy].self, forKey: .paths)
    }

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

/// The strict decoding shared by ``PolicyConfiguration`` and its path entries.
enum PolicyDecoding {
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The coding path as written in the file: `paths[1]`, empty at the top level.
    static func path(of decoder: any Decoder) -> String {
        decoder.codingPath.reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
    }

    /// Throws ``PolicyError/unknownKey(_:path:known:)`` for the first key of the mapping that is not in `known`.
    static func rejectUnknownKeys(in decoder: any Decoder, known: [String]) throws {
        let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue).sorted()
        if let unknown = keys.first(where: { !known.contains($0) }) {
            throw PolicyError.unknownKey(unknown, path: path(of: decoder), known: known)
        }
    }

    /// A list of strings, or a single string as a list of one.
    static func strings<Key: CodingKey>(in container: KeyedDecodingContainer<Key>, _ key: Key) throws -> [String]? {
        if let single = try? container.decodeIfPresent(String.self, forKey: key) { return [single] }
        return try container.decodeIfPresent([String].self, forKey: key)
    }

    /// `value` as one of `T`'s cases, or ``PolicyError/invalidValue(_:path:valid:)`` listing them.
    static func choice<T: RawRepresentable & CaseIterable>(_ value: String, at path: String) throws(PolicyError) -> T
    where T.RawValue == String {
        guard let choice = T(rawValue: value) else {
            throw .invalidValue(value, path: path, valid: T.allCases.map(\.rawValue))
        }
        return choice
    }

    static func choices<Key: CodingKey, T: RawRepresentable & CaseIterable>(
        in container: KeyedDecodingContainer<Key>, _ key: Key, at path: String
    ) throws -> [T]? where T.RawValue == String {
        let place = (path.isEmpty ? "" : path + ".") + key.stringValue
        return try strings(in: container, key)?.map { value throws(PolicyError) in try choice(value, at: place) }
    }

    static func severities<Key: CodingKey>(
        in container: KeyedDecodingContainer<Key>, _ key: Key, at path: String
    ) throws -> [String: Severity]? {
        let place = (path.isEmpty ? "" : path + ".") + key.stringValue
        return try container.decodeIfPresent([String: String].self, forKey: key)?.reduce(into: [:]) { result, entry in
            result[entry.key] = try choice(entry.value, at: place + "." + entry.key) as Severity
        }
    }
}
