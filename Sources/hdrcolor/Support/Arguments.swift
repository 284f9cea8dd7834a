import ArgumentParser
import HDRColor
import MediaSyntax

// Typed command-line values: ArgumentParser parses and validates them, and lists the choices in --help.

extension CICP: ExpressibleByArgument {}
extension Severity: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension Requirement: ExpressibleByArgument {}

extension Glob: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension TransferFunction: ExpressibleByArgument {
    public init?(argument: String) { self.init(named: argument) }
    public static var allValueStrings: [String] { catalog.map(\.identifier) }
}

/// `--icc-version`: 4.4 (also `4`) or 2 (also `2.1`, the version written).
enum ICCVersionArgument: String, ExpressibleByArgument, CaseIterable {
    case v4_4 = "4.4"
    case v2_1 = "2"

    init?(argument: String) {
        switch argument {
        case "4.4", "4": self = .v4_4
        case "2", "2.1": self = .v2_1
        default: return nil
        }
    }

    var value: ICCVersion { self == .v4_4 ? .v4_4 : .v2_1 }
}

/// `--mdcv`: `PRIMARIES:MAX:MIN` with PRIMARIES `bt2020`, `p3` or `bt709` (D65 white) and luminances in cd/m², or ten
/// comma-separated numbers `rx,ry,gx,gy,bx,by,wx,wy,max,min`.
struct MasteringDisplayArgument: ExpressibleByArgument {
    var value: MasteringDisplayColorVolume

    init?(argument: String) {
        let parts = argument.split(separator: ":").map(String.init)
        if parts.count == 3, let maximum = Double(parts[1]), let minimum = Double(parts[2]) {
            let primaries: RGBPrimaries
            switch parts[0].lowercased() {
            case "bt2020", "rec2020", "bt2100": primaries = .bt2020
            case "p3", "display-p3", "p3-d65": primaries = .displayP3
            case "bt709", "srgb": primaries = .bt709
            default: return nil
            }
            value = MasteringDisplayColorVolume(
                primaries: primaries, maximumLuminance: maximum, minimumLuminance: minimum)
        } else {
            let numbers = argument.split(separator: ",").compactMap { Double($0) }
            guard numbers.count == 10 else { return nil }
            value = MasteringDisplayColorVolume(
                red: Chromaticity(x: numbers[0], y: numbers[1]), green: Chromaticity(x: numbers[2], y: numbers[3]),
                blue: Chromaticity(x: numbers[4], y: numbers[5]), white: Chromaticity(x: numbers[6], y: numbers[7]),
                maximumLuminance: numbers[8], minimumLuminance: numbers[9])
        }
        guard value.maximumLuminance.isFinite, value.minimumLuminance.isFinite, value.maximumLuminance > 0,
            value.minimumLuminance >= 0
        else { return nil }
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// `--clli MAXCLL,MAXFALL` in cd/m².
struct ContentLightLevelArgument: ExpressibleByArgument {
    var value: ContentLightLevel

    init?(argument: String) {
        let numbers = argument.split(separator: ",").compactMap { Double($0) }
        guard numbers.count == 2, numbers.allSatisfy({ $0.isFinite && $0 >= 0 && $0 < 429_496 }) else { return nil }
        value = ContentLightLevel(maxContentLightLevel: numbers[0], maxFrameAverageLightLevel: numbers[1])
    }
}
