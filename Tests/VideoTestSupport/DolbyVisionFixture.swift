import DolbyVision
import Foundation
import TestSupport
import VideoFiles

/// The Dolby Vision profile 5 fixture `movies/dv-5-rpu.mp4` and its reference values
/// (`dolby-vision/dv-5-reference.json`: the float64 equations of Tests/Fixtures/Generators/dovi_rpu.py and libplacebo's
/// rendering of sampled pixels), shared by the composer's tests and the movie conversion's.
public enum DolbyVisionFixture {
    public struct Reference: Decodable, Sendable {
        public struct Frame: Decodable, Sendable {
            public var frame: Int
            public var float64: [Sample]
            public var libplacebo: [Sample]
        }
        public struct Sample: Decodable, Sendable {
            public var x: Int?
            public var y: Int?
            public var codes: [Double]
            public var rgb: [Double]
        }
        public var frames: [Frame]
    }

    /// A frame of the fixture without the RPU every frame of it carries.
    public struct MissingRPU: Error, CustomStringConvertible {
        public var frame: Int
        public var description: String { "frame \(frame) has no RPU" }
    }

    public static func reference() throws -> Reference {
        try JSONDecoder().decode(
            Reference.self, from: Data(contentsOf: Fixtures.url("dolby-vision/dv-5-reference.json")))
    }

    /// Calls `body` with each decoded frame of dv-5-rpu.mp4 and the composer updated with its RPU.
    public static func forEachFrame(_ body: (VideoFrame, DolbyVisionComposer) throws -> Void) throws {
        let reader = try MovieReader(contentsOf: Fixtures.url("movies/dv-5-rpu.mp4"))
        var composer = DolbyVisionComposer()
        while try reader.nextFrame({ (frame: VideoFrame) throws -> Bool in
            guard let rpu = frame.hdr.dolbyVisionRPUPayload else { throw MissingRPU(frame: frame.index) }
            try composer.update(rpu: rpu)
            try body(frame, composer)
            return true
        }) == true {}
    }
}
