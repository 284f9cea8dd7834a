import Foundation
import ColorTags

extension DolbyVisionRPUSummary {
    /// The summary as report lines (label, value), in the order and words of dovi_tool's `info --summary`.
    var textLines: [(String, String)] {
        var lines: [(String, String)] = [
            (
                "RPUs",
                "\(rpus) read, \(crcFailures) CRC failure\(crcFailures == 1 ? "" : "s"), \(malformed) malformed"
                    + (firstFailure.map { " (first: \($0))" } ?? "")
            )
        ]
        if !profiles.isEmpty { lines.append(("RPU Profile", profileText)) }
        if let dmVersion { lines.append(("DM Version", dmVersion)) }
        lines.append(("Scene/Shot Count", "\(shots)" + (zeroFrameShots > 0 ? " (\(zeroFrameShots) of 0 frames)" : "")))
        if !sourceMasteringPQ.isEmpty {
            lines.append(("RPU Mastering Display", sourceMasteringPQ.map(Self.masteringText).joined(separator: ", ")))
        }
        if let maxPQ = maxL1MaxPQ, let avgPQ = maxL1AvgPQ {
            lines.append(
                (
                    "RPU Light Level (L1)",
                    "MaxCLL: \(Self.fixed(Self.nits(pq: maxPQ))) nits, MaxFALL: \(Self.fixed(Self.nits(pq: avgPQ))) nits"
                ))
        }
        if let peaks = shotPeakPQ {
            lines.append(
                (
                    "Shot Peaks (L1)",
                    "\(Self.fixed(Self.nits(pq: peaks.lower)))…\(Self.fixed(Self.nits(pq: peaks.upper))) nits (PQ \(peaks.lower)…\(peaks.upper))"
                ))
        }
        if l1OutOfRange > 0 { lines.append(("L1 Out of Range", "\(l1OutOfRange) RPUs")) }
        for l6 in level6 {
            lines.append(
                (
                    "L6 Metadata",
                    "Mastering display: \(l6.masteringMinimum.fixed(4))/\(l6.masteringMaximum) nits. "
                        + "MaxCLL: \(l6.maxCLL) nits, MaxFALL: \(l6.maxFALL) nits"
                ))
        }
        if let a = activeArea {
            lines.append(
                (
                    "L5 Offsets",
                    "top=\(Self.range(a.top)), bottom=\(Self.range(a.bottom)), left=\(Self.range(a.left)), "
                        + "right=\(Self.range(a.right))"
                ))
        }
        if !l2TargetsPQ.isEmpty {
            lines.append(("L2 Trims", l2TargetNits.map { "\($0) nits" }.joined(separator: ", ")))
        }
        if !l8TargetDisplays.isEmpty {
            let nits = Set(l8TargetDisplays.map(Self.l8TargetNits)).sorted()
            lines.append(("L8 Trims", nits.map { "\($0) nits" }.joined(separator: ", ")))
        }
        if !l9SourcePrimaries.isEmpty {
            lines.append(("L9 Source Primaries", l9SourcePrimaries.map(Self.primariesName).joined(separator: ", ")))
        }
        if !l11ContentTypes.isEmpty {
            lines.append(("L11 Content Type", l11ContentTypes.map(Self.contentTypeName).joined(separator: ", ")))
        }
        if !levels.isEmpty { lines.append(("DM Levels", levels.map(String.init).joined(separator: ", "))) }
        return lines
    }

    /// The summary as JSON (PascalCase keys; PQ codes and nits side by side).
    func json(location: TagLocation) -> JSONValue {
        .compact([
            ("RPUs", .integer(rpus)), ("CRCFailures", .integer(crcFailures)), ("Malformed", .integer(malformed)),
            ("FirstFailure", .optional(firstFailure, JSONValue.string)),
            ("Profiles", .array(profiles.map(JSONValue.integer))),
            ("EnhancementLayers", .array(enhancementLayers.map(JSONValue.string))),
            ("DMVersion", .optional(dmVersion, JSONValue.string)), ("CMv29RPUs", .integer(cmV29RPUs)),
            ("CMv40RPUs", .integer(cmV40RPUs)), ("Shots", .integer(shots)),
            ("ZeroFrameShots", .integer(zeroFrameShots)),
            ("InvalidSceneRefresh", .integer(invalidSceneRefresh)),
            (
                "SourceMastering",
                .array(
                    sourceMasteringPQ.map {
                        .object([
                            ("MinPQ", .integer($0.lower)), ("MaxPQ", .integer($0.upper)),
                            ("MinNits", .number(Self.nits(pq: $0.lower))),
                            ("MaxNits", .number(Self.nits(pq: $0.upper))),
                        ])
                    })
            ),
            ("L1MaxPQ", .optional(maxL1MaxPQ, JSONValue.integer)),
            ("L1MaxCLLNits", .optional(maxL1MaxPQ) { .number(Self.nits(pq: $0)) }),
            ("L1AvgPQ", .optional(maxL1AvgPQ, JSONValue.integer)),
            ("L1MaxFALLNits", .optional(maxL1AvgPQ) { .number(Self.nits(pq: $0)) }),
            (
                "ShotPeaks",
                .optional(shotPeakPQ) {
                    .object([
                        ("MinPQ", .integer($0.lower)), ("MaxPQ", .integer($0.upper)),
                        ("MinNits", .number(Self.nits(pq: $0.lower))), ("MaxNits", .number(Self.nits(pq: $0.upper))),
                    ])
                }
            ),
            ("L1OutOfRange", .integer(l1OutOfRange)),
            (
                "L6",
                .array(
                    level6.map {
                        .object([
                            ("MasteringMinNits", .number($0.masteringMinimum)),
                            ("MasteringMaxNits", .integer($0.masteringMaximum)), ("MaxCLL", .integer($0.maxCLL)),
                            ("MaxFALL", .integer($0.maxFALL)),
                        ])
                    })
            ),
            (
                "L5",
                .optional(activeArea) { a in
                    .object(
                        [("Top", a.top), ("Bottom", a.bottom), ("Left", a.left), ("Right", a.right)].map {
                            ($0.0, .array([.integer($0.1.lowerBound), .integer($0.1.upperBound)]))
                        })
                }
            ),
            ("L2TargetsPQ", .array(l2TargetsPQ.map(JSONValue.integer))),
            ("L2TargetsNits", .array(l2TargetNits.map(JSONValue.integer))),
            ("L8TargetDisplays", .array(l8TargetDisplays.map(JSONValue.integer))),
            ("L9SourcePrimaries", .array(l9SourcePrimaries.map(JSONValue.integer))),
            ("L11ContentTypes", .array(l11ContentTypes.map(JSONValue.integer))),
            ("Levels", .array(levels.map(JSONValue.integer))), ("Location", location.json),
        ])
    }

    /// "8", "7 (FEL)", "7 (MEL), 8".
    var profileText: String {
        profiles.map {
            $0 == 7 && !enhancementLayers.isEmpty ? "7 (\(enhancementLayers.joined(separator: ", ")))" : "\($0)"
        }
        .joined(separator: ", ")
    }

    /// The L2 trim targets in nits, rounded to 100 as dovi_tool shows them.
    var l2TargetNits: [Int] {
        Set(l2TargetsPQ.map { Int((Self.nits(pq: $0) / 100).rounded()) * 100 }).sorted()
    }

    /// "0.0001/1000 nits": black to 6 decimals shown with 4, peak rounded to 1000 (dovi_tool's form).
    static func masteringText(_ range: PQRange) -> String {
        let black = (nits(pq: range.lower) * 1e6).rounded() / 1e6
        let peak = Int((nits(pq: range.upper) / 1000).rounded()) * 1000
        return "\(black.fixed(4))/\(peak) nits"
    }

    static func fixed(_ value: Double) -> String { value.fixed(2) }

    static func range(_ r: ClosedRange<Int>) -> String {
        r.lowerBound == r.upperBound ? "\(r.lowerBound)" : "\(r.lowerBound)..\(r.upperBound)"
    }

    /// Dolby's L9 primaries indices, named as dovi_tool's `MasteringDisplayPrimaries` names them.
    static func primariesName(_ index: Int) -> String {
        let names = [
            "DCI-P3 D65", "BT.709", "BT.2020", "SMPTE-C", "BT.601", "DCI-P3", "ACES", "S-Gamut", "S-Gamut-3.Cine",
        ]
        return names.indices.contains(index) ? names[index] : index == 255 ? "custom" : "index \(index)"
    }

    /// Dolby's L11 content types.
    static func contentTypeName(_ type: Int) -> String {
        switch type {
        case 0: "default"
        case 1: "movies"
        case 2: "game"
        case 3: "sport"
        case 4: "user-generated content"
        default: "type \(type)"
        }
    }
}
