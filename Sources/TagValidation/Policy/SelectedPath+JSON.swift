extension SelectedPath {
    /// `validate --list-files --format json`: a file as its path, a path the walk could not read as
    /// `{"Path": …, "Unreadable": reason}`, so that `--files-from` checks it as the walk would have.
    package var json: JSONValue {
        switch self {
        case .file(let path): .string(path)
        case .unreadable(let path, let reason): .object([("Path", .string(path)), ("Unreadable", .string(reason))])
        }
    }

    /// A path from a `--list-files` listing; nil for another value.
    package init?(json: JSONValue) {
        if let path = json.stringValue {
            self = .file(path)
        } else if let path = json["Path"]?.stringValue, let reason = json["Unreadable"]?.stringValue {
            self = .unreadable(path: path, reason: reason)
        } else {
            return nil
        }
    }
}
