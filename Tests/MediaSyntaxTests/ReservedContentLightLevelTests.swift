import MediaSyntax
import Testing

@Suite("Reserved content light level: placeholder and filled units of one length")
struct ReservedContentLightLevelTests {
    /// Values whose bytes form every run of zeros the SEI escaping meets: 0, multiples of 256, small ones, the largest.
    static let values: [UInt16] = [0, 1, 3, 4, 255, 256, 512, 768, 1000, 4000, 0xFF00, 0xFFFF]

    @Test("SEI (HEVC, H.264): filled in place, same length, messages read back with the values and the marker")
    func sei() {
        for carriage in [ReservedContentLightLevel.Carriage.hevc, .h264] {
            let placeholder = ReservedContentLightLevel.placeholder(carriage)
            let header = carriage == .hevc ? 2 : 1
            let marker = firstIndex(of: ReservedContentLightLevel.marker, in: placeholder)
            #expect(marker != nil)
            for cll in Self.values {
                for fall in Self.values {
                    let filled = ReservedContentLightLevel.filled(carriage, maxCLL: cll, maxFALL: fall)
                    let start = marker! + filled.offset
                    #expect(start == header)
                    #expect(start + filled.bytes.count == placeholder.count, "\(cll), \(fall): length kept")
                    var unit = placeholder
                    unit.replaceSubrange(start..<placeholder.count, with: filled.bytes)
                    let messages = SEIMessages.messages(in: unit[header...])
                    #expect(!messages.truncated)
                    #expect(messages.messages.map(\.type) == [SEIMessages.contentLightLevel, 5])
                    let values = [UInt8(cll >> 8), UInt8(cll & 0xFF), UInt8(fall >> 8), UInt8(fall & 0xFF)]
                    #expect(Array(messages.messages[0].payload) == values)
                    #expect(Array(messages.messages[1].payload.prefix(16)) == ReservedContentLightLevel.marker)
                    // No start code inside the unit: the escaping holds.
                    #expect(!(2..<unit.count).contains { unit[$0 - 2] == 0 && unit[$0 - 1] == 0 && unit[$0] <= 2 })
                }
            }
        }
    }

    @Test("AV1: an HDR_CLL metadata OBU, then the marker's user-private metadata OBU; values overwritten in place")
    func av1() {
        let placeholder = ReservedContentLightLevel.placeholder(.av1)
        let marker = firstIndex(of: ReservedContentLightLevel.marker, in: placeholder)!
        let filled = ReservedContentLightLevel.filled(.av1, maxCLL: 1000, maxFALL: 400)
        #expect(marker + filled.offset == 0 && filled.bytes.count == placeholder.count)
        let obus = AV1OBUs.split(filled.bytes)
        #expect(obus.map(\.type) == [AV1OBUs.metadata, AV1OBUs.metadata])
        guard case .contentLightLevel(let level) = AV1OBUs.metadata(filled.bytes[obus[0].payload]) else {
            Issue.record("no HDR_CLL metadata")
            return
        }
        #expect(level == ContentLightLevel(maxContentLightLevel: 1000, maxFrameAverageLightLevel: 400))
        guard case .other(let type) = AV1OBUs.metadata(filled.bytes[obus[1].payload]) else {
            Issue.record("the marker's metadata OBU has a known type")
            return
        }
        #expect(type == Int(AV1OBUs.userPrivate))
    }

    @Test("a placeholder or a filled unit is found in an access unit and filled again with other values")
    func refill() {
        for carriage in [ReservedContentLightLevel.Carriage.hevc, .h264, .av1] {
            let placeholder = ReservedContentLightLevel.placeholder(carriage)
            let header = carriage == .av1 ? 0 : carriage == .hevc ? 2 : 1
            let access = [0, 0, 0, 9, 0x40, 1, 2, 3, 4, 5, 6, 7, 8] + placeholder + [0, 0, 0, 2, 0x26, 1]
            for (first, second) in [(UInt16(0xFFFF), UInt16(0xFFFF)), (1000, 400), (0x0300, 3)] {
                var unit = access
                if first != 0xFFFF {
                    let filled = ReservedContentLightLevel.filled(carriage, maxCLL: first, maxFALL: second)
                    let at = firstIndex(of: ReservedContentLightLevel.marker, in: unit)! + filled.offset
                    unit.replaceSubrange(at..<(at + filled.bytes.count), with: filled.bytes)
                }
                guard let found = ReservedContentLightLevel.located(in: unit, carriage) else {
                    Issue.record("\(carriage): the unit with \(first)/\(second) is not found")
                    continue
                }
                #expect(found.maxCLL == first && found.maxFALL == second)
                #expect(found.range.lowerBound == 13 + header)
                let again = ReservedContentLightLevel.filled(carriage, maxCLL: 988, maxFALL: 664)
                #expect(found.range.count == again.bytes.count)
                unit.replaceSubrange(found.range, with: again.bytes)
                #expect(unit.count == access.count)
                let back = ReservedContentLightLevel.located(in: unit, carriage)
                #expect(back?.maxCLL == 988 && back?.maxFALL == 664 && back?.range == found.range)
            }
            #expect(ReservedContentLightLevel.located(in: Array(access.prefix(20)), carriage) == nil)
        }
    }

    private func firstIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        (0...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }
}
