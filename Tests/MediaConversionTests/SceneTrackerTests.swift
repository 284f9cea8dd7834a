import Foundation
@testable import MediaConversion
@testable import MediaSyntax
import Testing
import VideoFiles

/// Which Dolby Vision trim per-scene tone mapping applies for a target display, and the scene-start rule shared
/// with the report's light level over time.
@Suite("Per-scene tone mapping: trim choice and scene starts")
struct SceneTrackerTests {
    typealias Block = DolbyVisionRPU.ExtensionBlock

    /// A trim of target `target` (a PQ code for level 2, an index for level 8) whose slope code tells it apart.
    static func trim(_ target: Int, slope: Int = 2048) -> Block.Trim {
        Block.Trim(
            target: target, slope: slope, offset: 2048, power: 2048, chromaWeight: 2048, saturationGain: 2048,
            msWeight: 0)
    }

    /// SMPTE ST 2084 inverse EOTF written out, as a 12-bit code (not rounded).
    static func code(_ nits: Double) -> Double {
        let (m1, m2, c1, c2, c3) = (0.1593017578125, 78.84375, 0.8359375, 18.8515625, 18.6875)
        let y = pow(nits / 10_000, m1)
        return 4095 * pow((c1 + c2 * y) / (1 + c3 * y), m2)
    }

    @Test("Level 2 by target_max_pq, nearest within 41 PQ codes; none beyond")
    func level2() {
        let target = Self.code(100)  // 2080.6
        let blocks: [Block] = [.level2(Self.trim(2851, slope: 1)), .level2(Self.trim(2081, slope: 2))]
        #expect(SceneTracker.trim(for: 100, in: blocks)?.trim.slope == 2)
        #expect(SceneTracker.trim(for: 600, in: blocks)?.trim.slope == 1)
        #expect(SceneTracker.trim(for: 1000, in: blocks) == nil)  // code 3079: 228 from 2851
        let edge = Int((target + 41).rounded(.down))
        #expect(SceneTracker.trim(for: 100, in: [.level2(Self.trim(edge))])?.level == 2)
        #expect(SceneTracker.trim(for: 100, in: [.level2(Self.trim(edge + 1))]) == nil)
    }

    @Test("Level 8 through its level 10 target display; it wins a tie with level 2; without level 10 it is not chosen")
    func level8() {
        let l10: Block = .level10(targetDisplayIndex: 7, targetMaxPQ: 2081, targetMinPQ: 62, targetPrimaryIndex: 0)
        let chosen = SceneTracker.trim(
            for: 100, in: [.level2(Self.trim(2081, slope: 1)), .level8(Self.trim(7, slope: 3)), l10])
        #expect(chosen?.level == 8 && chosen?.trim.slope == 3)
        #expect(SceneTracker.trim(for: 100, in: [.level8(Self.trim(7))]) == nil)
        #expect(SceneTracker.trim(for: 100, in: [.level8(Self.trim(3)), l10]) == nil)
    }

    @Test("HDR10+ scenes start where the record differs from the last one read, also after frames without one")
    func sceneStarts() throws {
        func record(_ maxSCL: UInt32) -> HDR10PlusMetadata {
            HDR10PlusMetadata(
                targetedSystemDisplayMaximumLuminance: 400,
                windows: [
                    .init(
                        maxSCL: [maxSCL, maxSCL, maxSCL], averageMaxRGB: 100, distribution: [],
                        fractionBrightPixels: 0, toneMapping: nil)
                ])
        }
        #expect(DynamicMetadataFrames.startsScene(record(1000), after: nil))
        #expect(!DynamicMetadataFrames.startsScene(record(1000), after: record(1000)))
        #expect(DynamicMetadataFrames.startsScene(record(2000), after: record(1000)))
    }
}
