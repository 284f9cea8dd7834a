import ColorSpaces
import ColorTags
import TagValidation
import Foundation
import VideoFiles

/// The check of a written movie: `hdrcolor validate` with the target's policy (`--require hdr10` for PQ, `--require
/// hlg` for HLG) and `--compare` against the source, whose compare rules catch what the conversion lost without
/// meaning to (a Dolby Vision record, RPUs or HDR10+ the report says were kept, static metadata a same-colour
/// conversion keeps). The changes the conversion makes on purpose (the requested colour, static metadata written anew,
/// dynamic metadata the report lists as not carried) are not findings.
///
/// A finding the source draws too (the same rule, under the same policy) is the source's: it is reported as
/// inherited and does not fail the conversion. A same-colour conversion keeps the source's HDR10 static metadata and
/// its RPUs and HDR10+ as they are, so a source whose MaxCLL disagrees with its RPUs' level 6 passes that disagreement
/// on, and the conversion did nothing wrong.
struct MovieCheck {
    /// The check as its `hdrcolor` command, e.g. `validate --require hdr10 --compare SOURCE`.
    var command: String
    /// Warnings and errors the conversion brought: they fail it.
    var findings: [Finding]
    /// Warnings and errors the source draws too.
    var inherited: [Finding]

    /// The compare rules a conversion may fire on purpose: the colour when it changes, the static metadata when it is
    /// written anew, the dynamic metadata it does not keep.
    static func expectedChanges(plan: MoviePlan, dynamic: DynamicMetadataPlan, source: VideoStreamInfo) -> Set<RuleID> {
        var expected: Set<RuleID> = []
        if !plan.colorUnchanged { expected.formUnion([.comparePrimaries, .compareTransfer, .compareRange]) }
        if plan.settings.masteringDisplay != source.masteringDisplay { expected.insert(.compareMDCV) }
        if plan.measuresLightLevel || plan.settings.contentLightLevel != source.contentLightLevel {
            expected.insert(.compareCLLI)
        }
        if !dynamic.keepsHDR10Plus { expected.insert(.compareHDR10Plus) }
        if !dynamic.keepsRPUs { expected.formUnion([.compareDolbyVisionRPU, .compareDolbyVision]) }
        return expected
    }

    /// Checks `output` for a target in `space`, against `source` (its tags; nil when they could not be read, then
    /// nothing is compared and nothing inherited).
    static func run(
        output: URL, space: ColorSpace, source: ColorTagging?, sourcePath: String, expectedChanges: Set<RuleID>
    ) -> MovieCheck {
        var requirements: [Requirement] = []
        switch space.transferFunction {
        case .pq: requirements = [.hdr10]
        case .hlg: requirements = [.hlg]
        default: break
        }
        let options = ValidationOptions(requirements: Set(requirements))
        let command =
            "validate" + requirements.map { " --require \($0.rawValue)" }.joined()
            + (source != nil ? " --compare \(sourcePath)" : "")
        let tagging: ColorTagging
        do { tagging = try ColorTagging(contentsOf: output) } catch {
            let rule = requirements.first?.rule ?? .malformed
            let finding = Finding(rule: rule, severity: .error, message: "the written movie's tags: \(error)")
            return MovieCheck(command: command, findings: [finding], inherited: [])
        }
        var findings = tagging.findings(options: options)
        if let source {
            findings += tagging.changes(from: source, options: options).filter { !expectedChanges.contains($0.rule) }
        }
        findings = findings.filter { $0.severity >= .warning }
        // The policy is the target's, not the source's: a policy finding is always the conversion's.
        let sourceRules = Set((source?.findings(options: options) ?? []).map(\.rule)).filter {
            !$0.rawValue.hasPrefix("policy.")
        }
        return MovieCheck(
            command: command, findings: findings.filter { !sourceRules.contains($0.rule) },
            inherited: findings.filter { sourceRules.contains($0.rule) })
    }
}
