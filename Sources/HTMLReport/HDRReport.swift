import SignalCoding
public import ColorSpaces
public import ColorTags
import TagValidation
public import Foundation
import ImageFiles
import PixelBuffers
import PixelConversion
import MediaSyntax
public import VideoFiles
public import MediaConversion

/// What a report shows about an image or a movie: the picture in linear light, its luminance histogram and
/// chromaticity density, the light level measured (CTA-861.3) beside the declared one, for a movie the light level
/// over time, the tags as `hdrcolor inspect` reads them and the findings as `hdrcolor validate` judges them.
///
/// ```swift
/// let report = try HDRReport(contentsOf: URL(fileURLWithPath: "hdr.png"))
/// try report.html().write(toFile: "report.html", atomically: true, encoding: .utf8)
/// ```
///
/// Luminance is in cd/m², with 1.0 of extended linear light = ``Options/referenceWhite`` (203 cd/m² by default).
public struct HDRReport: Sendable {
    /// How the report is made.
    public struct Options: Hashable, Sendable {
        /// The luminance in cd/m² of SDR white and of linear 1.0 (ITU-R BT.2408: 203).
        public var referenceWhite: Double
        /// The widest picture in the page, in pixels; larger frames are reduced with a box filter.
        public var maximumWidth: Int
        /// The most movie frames measured: a longer movie is measured every ⌈frames ÷ this⌉-th frame (all frames are
        /// decoded, as a movie cannot be decoded otherwise; only the measured ones are converted).
        public var maximumMeasuredFrames: Int
        /// Threads for the conversions (nil: every core).
        public var threadCount: Int?

        /// The defaults: 203 cd/m², 1024 pixels, 600 frames.
        public init(
            referenceWhite: Double = 203, maximumWidth: Int = 1024, maximumMeasuredFrames: Int = 600,
            threadCount: Int? = nil
        ) {
            self.referenceWhite = referenceWhite
            self.maximumWidth = maximumWidth
            self.maximumMeasuredFrames = maximumMeasuredFrames
            self.threadCount = threadCount
        }
    }

    /// A rendition of a gain-map photo for one display headroom.
    public struct Rendition: Sendable {
        /// The display headroom (peak ÷ SDR white).
        public var headroom: Double
        /// The rendition in linear light, reduced like ``HDRReport/frame``.
        public var frame: LinearFrame
    }

    /// The file's path as given.
    public var path: String
    /// Whether the file is a movie.
    public var isMovie: Bool
    /// The options it was made with.
    public var options: Options
    /// The decoded encoding in words (format, colour space), e.g. `'x420' BT.2100 PQ`.
    public var encodingDescription: String
    /// The full size of the picture as displayed (a movie's turned by its display matrix).
    public var size: (width: Int, height: Int)
    /// A movie's display matrix, when it is not the identity: ``frame`` and the pictures are turned by it, as
    /// players show the movie.
    public var displayMatrix: DisplayMatrix?
    /// Whether the pixels are HDR (PQ, HLG or a gain-map rendition above headroom 1).
    public var isHDR: Bool
    /// The picture (for a movie: the measured frame with the highest MaxFALL, as displayed), reduced.
    public var frame: LinearFrame
    /// Luminance of every pixel at full size (for a movie: of every measured frame).
    public var histogram: LuminanceHistogram
    /// Chromaticities of every pixel at full size (for a movie: of every measured frame).
    public var chromaticity: ChromaticityDensity
    /// MaxCLL and MaxFALL measured (CTA-861.3) at full size, in cd/m².
    public var measuredLightLevel: ContentLightLevel
    /// MaxCLL and MaxFALL the file declares.
    public var declaredLightLevel: ContentLightLevel?
    /// The mastering display the file declares.
    public var masteringDisplay: MasteringDisplayColorVolume?
    /// The primaries the file declares (the effective colour of its primary image or first video track).
    public var declaredPrimaries: RGBPrimaries?
    /// A movie's light level over time.
    public var timeline: LightLevelTimeline?
    /// A gain-map photo's renditions at headrooms 1, 2 and 4.
    public var renditions: [Rendition]
    /// A gain-map photo's gain map as stored, RGBA 8-bit: each sample's normalised code (0…1, before the metadata's
    /// gamma and its gainMapMin…gainMapMax log2 range apply) as a grey or, for a three-channel map, a colour; reduced
    /// to at most half ``Options/maximumWidth`` with a box filter.
    public var gainMap: PixelBuffer?
    /// The tags read (nil when the tag reader refused the file).
    public var tagging: ColorTagging?
    /// The findings of `hdrcolor validate`'s rules without requirements.
    public var findings: [Finding]
    /// Notes on what the report could not show, in sentences.
    public var notes: [String]

    /// Reads and measures the file at `url`: an image through `ImageFile`, a movie (MP4, QuickTime, Matroska,
    /// WebM) through `MovieReader`.
    ///
    /// - Parameter progress: For a movie, called after each decoded frame.
    /// - Throws: ``HDRReportError/unreadable(_:)`` when the file cannot be decoded, ``HDRReportError/conversion(_:)``
    ///   when its pixels cannot be converted, ``HDRReportError/invalidOption(_:)`` for options out of range.
    public init(
        contentsOf url: URL, options: Options = Options(),
        progress: ((MovieConversionProgress) -> Void)? = nil
    ) throws(HDRReportError) {
        guard options.maximumWidth >= 16, options.maximumMeasuredFrames >= 1 else {
            throw .invalidOption("the picture is at least 16 pixels wide and at least one frame is measured")
        }
        if MediaConverter.isMovie(url) {
            self = try Self.movie(url, options: options, progress: progress)
        } else {
            self = try Self.image(url, options: options)
        }
        let report = Validator(options: ValidationOptions()).validate(file: url.path)
        tagging = report.tagging
        findings = report.findings
        if let error = report.error { notes.append("The tag reader refused the file: \(error).") }
        declaredPrimaries = tagging?.primary.effective.primaries
    }

    /// The measurements both kinds of file share.
    struct Measurements {
        var frame: LinearFrame
        var histogram: LuminanceHistogram
        var chromaticity: ChromaticityDensity
        var lightLevel: ContentLightLevel
    }

    init(
        path: String, isMovie: Bool, options: Options, encoding: PixelEncoding, size: (Int, Int), isHDR: Bool,
        measured: Measurements, declared: ContentLightLevel?, masteringDisplay: MasteringDisplayColorVolume?
    ) {
        self.path = path
        self.isMovie = isMovie
        self.options = options
        encodingDescription = "'\(encoding.format)' \(encoding.colorSpace.name)"
        self.size = size
        self.isHDR = isHDR
        frame = measured.frame
        histogram = measured.histogram
        chromaticity = measured.chromaticity
        measuredLightLevel = measured.lightLevel
        declaredLightLevel = declared
        self.masteringDisplay = masteringDisplay
        renditions = []
        gainMap = nil
        findings = []
        notes = []
    }

    private static func image(_ url: URL, options: Options) throws(HDRReportError) -> HDRReport {
        var image: DecodedImage
        do { image = try ImageFile.read(contentsOf: url, options: ImageReadOptions(gainMap: .base)) } catch {
            throw .unreadable("\(error)")
        }
        var renditions: [Rendition] = []
        var gainMap: PixelBuffer?
        if let samples = image.gainMapSamples {
            gainMap = try Self.gainMapPicture(samples.pixels, samples.encoding, maximumWidth: options.maximumWidth / 2)
        }
        if image.hasUnrenderedGainMap {
            for headroom in [1.0, 2, 4] {
                do {
                    let rendition = try image.rendition(for: .displayHeadroom(headroom))
                    let frame = try rendition.pixels.withView { (view) throws(HDRReportError) in
                        try LinearFrame(
                            view, encoding: rendition.encoding, maximumWidth: options.maximumWidth / 2,
                            referenceWhite: options.referenceWhite)
                    }
                    renditions.append(Rendition(headroom: headroom, frame: frame))
                } catch let error as HDRReportError { throw error } catch { throw .unreadable("\(error)") }
            }
            do { image = try image.rendition(for: .alternate) } catch { throw .unreadable("\(error)") }
        }
        var linearizer = try Linearizer(referenceWhite: options.referenceWhite, threadCount: options.threadCount)
        var meter = LightLevelMeter(referenceWhite: options.referenceWhite)
        var histogram = LuminanceHistogram()
        var density = ChromaticityDensity()
        let frame = try image.pixels.withView { (view) throws(HDRReportError) in
            try linearizer.linearize(view, encoding: image.encoding) { (linear) throws(HDRReportError) in
                meter.add(linear)
                histogram.add(linear, referenceWhite: options.referenceWhite)
                density.add(linear, referenceWhite: options.referenceWhite)
                return try LinearFrame(
                    downscaling: linear, maximumWidth: options.maximumWidth, referenceWhite: options.referenceWhite)
            }
        }
        var report = HDRReport(
            path: url.path, isMovie: false, options: options, encoding: image.encoding,
            size: (image.width, image.height), isHDR: image.isHDR,
            measured: Measurements(
                frame: frame, histogram: histogram, chromaticity: density, lightLevel: meter.lightLevel),
            declared: image.contentLightLevel, masteringDisplay: image.masteringDisplay)
        report.renditions = renditions
        report.gainMap = gainMap
        if let gainMap = image.gainMap {
            report.notes.append(
                "Gain map: \(gainMap.gainMapWidth)×\(gainMap.gainMapHeight), \(gainMap.channelCount) channel(s), "
                    + "\(gainMap.source) metadata; the picture is the alternate rendition at headroom "
                    + gainMap.renditionHeadroom.significant(3) + "×.")
        }
        report.notes += image.warnings
        return report
    }
}
