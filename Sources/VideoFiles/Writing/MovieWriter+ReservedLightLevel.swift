internal import CFFmpeg
import Foundation
import MediaSyntax

extension MovieWriter {
    /// How far into the finished file the reserved unit is looked for (the first access unit follows the header and
    /// any interleaved audio; an 8K intra frame is tens of MB).
    static let reservedUnitSearchLimit = 1 << 30

    /// How much of a Matroska file's start is read to find its Tracks element.
    static let matroskaHeadLimit = 16 << 20

    /// The values a Matroska header holds until ``fillReservedContentLightLevel(_:matroska:)``: 0xFFFF takes the
    /// two bytes any real value fits.
    static let matroskaPlaceholder: UInt32 = 0xFFFF

    private var reservedCarriage: ReservedContentLightLevel.Carriage {
        switch settings.codec {
        case .hevc: .hevc
        case .h264: .h264
        case .av1: .av1
        }
    }

    /// Puts the reserved content light level unit into the movie's first video packet.
    func reserveContentLightLevel(in packet: UnsafeMutablePointer<AVPacket>) throws(VideoFilesError) {
        guard settings.contentLightLevelGivenAtFinish, videoPacketCount == 0, let data = packet.pointee.data else {
            return
        }
        let access = UnsafeBufferPointer(start: UnsafePointer(data), count: Int(packet.pointee.size))
        AccessUnitMetadata.inserting(
            ReservedContentLightLevel.placeholder(reservedCarriage), into: access, codec: settings.codec,
            into: &accessUnit)
        try replaceData(of: packet)
    }

    /// Writes `level` over the closed file's reserved unit and, in Matroska, over the header's `MaxCLL`/`MaxFALL`.
    func fillReservedContentLightLevel(_ level: ContentLightLevel, matroska: Bool) throws(VideoFilesError) {
        let path = url.path
        let maxCLL = UInt16(X265Parameters.lightLevelCode(level.maxContentLightLevel))
        let maxFALL = UInt16(X265Parameters.lightLevelCode(level.maxFrameAverageLightLevel))
        do {
            let handle = try FileHandle(forUpdating: url)
            defer { try? handle.close() }
            if videoPacketCount > 0 {
                guard let marker = try Self.markerOffset(in: handle) else {
                    throw VideoFilesError.cannotWrite(
                        path: path,
                        reason: "the content light level reserved in the first access unit is not in the file's "
                            + "first \(Self.reservedUnitSearchLimit >> 20) MiB")
                }
                let filled = ReservedContentLightLevel.filled(reservedCarriage, maxCLL: maxCLL, maxFALL: maxFALL)
                try handle.seek(toOffset: UInt64(marker + filled.offset))
                try handle.write(contentsOf: Data(filled.bytes))
            }
            if matroska {
                try handle.seek(toOffset: 0)
                let head = [UInt8](try handle.read(upToCount: Self.matroskaHeadLimit) ?? Data())
                let values = [MatroskaID.maxCLL: maxCLL, MatroskaID.maxFALL: maxFALL]
                for field in MatroskaColorFields.find(Set(values.keys), in: head) {
                    // An EBML unsigned integer may take more bytes than its value needs.
                    guard (2...8).contains(field.data.count), let value = values[field.id] else { continue }
                    let bytes = EBML.uintData(UInt64(value), count: field.data.count)
                    try handle.seek(toOffset: UInt64(field.data.lowerBound))
                    try handle.write(contentsOf: Data(bytes))
                }
            }
            try handle.synchronize()
        } catch let error as VideoFilesError {
            throw error
        } catch {
            throw .cannotWrite(path: path, reason: "writing the measured content light level: \(error)")
        }
    }

    /// The file offset of the reserved unit's marker within ``reservedUnitSearchLimit`` bytes.
    private static func markerOffset(in handle: FileHandle) throws -> Int? {
        let chunk = 4 << 20
        var base = 0
        var carried: [UInt8] = []
        try handle.seek(toOffset: 0)
        while base < reservedUnitSearchLimit, let data = try handle.read(upToCount: chunk), !data.isEmpty {
            let window = carried + [UInt8](data)
            let start = base - carried.count
            if let found = ReservedContentLightLevel.markerIndex(in: window) { return start + found }
            carried = Array(window.suffix(ReservedContentLightLevel.marker.count - 1))
            base += data.count
        }
        return nil
    }
}
