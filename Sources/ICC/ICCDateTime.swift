import Foundation

/// A profile's creation date and time (ICC.1:2022 §7.2.8 dateTimeNumber, UTC), as profile creation writes it.
///
/// Generated profiles take it as a parameter so that the same command gives the same bytes: the default is
/// ``reproducibleDefault``, the `SOURCE_DATE_EPOCH` environment variable (reproducible-builds.org) when set, else the
/// fixed epoch 1970-01-01T00:00:00Z.
public struct ICCDateTime: Hashable, Sendable, CustomStringConvertible {
    /// Year, e.g. 2026.
    public var year: Int
    /// Month, 1–12.
    public var month: Int
    /// Day, 1–31.
    public var day: Int
    /// Hours, 0–23.
    public var hour: Int
    /// Minutes, 0–59.
    public var minute: Int
    /// Seconds, 0–59.
    public var second: Int

    /// A date from its fields (UTC).
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (
            year, month, day, hour, minute, second
        )
    }

    /// The UTC date of `seconds` since 1970-01-01T00:00:00Z (proleptic Gregorian calendar).
    public init(secondsSince1970 seconds: Int64) {
        // Floor division without overflow, also at Int64.min.
        var days = seconds / 86_400
        var secondOfDay = Int(seconds % 86_400)
        if secondOfDay < 0 {
            days -= 1
            secondOfDay += 86_400
        }
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
        self.init(
            year: year, month: month, day: day, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60,
            second: secondOfDay % 60)
    }

    /// The fixed epoch, 1970-01-01T00:00:00Z.
    public static let epoch = ICCDateTime(secondsSince1970: 0)

    /// `SOURCE_DATE_EPOCH` (decimal seconds) when set and valid, else ``epoch``.
    public static var reproducibleDefault: ICCDateTime {
        guard let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = Int64(text),
            seconds >= 0, seconds < 253_402_300_800  // before year 10000
        else { return .epoch }
        return ICCDateTime(secondsSince1970: seconds)
    }

    /// Year, month, day, hours, minutes, seconds, as ``ICCHeader/creationDate`` holds them.
    public var components: [Int] { [year, month, day, hour, minute, second] }

    /// "2026-11-23T18:00:00Z".
    public var description: String {
        String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, hour, minute, second)
    }

    /// The 12 header bytes (six big-endian u16).
    var headerBytes: [UInt8] {
        [year, month, day, hour, minute, second].flatMap { value -> [UInt8] in
            let v = UInt16(clamping: value)
            return [UInt8(v >> 8), UInt8(v & 0xFF)]
        }
    }
}

extension ProfileBytes {
    /// The profile with header bytes 24–35 set to `date`.
    static func settingCreationDate(_ date: ICCDateTime, _ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        result.replaceSubrange(24..<36, with: date.headerBytes)
        return result
    }
}
