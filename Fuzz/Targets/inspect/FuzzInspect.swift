import ColorTags
import TagValidation
import Foundation
import FuzzReaders
import FuzzSupport

/// The `inspect` and `validate` path as a whole, on any file type: read, findings with every requirement, the JSON
/// document (which must parse), the text report (which must be terminal-safe), and every validation report format.
enum FuzzInspect {
    static let path = "fuzz/\u{1B}[31minput\u{07}.png"

    static func run(_ bytes: [UInt8]) {
        guard let (tags, findings) = ReadTags.read(bytes, limits: ReadTags.limits(for: bytes)) else { return }
        let json = tags.json(path: path, findings: findings).serialized()
        FuzzCheck.require(
            (try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "inspect --json is not JSON:\n\(json)")
        let text = tags.text(path: path, findings: findings)
        FuzzCheck.require(FuzzCheck.isTerminalSafe(text), "inspect text has raw control characters:\n\(text)")
        let report = ValidationReport(files: [FileReport(path: path, tagging: tags, findings: findings)])
        for format in ReportFormat.allCases {
            let rendered = report.rendered(as: format)
            switch format {
            case .json, .sarif:
                FuzzCheck.require(
                    (try? JSONSerialization.jsonObject(with: Data(rendered.utf8))) != nil, "\(format) is not JSON")
            case .text, .github:
                FuzzCheck.require(FuzzCheck.isTerminalSafe(rendered), "\(format) report has raw control characters")
            default:
                break
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzInspect.run(FuzzInput.bytes(data, size))
    return 0
}

#if !LIBFUZZER
@main enum Main { static func main() { MutationDriver.main(FuzzInspect.run) } }
#endif
