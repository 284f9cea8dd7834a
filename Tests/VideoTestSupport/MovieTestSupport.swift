import ColorSpaces
import ColorTags
public import Foundation
public import PixelBuffers
public import PixelConversion
import SignalCoding
import TestSupport
import TransferFunctions
public import VideoFiles
public import MediaSyntax

/// Shared pieces of the VideoFiles and MediaConversion tests: PQ test frames of known luminance, movie writing, temporary folders and the
/// optional ffmpeg/ffprobe cross-checks.
public enum MovieTestSupport {
    /// Luminances of the grey patches, cd/m².
    public static let greyLuminances: [Double] = [10, 100, 203, 500, 1000]
    /// Colour patches as linear BT.2020 RGB in cd/m² (saturated red, green, blue and a skin-like tone at 203 cd/m²,
    /// a bright yellow).
    public static let colorPatches: [SIMD3<Double>] = [
        SIMD3(203, 20, 10), SIMD3(15, 203, 25), SIMD3(12, 20, 203), SIMD3(203, 120, 80), SIMD3(800, 700, 50),
    ]
    /// The side of a patch in pixels (a whole HEVC CTU, so that patches are coded apart).
    public static let patch = 64
    /// Frame size: five patches wide, two rows high.
    public static let width = 5 * patch
    public static let height = 2 * patch

    /// 10-bit planar 4:2:0, low-bit aligned, narrow range: FFmpeg's yuv420p10le.
    public static let planar10 = try! PixelFormat.planarYCbCr(.s420, bitDepth: 10, range: .narrow)
    /// The PQ encoding the tests write.
    public static let pqEncoding = PixelEncoding(
        format: planar10, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance, chromaLocation: .topLeft)
    /// The HLG encoding the tests convert to.
    public static let hlgEncoding = PixelEncoding(
        format: planar10, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance, chromaLocation: .topLeft)

    /// HDR10 mastering display: BT.2020 primaries, D65, 1000 / 0.0001 cd/m².
    public static let mastering = MasteringDisplayColorVolume(
        primaries: .bt2020, maximumLuminance: 1000, minimumLuminance: 0.0001)
    public static let lightLevel = ContentLightLevel(maxContentLightLevel: 1000, maxFrameAverageLightLevel: 400)

    /// A frame of grey patches (top row) and colour patches (bottom row), each patch moved by `shift` code values
    /// per frame so that consecutive frames differ, as 'yuv420p10le' BT.2100 PQ, through PixelConverter from PQ
    /// R′G′B′ floats.
    public static func pqFrame(index: Int = 0, width: Int = width, height: Int = height) throws -> PixelBuffer {
        var rgb = try PixelBuffer(format: .rgbaFloat, width: width, height: height)
        let scale = 1 + 0.02 * Double(index % 5)
        rgb.withMutableView { view in
            let plane = view.plane(0)
            for y in 0..<height {
                let row = plane.row(y, as: Float.self)
                for x in 0..<width {
                    let p = (x / patch) % 5
                    let linear = (y / patch) % 2 == 0 ? SIMD3(repeating: greyLuminances[p]) : colorPatches[p]
                    for c in 0..<3 {
                        row[4 * x + c] = Float(TransferFunction.pq.fromLinear(linear[c] * scale / 10_000))
                    }
                    row[4 * x + 3] = 1
                }
            }
        }
        let converter = try PixelConverter(
            from: PixelEncoding(format: .rgbaFloat, colorSpace: .bt2100PQ), to: pqEncoding)
        return try converter.convert(rgb)
    }

    /// Settings for a small HEVC PQ movie with HDR10 metadata.
    public static func hevcSettings(encoding: PixelEncoding = pqEncoding, lossless: Bool = false, crf: Int? = nil)
        -> VideoEncodeSettings
    {
        var s = VideoEncodeSettings(
            codec: .hevc, width: width, height: height, encoding: encoding, frameRate: Rational(25, 1),
            masteringDisplay: mastering, contentLightLevel: lightLevel)
        s.lossless = lossless
        s.crf = crf
        s.preset = "ultrafast"
        s.threadCount = 1
        return s
    }

    /// Writes `frames` with `settings` and returns the file.
    @discardableResult
    public static func write(
        _ frames: [PixelBuffer], settings: VideoEncodeSettings, to url: URL, copying reader: MovieReader? = nil,
        lightLevelAtFinish: ContentLightLevel? = nil
    ) throws -> URL {
        let writer = try MovieWriter(url: url, settings: settings, copyingStreamsFrom: reader)
        for (i, frame) in frames.enumerated() {
            try frame.withView { view in
                try writer.append(view, encoding: settings.encoding, presentationTime: Rational(Int64(i), 25))
            }
        }
        try writer.finish(contentLightLevel: lightLevelAtFinish)
        return url
    }

    /// Every frame of a movie, copied out of the decoder into owned buffers.
    public static func readAll(_ url: URL, options: MovieReader.Options = MovieReader.Options()) throws -> [PixelBuffer]
    {
        let reader = try MovieReader(contentsOf: url, options: options)
        var frames: [PixelBuffer] = []
        while let frame = try reader.nextFrame({ try copy($0.view) }) { frames.append(frame) }
        return frames
    }

    /// An owned copy of a view.
    public static func copy(_ view: PixelBufferView) throws -> PixelBuffer {
        var buffer = try PixelBuffer(format: view.format, width: view.width, height: view.height)
        try buffer.withMutableView { try view.convertLayout(into: $0) }
        return buffer
    }

    /// The 16-bit codes of plane `p` of a 10-bit planar buffer, row by row.
    public static func codes(_ buffer: PixelBuffer, plane p: Int) -> [[UInt16]] {
        buffer.withView { view in
            let plane = view.plane(p)
            return (0..<plane.height).map { Array(plane.row($0, as: UInt16.self)) }
        }
    }

    /// The largest code difference over every plane, and over the patches' interiors only (`margin` pixels from each
    /// patch edge, in luma pixels).
    public static func maxCodeError(_ a: PixelBuffer, _ b: PixelBuffer, margin: Int = 0) -> Int {
        var worst = 0
        for p in 0..<3 {
            let x = codes(a, plane: p)
            let y = codes(b, plane: p)
            let sub = p == 0 ? 1 : 2
            for r in 0..<x.count where margin == 0 || interior(r * sub, margin) {
                for c in 0..<x[r].count where margin == 0 || interior(c * sub, margin) {
                    worst = max(worst, abs(Int(x[r][c]) - Int(y[r][c])))
                }
            }
        }
        return worst
    }

    private static func interior(_ v: Int, _ margin: Int) -> Bool {
        let o = v % patch
        return o >= margin && o < patch - margin
    }

    // MARK: Files and tools

    /// A new empty folder inside the test process's temporary folder (TestSupport.TemporaryFolder).
    public static func temporaryFolder() throws -> URL {
        try TemporaryFolder.make("video")
    }

    /// The path of an executable on PATH, or nil.
    public static func tool(_ name: String) -> String? { ExternalTool.path(name) }

    public static let hasFFprobe = tool("ffprobe") != nil
    public static let hasFFmpeg = tool("ffmpeg") != nil

    /// Runs a tool and returns its standard output (standard error discarded); throws when it fails.
    public static func run(_ name: String, _ arguments: [String]) throws -> String {
        guard let path = tool(name) else { throw ToolError(message: "\(name) is not installed") }
        let (output, status) = try ExternalTool.run(path, arguments)
        guard status == 0 else {
            throw ToolError(message: "\(name) \(arguments.joined(separator: " ")) exited \(status)")
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The metadata of ``iPhoneMovie(in:)``: QuickTime `mdta` keys as an iPhone writes them.
    public static let iPhoneMetadata: [String: String] = [
        "creation_time": "2025-06-01T12:34:56.000000Z",
        "com.apple.quicktime.location.ISO6709": "+48.8583+002.2945+035.000/",
        "com.apple.quicktime.make": "Apple", "com.apple.quicktime.model": "iPhone 14 Pro",
        "com.apple.quicktime.software": "17.1",
    ]

    /// A 2-second 30 fps H.264 + AAC QuickTime movie shaped like an upright iPhone recording (ffmpeg): a −90° display
    /// matrix in the video track's `tkhd`, ``iPhoneMetadata`` as `mdta` keys, `handler_name` and `language` stream
    /// tags, and a timecode data track (`tmcd`, a timed track FFmpeg has no codec for, like Apple's `mebx`).
    ///
    /// FFmpeg 5.1's `-metadata:s:v rotate=90` no longer sets a display matrix, so the matrix is written into the
    /// first `tkhd` (the video track's) after ffmpeg made the file.
    public static func iPhoneMovie(in folder: URL, name: String = "IMG_0421.MOV") throws -> URL {
        let url = folder.appendingPathComponent(name)
        var arguments = [
            "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=128x96:rate=30:duration=2", "-f",
            "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2", "-c:v", "libx264", "-preset",
            "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-timecode", "01:00:00:00", "-metadata:s:v:0",
            "handler_name=Core Media Video", "-metadata:s:a:0", "language=eng", "-movflags", "use_metadata_tags",
        ]
        for (key, value) in iPhoneMetadata.sorted(by: { $0.key < $1.key }) {
            arguments += ["-metadata", "\(key)=\(value)"]
        }
        _ = try run("ffmpeg", arguments + [url.path])
        try rotateFirstTrack(url)
        return url
    }

    /// Writes a −90° display matrix (an upright phone's) into the first `tkhd` of an MP4/QuickTime file (the video
    /// track's, as ffmpeg writes them).
    public static func rotateFirstTrack(_ url: URL) throws {
        var bytes = [UInt8](try Data(contentsOf: url))
        guard let tkhd = bytes.indices.dropLast(4).first(where: { bytes[$0..<$0 + 4].elementsEqual("tkhd".utf8) }),
            bytes[tkhd + 4] == 0
        else { throw ToolError(message: "no version-0 tkhd in \(url.path)") }
        // After 'tkhd', version/flags, times, track ID, reserved, duration, reserved, layer, group, volume, reserved.
        let matrix = tkhd + 4 + 4 + 4 + 4 + 4 + 4 + 4 + 8 + 2 + 2 + 2 + 2
        let rotated: [Int32] = [0, 0x1_0000, 0, -0x1_0000, 0, 0, 0, 0, 0x4000_0000]
        for (i, value) in rotated.enumerated() {
            for b in 0..<4 {
                bytes[matrix + 4 * i + b] = UInt8(truncatingIfNeeded: UInt32(bitPattern: value) >> (24 - 8 * b))
            }
        }
        try Data(bytes).write(to: url)
    }

    /// ffprobe's view of a movie: the format's and each stream's tags, and the video's display matrix rotation.
    public struct Probe {
        public var formatTags: [String: String]
        public var streamTags: [[String: String]]
        public var codecTypes: [String]
        public var rotation: Double?
    }

    /// Runs ffprobe on `url` and reads its JSON.
    public static func probe(_ url: URL) throws -> Probe {
        let text = try run(
            "ffprobe", ["-v", "error", "-show_format", "-show_streams", "-of", "json", url.path])
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
        let format = object["format"] as? [String: Any] ?? [:]
        let streams = object["streams"] as? [[String: Any]] ?? []
        let video = streams.first { $0["codec_type"] as? String == "video" }
        let sideData = video?["side_data_list"] as? [[String: Any]] ?? []
        let rotation = sideData.compactMap { ($0["rotation"] as? NSNumber)?.doubleValue }.first
        return Probe(
            formatTags: format["tags"] as? [String: String] ?? [:],
            streamTags: streams.map { $0["tags"] as? [String: String] ?? [:] },
            codecTypes: streams.map { $0["codec_type"] as? String ?? "" }, rotation: rotation)
    }

    public struct ToolError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
