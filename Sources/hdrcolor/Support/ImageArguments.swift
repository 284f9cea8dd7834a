import ArgumentParser
import HDRColor
import ImageFiles
import VideoFiles

// Typed values of `hdrcolor convert`.

extension ToneMappingMethod: ExpressibleByArgument {}
extension SDRVideoReferral: ExpressibleByArgument {}
extension VideoEncodeSettings.Codec: ExpressibleByArgument {}

/// `--format png|jpeg|avif|heif|raw`: the image formats ImageFiles writes, by their lower-case identifiers.
extension MediaFileFormat: ExpressibleByArgument {
    public init?(argument: String) {
        guard let format = Self.imageFileFormats.first(where: { $0.identifier == argument }) else { return nil }
        self = format
    }

    public var defaultValueDescription: String { identifier }

    public static var allValueStrings: [String] { imageFileFormats.map(\.identifier) }

    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// `--to NAME`: a catalog colour space by identifier, name or alias ("bt2100-pq", "display-p3", "kCGColorSpaceSRGB",
/// "rec709", "pq" …). An unknown name is an error with the nearest known name and the list.
struct ColorSpaceArgument {
    var value: ColorSpace

    /// Why a name was refused: the nearest known name, and every identifier.
    struct UnknownName: Error, CustomStringConvertible {
        var name: String

        var description: String {
            let hint = ColorSpace.nearestName(to: name).map { "did you mean '\($0)'? " } ?? ""
            return "no colour space is called '\(TextSanitizer.sanitize(name))'; \(hint)the names are "
                + ColorSpace.all.compactMap(\.identifier).joined(separator: ", ")
                + " (also rec709, rec2020, pq, hlg, p3, srgb-linear and the kCGColorSpace names)"
        }
    }

    /// The `transform` of the options that take a colour space.
    static func parse(_ argument: String) throws -> ColorSpaceArgument {
        guard let space = ColorSpace.named(argument) else { throw UnknownName(name: argument) }
        return ColorSpaceArgument(value: space)
    }
}

/// `--input-format`/`--output-format`: a CoreVideo FourCC ('x420', 'xf20', '420v', 'y420', 'BGRA', 'RGhA' …) or a
/// decoder name (`yuv420p`, `yuv420p10le`, `p010`, `rgba8`, `rgba16`, `rgba-half`, `rgba-float`).
struct PixelFormatArgument: ExpressibleByArgument {
    var value: PixelFormat

    init?(argument: String) {
        if let format = PixelFormat(fourCC: argument) {
            value = format
            return
        }
        switch argument.lowercased() {
        case "yuv420p": value = .y420
        case "yuv420p10le":
            guard let f = try? PixelFormat.planarYCbCr(.s420, bitDepth: 10, range: .narrow) else { return nil }
            value = f
        case "yuv420p12le":
            guard let f = try? PixelFormat.planarYCbCr(.s420, bitDepth: 12, range: .narrow) else { return nil }
            value = f
        case "p010": value = .x420
        case "nv12": value = .yuv420v
        case "rgba8": value = .rgba8
        case "rgba16": value = .rgba16
        case "rgba-half", "rgbahalf": value = .rgbaHalf
        case "rgba-float", "rgbafloat": value = .rgbaFloat
        default: return nil
        }
    }
}

/// `--size WIDTHxHEIGHT`.
struct SizeArgument: ExpressibleByArgument, CustomStringConvertible {
    var width: Int
    var height: Int

    var description: String { "\(width)x\(height)" }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
        width = w
        height = h
    }
}

/// `--tone-map`: `auto` (map HDR onto SDR targets, keep otherwise), `none`, or an operator, by the library's word for
/// it (``ToneMappingMethod``'s raw values: a new operator there is a new choice here).
enum ToneMapChoice: Hashable, ExpressibleByArgument {
    case auto, none
    case method(ToneMappingMethod)

    init?(argument: String) {
        switch argument {
        case "auto": self = .auto
        case "none": self = .none
        default:
            guard let method = ToneMappingMethod(rawValue: argument) else { return nil }
            self = .method(method)
        }
    }

    static var allValueStrings: [String] { ["auto", "none"] + ToneMappingMethod.allCases.map(\.rawValue) }

    var defaultValueDescription: String {
        switch self {
        case .auto: "auto"
        case .none: "none"
        case .method(let method): method.rawValue
        }
    }
}

/// `--gamut`: what happens to colours outside the target, by the library's policies (``PixelConverter/GamutPolicy``)
/// in kebab case.
extension PixelConverter.GamutPolicy: ExpressibleByArgument {
    public init?(argument: String) {
        guard let policy = Self.allCases.first(where: { $0.argument == argument }) else { return nil }
        self = policy
    }

    public static var allValueStrings: [String] { allCases.map(\.argument) }

    public var defaultValueDescription: String { argument }

    /// The policy's name in kebab case: `softClip` → `soft-clip`.
    var argument: String {
        String("\(self)".flatMap { $0.isUppercase ? "-" + $0.lowercased() : String($0) })
    }
}

/// `--gain-map-base`: the colour space of a gain-map JPEG's SDR base.
enum GainMapBaseArgument: String, CaseIterable, ExpressibleByArgument {
    case srgb
    case displayP3 = "display-p3"

    var colorSpace: ColorSpace { self == .srgb ? .sRGB : .displayP3 }
}

/// `--chroma`: 4:4:4 or 4:2:0.
enum ChromaArgument: String, CaseIterable, ExpressibleByArgument {
    case c444 = "444"
    case c420 = "420"
}
