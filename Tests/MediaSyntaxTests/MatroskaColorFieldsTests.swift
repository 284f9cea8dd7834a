import MediaSyntax
import TestSupport
import Testing

@Suite("Matroska Colour fields: found where the header holds them, never outside the bytes")
struct MatroskaColorFieldsTests {
    /// An element: ID bytes, a one-byte size, data.
    static func element(_ id: [UInt8], _ data: [UInt8]) -> [UInt8] { id + [0x80 | UInt8(data.count)] + data }

    /// EBML header, a Segment of unknown size holding Info and Tracks: an audio track, then a video track whose
    /// Colour has MaxCLL and MaxFALL of two bytes each (0xFFFF).
    static let head: [UInt8] = {
        let colour = element(
            [0x55, 0xB0],
            element([0x55, 0xB1], [9]) + element([0x55, 0xBC], [0xFF, 0xFF])
                + element([0x55, 0xBD], [0xFF, 0xFF]))
        let video = element([0xE0], element([0xB0], [64]) + colour)
        let tracks = element(
            [0x16, 0x54, 0xAE, 0x6B],
            element([0xAE], element([0xD7], [1]) + element([0x83], [2])) + element([0xAE], element([0xD7], [2]) + video)
        )
        let segment =
            [0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
            + element([0x15, 0x49, 0xA9, 0x66], element([0x44, 0x89], [0, 0, 0, 0])) + tracks
        return element([0x1A, 0x45, 0xDF, 0xA3], element([0x42, 0x82], Array("webm".utf8))) + segment
    }()

    @Test("MaxCLL and MaxFALL of the first video track, as file offsets of their data")
    func found() {
        let fields = MatroskaColorFields.find([MatroskaID.maxCLL, MatroskaID.maxFALL], in: Self.head)
        #expect(fields.map(\.id) == [MatroskaID.maxCLL, MatroskaID.maxFALL])
        for field in fields {
            #expect(field.data.count == 2 && Self.head[field.data].allSatisfy { $0 == 0xFF })
            #expect(Self.head[field.data.lowerBound - 3] == 0x55)
        }
    }

    @Test("cut off anywhere, or with bytes changed (seeded), every range found lies within the bytes")
    func hostile() {
        for length in 0..<Self.head.count {
            let cut = Array(Self.head.prefix(length))
            for field in MatroskaColorFields.find([MatroskaID.maxCLL, MatroskaID.maxFALL], in: cut) {
                #expect(field.data.upperBound <= cut.count, "cut at \(length)")
            }
        }
        let seed: UInt64 = 0x4D4B_5643
        var random = SplitMix64(state: seed)
        for round in 0..<2_000 {
            var bytes = Self.head
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            for field in MatroskaColorFields.find([MatroskaID.maxCLL, MatroskaID.maxFALL], in: bytes) {
                #expect(field.data.upperBound <= bytes.count, "seed \(seed), round \(round)")
            }
        }
    }
}
