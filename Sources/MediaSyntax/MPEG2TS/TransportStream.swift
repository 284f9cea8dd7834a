/// MPEG-2 transport stream syntax (ISO/IEC 13818-1 §2.4): 188-byte packets, the PSI sections they carry (program
/// association and program map tables) and the PES packet header, as ranges of the bytes given. The meaning (which
/// stream is the video, what a descriptor says) is the reader's.
package enum TransportStream {
    /// One transport packet's header fields and payload.
    package struct Packet: Hashable, Sendable {
        package var pid: Int
        /// payload_unit_start_indicator: a PES packet or PSI section starts in this payload.
        package var unitStart: Bool
        /// The payload after the header and any adaptation field; nil when the packet has none.
        package var payload: Range<Int>?

        /// The packet at `position`; nil when no sync byte (0x47) is there or the packet runs past the bytes.
        package init?(_ bytes: [UInt8], at position: Int) {
            guard position >= 0, position + 188 <= bytes.count, bytes[position] == 0x47 else { return nil }
            pid = Int(bytes[position + 1] & 0x1F) << 8 | Int(bytes[position + 2])
            unitStart = bytes[position + 1] & 0x40 != 0
            let control = bytes[position + 3] >> 4 & 0x03
            var start = position + 4
            if control & 0x02 != 0 { start += 1 + Int(bytes[position + 4]) }
            let end = position + 188
            payload = control & 0x01 != 0 && start < end ? start..<end : nil
        }
    }

    /// Collects a PSI section of one PID: started by a payload with payload_unit_start_indicator (after its
    /// pointer_field), continued by the next ones; the whole section (3 + section_length bytes) once complete.
    package static func section(_ bytes: [UInt8], _ payload: Range<Int>, unitStart: Bool, pending: inout [UInt8]?)
        -> [UInt8]?
    {
        if unitStart {
            let start = payload.lowerBound + 1 + Int(bytes[payload.lowerBound])
            guard start < payload.upperBound else { return nil }
            pending = Array(bytes[start..<payload.upperBound])
        } else if pending != nil {
            pending? += bytes[payload]
        }
        guard let data = pending, let field = data.u16(1) else { return nil }
        let total = 3 + Int(field & 0x0FFF)
        guard data.count >= total else { return nil }
        pending = nil
        return Array(data[0..<total])
    }

    /// The PID of the first program (program_number ≠ 0) of a program association section (table 0x00).
    package static func firstProgramMapPID(_ section: [UInt8]) -> Int? {
        guard section.first == 0x00 else { return nil }
        var position = 8
        while position + 4 <= section.count - 4 {
            if section.u16(inBounds: position) != 0 { return Int(section.u16(inBounds: position + 2) & 0x1FFF) }
            position += 4
        }
        return nil
    }

    /// One elementary stream of a program map section: its stream_type, PID and descriptors (a range of the section).
    package struct ElementaryStream: Hashable, Sendable {
        package var streamType: UInt8
        package var pid: Int
        package var descriptors: Range<Int>
    }

    /// The elementary streams of a program map section (table 0x02), up to the first that runs past it; nil for
    /// another table.
    package static func programMapStreams(_ section: [UInt8]) -> [ElementaryStream]? {
        guard section.first == 0x02, let infoLength = section.u16(10) else { return nil }
        var streams: [ElementaryStream] = []
        var position = 12 + Int(infoLength & 0x0FFF)
        while position + 5 <= section.count - 4 {
            let descriptors = position + 5..<(position + 5 + Int(section.u16(inBounds: position + 3) & 0x0FFF))
            guard descriptors.upperBound <= section.count - 4 else { break }
            streams.append(
                ElementaryStream(
                    streamType: section[position], pid: Int(section.u16(inBounds: position + 1) & 0x1FFF),
                    descriptors: descriptors))
            position = descriptors.upperBound
        }
        return streams
    }

    /// The descriptors in `range` of a section, as (tag, body), up to the first that runs past the range.
    package static func descriptors(_ section: [UInt8], in range: Range<Int>) -> [(tag: UInt8, body: Range<Int>)] {
        var found: [(tag: UInt8, body: Range<Int>)] = []
        var position = range.lowerBound
        while position + 2 <= range.upperBound {
            let body = position + 2..<(position + 2 + Int(section[position + 1]))
            guard body.upperBound <= range.upperBound else { break }
            found.append((section[position], body))
            position = body.upperBound
        }
        return found
    }

    /// Where a PES packet's data starts, for a payload that starts one: after 00 00 01, stream_id,
    /// PES_packet_length, two flag bytes and PES_header_data_length; nil when the payload does not start so.
    package static func pesDataStart(_ bytes: [UInt8], payloadStart start: Int) -> Int? {
        guard bytes.matches([0, 0, 1], at: start), let headerLength = bytes.u8(start + 8) else { return nil }
        return start + 9 + Int(headerLength)
    }
}
