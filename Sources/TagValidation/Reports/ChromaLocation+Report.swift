import SignalCoding
import ColorTags

extension ChromaLocation {
    /// The H.273 type and its name in reports, e.g. `"2 (top-left)"`.
    var reportDescription: String {
        let names = ["left", "centre", "top-left", "top", "bottom-left", "bottom"]
        return "\(chromaSampleLocationType) (\(names[chromaSampleLocationType]))"
    }
}
