import ColorSpaces

/// The SEI messages of an HEVC or H.264 SEI NAL unit (H.265 §7.3.5, H.264 §7.3.2.3) that concern colour, and their
/// payloads as the standards lay them out (H.265 Annex D.2, H.264 Annex D.1).
package enum SEIMessages {
    /// mastering_display_colour_volume.
    package static let masteringDisplay = 137
    /// content_light_level_info.
    package static let contentLightLevel = 144
    /// alternative_transfer_characteristics.
    package static let alternativeTransfer = 147
    /// user_data_registered_itu_t_t35.
    package static let registeredUserData = 4
    /// user_data_unregistered: a 16-byte UUID, then the owner's bytes.
    package static let unregisteredUserData = 5

    /// One message: its payloadType and payload bytes (emulation prevention removed).
    package struct Message {
        package var type: Int
        package var payload: ArraySlice<UInt8>
    }

    /// The messages of an SEI NAL unit's payload (after the NAL header), at most 64; a message whose size runs past
    /// the unit ends the list and is reported as `truncated`.
    package static func messages(in nalPayload: ArraySlice<UInt8>) -> (messages: [Message], truncated: Bool) {
        let rbsp = EmulationPrevention.unescape(nalPayload)
        var messages: [Message] = []
        var position = 0
        // more_rbsp_data(): stop at the rbsp_trailing_bits byte (0x80) that ends the unit.
        while position < rbsp.count, !(position == rbsp.count - 1 && rbsp[position] == 0x80), messages.count < 64 {
            guard let type = varValue(rbsp, &position), let size = varValue(rbsp, &position),
                let payload = Bytes.range(position, size, within: rbsp.count)
            else { return (messages, true) }
            messages.append(Message(type: type, payload: rbsp[payload]))
            position = payload.upperBound
        }
        return (messages, false)
    }

    /// A payloadType or payloadSize: 0xFF bytes adding 255 each, then the last byte.
    package static func varValue(_ bytes: [UInt8], _ position: inout Int) -> Int? {
        var value = 0
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            value += Int(byte)
            if byte != 0xFF { return value }
            guard value < 1 << 20 else { return nil }
        }
        return nil
    }

    /// Appends a payloadType or payloadSize as ``varValue(_:_:)`` reads it.
    package static func appendValue(_ value: Int, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 255 {
            bytes.append(255)
            rest -= 255
        }
        bytes.append(UInt8(rest))
    }

    /// Whether ITU-T T.35 bytes (country code first) are an HDR10+ record: country 0xB5 (United States), terminal
    /// provider 0x003C, provider-oriented code 0x0001, application identifier 4 (SMPTE ST 2094-40 Annex B).
    package static func isHDR10Plus(t35 p: ArraySlice<UInt8>) -> Bool {
        Array(p.prefix(6)) == [0xB5, 0x00, 0x3C, 0x00, 0x01, 0x04]
    }
}
