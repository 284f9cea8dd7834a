#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Invariant checks in fuzz targets: a failure prints what is wrong and aborts, so that libFuzzer (or the mutation
/// driver) keeps the input as a crash.
public enum FuzzCheck {
    public static func require(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
        line: UInt = #line
    ) {
        guard !condition() else { return }
        let text = "==hdrfuzz== invariant failed at \(file):\(line): \(message())\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
        abort()
    }

    /// Whether `text` is free of the control characters a terminal would act on (newlines allowed).
    public static func isTerminalSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0A: false
            case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }
}
