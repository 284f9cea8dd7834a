import Foundation
import MediaConversion
import HTMLReport

extension DemoJob {
    /// `hdrcolor report` of the HDR10 movie and the ISO HDR PNG: one HTML page each.
    mutating func writeReports() throws {
        for source in ["hdr10.mp4", "hdr-pq.png"] {
            let start = ContinuousClock.now
            let name = (source as NSString).deletingPathExtension + ".report.html"
            let html: String
            do {
                html = try HDRReport(contentsOf: folder.appendingPathComponent(source)).html()
            } catch {
                try Diagnostics.fail("cannot make the report of \(source): \(error)", status: 1)
            }
            let data = Data(html.utf8)
            try Self.save(data, as: folder.appendingPathComponent(name))
            files.append(
                File(
                    name: name,
                    what: "HTML report of \(source): false colour, histogram, chromaticity"
                        + (source.hasSuffix(".mp4") ? ", light level over time" : ""),
                    byteCount: data.count, milliseconds: (ContinuousClock.now - start).milliseconds,
                    requirements: []))
        }
    }
}
