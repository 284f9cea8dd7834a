import Foundation
import MediaSyntax
import ColorTags

extension DynamicMetadataFrame {
    /// One line: `"RPU profile 8, shot start, L1 0.005/104.8/1001 cd/m² (PQ 62/1500/3079); HDR10+ MaxSCL 900 cd/m², …"`.
    var text: String {
        var parts: [String] = []
        if let rpu {
            var line = "RPU" + (rpu.profile.map { " profile \($0)" } ?? "") + (rpu.startsShot ? ", shot start" : "")
            if let l1 = rpu.l1 {
                let nits = [l1.minPQ, l1.averagePQ, l1.maxPQ].map { DolbyVisionRPUSummary.nits(pq: $0).g4 }
                line += ", L1 \(nits.joined(separator: "/")) cd/m² (PQ \(l1.minPQ)/\(l1.averagePQ)/\(l1.maxPQ))"
            }
            parts.append(line)
        }
        if let rpuProblem { parts.append("RPU unreadable: \(TextSanitizer.sanitize(rpuProblem))") }
        if let hdr10Plus {
            parts.append(
                "HDR10+ MaxSCL \(hdr10Plus.maxSCL.g4) cd/m², average maxRGB \(hdr10Plus.averageMaxRGB.g4) cd/m², "
                    + "target \(hdr10Plus.targetedDisplayPeak.g4) cd/m²")
        }
        return parts.isEmpty ? "no dynamic metadata" : parts.joined(separator: "; ")
    }

    /// The frame as JSON (PascalCase keys; PQ codes and cd/m² side by side).
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("Sample", .integer(sample))]
        if let rpu {
            var fields: [(String, JSONValue)] = [
                ("Profile", .optional(rpu.profile) { .integer($0) }), ("StartsShot", .bool(rpu.startsShot)),
            ]
            if let l1 = rpu.l1 {
                fields += [
                    ("L1MinPQ", .integer(l1.minPQ)), ("L1AveragePQ", .integer(l1.averagePQ)),
                    ("L1MaxPQ", .integer(l1.maxPQ)), ("L1MaxNits", .number(DolbyVisionRPUSummary.nits(pq: l1.maxPQ))),
                ]
            }
            members.append(("DolbyVisionRPU", .object(fields)))
        }
        if let rpuProblem { members.append(("DolbyVisionRPUProblem", .string(rpuProblem))) }
        if let hdr10Plus {
            members.append(
                (
                    "HDR10Plus",
                    .object([
                        ("TargetedSystemDisplayMaximumLuminance", .number(hdr10Plus.targetedDisplayPeak)),
                        ("MaxSCL", .number(hdr10Plus.maxSCL)), ("AverageMaxRGB", .number(hdr10Plus.averageMaxRGB)),
                    ])
                ))
        }
        return .object(members)
    }
}
