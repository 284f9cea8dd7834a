import ColorTags
import FuzzSupport
import TagValidation

/// Reports read back (`hdrcolor validate --merge-reports`, `--files-from`): the JSON parser on any bytes, and every
/// document that parses merged as a validation report and rendered in every format. A parsed document serialises to
/// text that parses to the same text again; merging either refuses with a message or gives a report whose renderings
/// are not empty and whose JSON parses and merges to the same renderings.
enum FuzzReports {
    static func run(_ data: [UInt8]) {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: String(decoding: data, as: UTF8.self))
        } catch {
            FuzzCheck.require(error.offset >= 0 && !error.description.isEmpty, "a parse error without a place")
            return
        }
        let text = document.serialized()
        let again = try? JSONValue(parsing: text)
        FuzzCheck.require(again?.serialized() == text, "serialised JSON does not parse to itself")
        let report: ValidationReport
        do {
            report = try ValidationReport(mergingJSON: [document, document])
        } catch {
            FuzzCheck.require(!error.description.isEmpty, "a merge error without a message")
            return
        }
        let json = report.rendered(as: .json)
        guard let reread = try? JSONValue(parsing: json), let merged = try? ValidationReport(mergingJSON: [reread])
        else {
            FuzzCheck.require(false, "a merged report's JSON does not merge again")
            return
        }
        for format in ReportFormat.allCases {
            let rendered = report.rendered(as: format)
            FuzzCheck.require(!rendered.isEmpty, "an empty \(format) report")
            FuzzCheck.require(merged.rendered(as: format) == rendered, "\(format) differs after a round trip")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzReports.run(FuzzInput.bytes(data, size))
    return 0
}

#if !LIBFUZZER
@main enum Main { static func main() { MutationDriver.main(FuzzReports.run) } }
#endif
