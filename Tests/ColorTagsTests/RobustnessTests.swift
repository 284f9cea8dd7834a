import ColorTags
import TagValidation
import Foundation
import TestSupport
import Testing

/// No input crashes, hangs or allocates without bound: every fixture truncated at many lengths and mutated at random
/// (deterministic SplitMix64) either reads or throws a ColorTagsError, quickly.
@Suite("Robustness")
struct RobustnessTests {
    static let smallFixtures = Corpus.allFiles.filter { (try? Corpus.bytes($0).count).map { $0 <= 4096 } ?? false }

    @Test("truncations and byte flips of every small fixture", arguments: smallFixtures)
    func mutations(_ name: String) throws {
        let original = try Corpus.bytes(name)
        var random = SplitMix64(state: UInt64(truncatingIfNeeded: name.hashValue & 0) &+ UInt64(original.count))
        let clock = ContinuousClock()
        let start = clock.now
        var inputs: [[UInt8]] = stride(from: 0, to: original.count, by: Swift.max(1, original.count / 64)).map {
            Array(original.prefix($0))
        }
        for _ in 0..<150 {
            var mutated = original
            for _ in 0..<Int.random(in: 1...8, using: &random) where !mutated.isEmpty {
                let index = Int.random(in: 0..<mutated.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: mutated[index] = UInt8.random(in: 0...255, using: &random)
                case 1: mutated[index] = [0x00, 0xFF, 0x7F, 0x80][Int.random(in: 0..<4, using: &random)]
                default: mutated.insert(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF], at: index)
                }
            }
            inputs.append(mutated)
        }
        for input in inputs {
            if let tags = try? ColorTagging(bytes: input) {
                _ = tags.findings(options: ValidationOptions(requirements: Set(Requirement.allCases)))
                _ = tags.json(path: name).serialized()
                _ = tags.text(path: name)
            }
        }
        #expect(clock.now - start < .seconds(20), "\(inputs.count) inputs of \(name) took too long")
    }
}
