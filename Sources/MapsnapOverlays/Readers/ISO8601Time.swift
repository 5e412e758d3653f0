import Foundation

/// Reads the ISO 8601 date-times GPS files carry (`xsd:dateTime` in GPX):
/// `2024-05-01T08:30:00Z`, with optional fractional seconds, a `±HH:MM`, `±HHMM` or `±HH` offset
/// instead of `Z`, a space or lowercase `t` instead of `T`, or a bare date (midnight). A time without
/// an offset is taken as UTC. Hand-written because `ISO8601DateFormatter` costs about as much per
/// call as parsing the rest of a track point.
enum ISO8601Time {
    static func parse(_ text: Substring) -> Date? {
        var text = text
        return text.withUTF8 { parse(trimming: $0) }
    }

    /// Parses UTF-8 bytes, ignoring white space around them (allowed in XML text content).
    static func parse(trimming all: UnsafeBufferPointer<UInt8>) -> Date? {
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
        var start = 0, end = all.count
        while start < end, isSpace(all[start]) { start += 1 }
        while end > start, isSpace(all[end - 1]) { end -= 1 }
        return parse(bytes: UnsafeBufferPointer(rebasing: all[start..<end]))
    }

    static func parse(_ text: String) -> Date? { parse(text[...]) }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        if let date = parseUTCSeconds(bytes) { return date }
        var i = 0
        let n = bytes.count

        // Inlined: called six times a time, they are most of its cost otherwise.
        @inline(__always) func digits(_ count: Int) -> Int? {
            guard i + count <= n else { return nil }
            var value = 0
            for k in 0..<count {
                let digit = bytes[i + k] &- 0x30
                guard digit <= 9 else { return nil }
                value = value &* 10 &+ Int(digit)  // at most 4 digits: no overflow
            }
            i += count
            return value
        }
        @inline(__always) func expect(_ c: UInt8) -> Bool {
            guard i < n, bytes[i] == c else { return false }
            i += 1
            return true
        }

        // A leading minus (years before 0) is not supported; GPS did not exist then.
        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2) else { return nil }
        guard month >= 1, month <= 12, day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if i == n { return Date(timeIntervalSince1970: seconds) }

        guard i < n, bytes[i] == 0x54 || bytes[i] == 0x74 || bytes[i] == 0x20 else { return nil }
        i += 1
        guard let hour = digits(2), expect(0x3A), let minute = digits(2) else { return nil }
        var second = 0.0
        if expect(0x3A) {
            guard let whole = digits(2) else { return nil }
            second = Double(whole)
            if i < n, bytes[i] == 0x2E || bytes[i] == 0x2C {
                i += 1
                var scale = 0.1, any = false
                while i < n, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                    second += Double(bytes[i] - 0x30) * scale
                    scale /= 10
                    i += 1
                    any = true
                }
                guard any else { return nil }
            }
        }
        // 24:00:00 is allowed as the end of a day; 60 seconds for a leap second.
        guard hour <= 24, minute <= 59, second < 61, hour < 24 || (minute == 0 && second == 0) else { return nil }
        seconds += Double(hour * 3600 + minute * 60) + second

        if i == n { return Date(timeIntervalSince1970: seconds) }
        if bytes[i] == 0x5A || bytes[i] == 0x7A {  // Z
            i += 1
        } else if bytes[i] == 0x2B || bytes[i] == 0x2D {  // + or -
            let sign = bytes[i] == 0x2D ? -1.0 : 1.0
            i += 1
            guard let offsetHours = digits(2) else { return nil }
            var offsetMinutes = 0
            if i < n {
                _ = expect(0x3A)
                guard let m = digits(2) else { return nil }
                offsetMinutes = m
            }
            guard offsetHours <= 23, offsetMinutes <= 59 else { return nil }
            seconds -= sign * Double(offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        return i == n ? Date(timeIntervalSince1970: seconds) : nil
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, the form nearly every GPS file writes, read as three words (SWAR):
    /// the separators compared at once, the 14 digits checked at once; nil for anything else,
    /// which the general parser judges.
    private static func parseUTCSeconds(_ b: UnsafeBufferPointer<UInt8>) -> Date? {
        guard b.count == 20, let base = b.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        // Little-endian lanes: byte k of the text is bits 8k...8k+7.
        let w0 = raw.loadUnaligned(as: UInt64.self).littleEndian                 // YYYY-MM-
        let w1 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian  // DDTHH:MM
        let w2 = UInt64(raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self).littleEndian)  // :SSZ
        // Separators: '-' at 4 and 7; 'T' at 2 and ':' at 5 of w1; ':' and 'Z' at 0 and 3 of w2.
        guard w0 & 0xFF00_00FF_0000_0000 == 0x2D00_002D_0000_0000,
              w1 & 0x0000_FF00_00FF_0000 == 0x0000_3A00_0054_0000,
              w2 & 0xFF00_00FF == 0x5A00_003A else { return nil }
        // Digit lanes: 0x30...0x39 iff the high nibble is 3 and stays 3 after adding 6.
        @inline(__always) func digits(_ w: UInt64, lanes: UInt64) -> Bool {
            let high = lanes &* 0xF0, three = lanes &* 0x30
            return w & high == three && (w &+ lanes &* 0x06) & high == three
        }
        guard digits(w0, lanes: 0x0001_0100_0101_0101), digits(w1, lanes: 0x0101_0001_0100_0101),
              digits(w2, lanes: 0x0001_0100) else { return nil }
        @inline(__always) func digit(_ w: UInt64, _ lane: UInt64) -> Int { Int((w >> (lane * 8)) & 0x0F) }
        let year = digit(w0, 0) &* 1000 &+ digit(w0, 1) &* 100 &+ digit(w0, 2) &* 10 &+ digit(w0, 3)
        let month = digit(w0, 5) &* 10 &+ digit(w0, 6)
        let day = digit(w1, 0) &* 10 &+ digit(w1, 1)
        let hour = digit(w1, 3) &* 10 &+ digit(w1, 4)
        let minute = digit(w1, 6) &* 10 &+ digit(w1, 7)
        let second = digit(w2, 1) &* 10 &+ digit(w2, 2)
        guard month >= 1, month <= 12, day >= 1, day <= daysIn(month: month, year: year),
              hour <= 23, minute <= 59, second <= 60 else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
