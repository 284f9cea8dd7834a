import ArgumentParser
import Foundation
import HDRColor
import MediaSyntax

extension HDRColorCommand {
    struct Tag: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add or replace the colour chunks of a PNG (cICP, iCCP, mDCV, cLLI) without touching pixel data.",
            discussion: """
                Every other chunk, IDAT included, is copied byte for byte; new chunks go right after IHDR. --icc and \
                --icc-from-cicp also remove an sRGB chunk (PNG forbids it beside iCCP). Generated profiles are reproducible: \
                their creation date is SOURCE_DATE_EPOCH, or 1970-01-01 when unset; PQ and HLG profiles carry a lumi tag.
                Examples: hdrcolor tag hdr.png --cicp 9/16/0/1 --mdcv bt2020:1000:0.0001 --clli 1000,400
                          hdrcolor tag ui.png --cicp 12/13/0/1 --icc-from-cicp -o tagged.png
                Only PNG files: for a JPEG, HEIF, AVIF or movie it names the tool and options that tag that format.
                Exit status: 0 written, 1 invalid request (e.g. not a PNG, matrix ≠ 0), 2 the file cannot be read or written.
                """
        )

        @Argument(help: "The PNG file to tag (rewritten in place unless --output is given).")
        var file: String

        @Option(
            help: "H.273 code points P/T/M/R for cICP, e.g. 9/16/0/1 (BT.2100 PQ), 12/13/0/1 (Display P3). M must be 0."
        )
        var cicp: CICP?

        @Option(help: "An ICC profile file to embed as iCCP.")
        var icc: String?

        @Flag(
            name: .customLong("icc-from-cicp"),
            help: "Embed an ICC profile generated from --cicp (v4.4 with a cicp tag).")
        var iccFromCICP = false

        @Option(
            help: "Mastering display: PRIMARIES:MAX:MIN (bt2020|p3|bt709, cd/m²) or rx,ry,gx,gy,bx,by,wx,wy,max,min.")
        var mdcv: MasteringDisplayArgument?

        @Option(help: "Content light level MAXCLL,MAXFALL in cd/m².")
        var clli: ContentLightLevelArgument?

        @Option(name: [.short, .long], help: "Write to this file instead of rewriting FILE.")
        var output: String?

        func validate() throws {
            guard cicp != nil || icc != nil || iccFromCICP || mdcv != nil || clli != nil else {
                throw ValidationError("nothing to do: give --cicp, --icc, --icc-from-cicp, --mdcv or --clli")
            }
            if icc != nil, iccFromCICP { throw ValidationError("--icc and --icc-from-cicp exclude each other") }
            if iccFromCICP, cicp == nil { throw ValidationError("--icc-from-cicp needs --cicp") }
            if let cicp, cicp.matrixCoefficients != 0 {
                throw ValidationError("--cicp \(cicp): MatrixCoefficients must be 0 in a PNG (its pixels are RGB)")
            }
        }

        func run() throws {
            try Self.requirePNG(file)
            var edit = PNGTagEdit(cicp: cicp, masteringDisplay: mdcv?.value, contentLightLevel: clli?.value)
            if let icc {
                do {
                    edit.iccProfile = try ICCProfile(contentsOf: URL(fileURLWithPath: icc))
                } catch {
                    try Diagnostics.fail("\(icc): \(error)", status: 2)
                }
                edit.iccProfileName = Self.profileName(edit.iccProfile?.profileDescription?.text)
            } else if iccFromCICP, let cicp {
                do {
                    let space = try ColorSpace(cicp: cicp)
                    edit.iccProfile = try ICCProfile(colorSpace: space)
                    edit.iccProfileName = Self.profileName(space.name)
                } catch {
                    try Diagnostics.fail("cannot generate a profile for --cicp \(cicp): \(error)", status: 1)
                }
            }
            let source = URL(fileURLWithPath: file)
            let destination = URL(fileURLWithPath: output ?? file)
            do {
                try PNGTagWriter.apply(edit, toFileAt: source, writingTo: destination)
            } catch {
                switch error {
                case .unreadableFile, .unwritableFile, .limitExceeded: try Diagnostics.fail("\(error)", status: 2)
                default: try Diagnostics.fail("\(file): \(error)", status: 1)
                }
            }
            let tagging = try? ColorTagging(contentsOf: destination)
            var written: [String] = []
            if let cicp { written.append("cICP \(cicp)") }
            if let profile = edit.iccProfile {
                written.append("iCCP '\(edit.iccProfileName)' (\(profile.bytes.count) bytes)")
            }
            if let mdcv { written.append("mDCV (peak \(mdcv.value.maximumLuminance) cd/m²)") }
            if let clli {
                written.append(
                    "cLLI (MaxCLL \(clli.value.maxContentLightLevel), MaxFALL \(clli.value.maxFrameAverageLightLevel) cd/m²)"
                )
            }
            print(
                "wrote \(TextSanitizer.sanitize(destination.path)): \(written.joined(separator: ", ")); pixel data unchanged"
            )
            if let tagging { print("effective colour: \(tagging.primary.effective.summary)") }
        }

        /// Ends the command unless `path` is a PNG: status 2 for a path that cannot be read (the reader refuses FIFOs
        /// and devices before opening them), 1 for another format, naming what tags that format instead.
        static func requirePNG(_ path: String) throws {
            let format: MediaFileFormat?
            do {
                format = try ColorTagging(contentsOf: URL(fileURLWithPath: path)).format
            } catch {
                switch error {
                case .unrecognizedFormat: format = nil
                case .malformed(let malformed, _): format = malformed  // the writer reports a broken PNG itself
                default: try Diagnostics.fail("\(error)", status: 2)
                }
            }
            guard format != .png else { return }
            let what = format.map { "not a PNG but \($0)" } ?? "not a PNG (no PNG signature)"
            let advice = format.flatMap(TaggingAdvice.advice(for:)).map { " For this file: \($0)" } ?? ""
            try Diagnostics.fail(
                "\(path) is \(what); `hdrcolor tag` writes the colour chunks of PNG files only (cICP, iCCP, mDCV, cLLI)."
                    + advice, status: 1)
        }

        /// A Latin-1 iCCP keyword from a description: printable, at most 79 characters, "ICC profile" when empty.
        static func profileName(_ text: String?) -> String {
            let scalars = (text ?? "").unicodeScalars.filter { $0.value >= 0x20 && $0.value <= 0x7E }
            let trimmed = String(String.UnicodeScalarView(scalars.prefix(79))).trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? "ICC profile" : trimmed
        }
    }
}
