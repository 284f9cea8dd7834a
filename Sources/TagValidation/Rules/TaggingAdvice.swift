import MediaSyntax
import ColorTags

/// How to give a file of each kind an explicit colour tag: the advice of `tags.untagged` and `policy.tagged` findings,
/// and what `hdrcolor tag` says for a file it cannot write. Commands name their inputs `FILE`, `IN` and `OUT`; the
/// code points shown are the usual ones for the format (sRGB for images, BT.709 1/1/1 for video).
package enum TaggingAdvice {
    /// The rules whose fix depends on the file's format.
    static let rules: Set<RuleID> = [.untagged, .policyTagged]

    /// The FFmpeg command that tags a movie as BT.709 video without re-encoding (IN and OUT are placeholders).
    package static let movieRemuxCommand =
        "ffmpeg -i IN -map 0 -c copy -color_primaries bt709 -color_trc bt709 -colorspace bt709 OUT"

    /// The FFmpeg command that writes BT.709 into an H.264 stream's VUI without re-encoding.
    package static let streamCommand =
        "ffmpeg -i IN -map 0 -c copy -bsf:v h264_metadata=colour_primaries=1:transfer_characteristics=1:matrix_coefficients=1 OUT"

    /// A fix that works for a file of `format`: a command, or the tool that writes the tag. Nil for ICC profiles (a
    /// profile is its own tag).
    package static func advice(for format: MediaFileFormat) -> String? {
        if format == .png {
            return "Tag it with the colour it was made in: `hdrcolor tag FILE --cicp 1/13/0/1` (sRGB; 12/13/0/1 "
                + "Display P3, 9/16/0/1 BT.2100 PQ); only the colour chunks are rewritten."
        } else if format == .jpeg {
            return "Embed an ICC profile of the colour it was made in (JPEG has no CICP tag): "
                + "`hdrcolor profile --color-space srgb -o srgb.icc`, then `exiftool '-ICC_Profile<=srgb.icc' FILE`."
        } else if format == .heif || format == .avif {
            return "Write an nclx `colr` box by encoding again from the source: `avifenc --cicp 1/13/6 -r full IN OUT` "
                + "for AVIF, `heif-enc --colour_primaries 1 --transfer_characteristic 13 --matrix_coefficients 6 "
                + "--full_range_flag 1 -o OUT IN` for HEIF (sRGB, the MIAF default made explicit)."
        } else if format.isElementaryStream || format == .mpegTS {
            return "A raw or transport stream carries its colour in the bitstream only: rewrite the VUI with FFmpeg, "
                + "`\(streamCommand)` for H.264 (hevc_metadata for HEVC; av1_metadata=color_primaries=1:"
                + "transfer_characteristics=1:matrix_coefficients=1 for AV1); BT.709 video is 1/1/1."
        } else if format.isMovie {
            return "Tag the video with FFmpeg, which writes the container's colour (`colr`, Matroska `Colour`) without "
                + "re-encoding: `\(movieRemuxCommand)` (BT.709 video is 1/1/1; sRGB's 1/13 is not a video code). Add "
                + "the -bsf:v option of `\(streamCommand)` (hevc_metadata for HEVC) to write the bitstream's VUI too, or "
                + "re-encode with the same three options."
        } else if format == .icc {
            return nil
        }
        return "Tag it with the tool that wrote it; `hdrcolor tag` writes PNG only."
    }

    /// The fix for a finding of `rule` in a file of `format`, when it differs from the rule's catalog fix.
    static func fix(for rule: RuleID, in format: MediaFileFormat) -> String? {
        rules.contains(rule) ? advice(for: format) : nil
    }
}
