import MediaSyntax

/// The parsers of a frame's dynamic HDR metadata payloads and the one rule for where a scene starts: shared by
/// per-scene tone mapping (`SceneTracker`) and the report's light level over time (``SceneLightLevels``), each of
/// which parses a payload once and reuses the result while the next frame repeats it.
///
/// Scene starts: Dolby Vision, a shot starts on a frame whose RPU has scene_refresh_flag set; HDR10+, which has no
/// cut flag, a scene starts where a frame's record differs from the previous frame's (every field compared), as
/// hdr10plus_tool groups frames (HDR10+ repeats a scene's record on each of its frames).
package enum DynamicMetadataFrames {
    /// A payload that does not parse, with the message the report keeps.
    package struct ParseFailure: Error, Hashable {
        package var message: String
    }

    /// An ITU-T T.35 payload's HDR10+ record.
    package static func hdr10Plus(_ payload: [UInt8]) -> Result<HDR10PlusMetadata, ParseFailure> {
        do { return .success(try HDR10PlusMetadata.parse(t35: payload)) } catch {
            return .failure(ParseFailure(message: "\(error)"))
        }
    }

    /// An RPU's display management (an RPU without it is a failure: it has no L1).
    package static func displayManagement(_ payload: [UInt8]) -> Result<DolbyVisionRPU.DisplayManagement, ParseFailure>
    {
        let rpu: DolbyVisionRPU
        do { rpu = try DolbyVisionRPU.parse(payload) } catch { return .failure(ParseFailure(message: "\(error)")) }
        guard let dm = rpu.displayManagement else {
            return .failure(ParseFailure(message: "an RPU without display-management metadata (no L1)"))
        }
        return .success(dm)
    }

    /// Level 1 of a display management: min_pq, max_pq, avg_pq (12-bit PQ codes); nil without an L1 block.
    package static func level1(_ dm: DolbyVisionRPU.DisplayManagement) -> (minPQ: Int, maxPQ: Int, avgPQ: Int)? {
        for case .level1(let minimum, let maximum, let average) in dm.blocks { return (minimum, maximum, average) }
        return nil
    }

    /// Whether a Dolby Vision shot starts at this RPU (scene_refresh_flag).
    package static func startsShot(_ dm: DolbyVisionRPU.DisplayManagement) -> Bool { dm.sceneRefresh != 0 }

    /// Whether an HDR10+ scene starts at `record` after the previous frame's (nil: that frame had none readable).
    package static func startsScene(_ record: HDR10PlusMetadata, after previous: HDR10PlusMetadata?) -> Bool {
        record != previous
    }
}
