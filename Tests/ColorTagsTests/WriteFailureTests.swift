import Foundation
import Testing

@testable import ColorTags

/// Why a write failed, as `hdrcolor tag` says it: the operating system's cause, not "an input/output error".
@Suite struct WriteFailureTests {
    @Test("ENOSPC, EDQUOT and EIO from Foundation's errors read as their causes")
    func causes() {
        let full = FileAccess.writeFailureReason(CocoaError(.fileWriteOutOfSpace), folderIsWritable: true)
        #expect(full.hasPrefix("no space left on the device"), "\(full)")
        let posix = NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))
        #expect(FileAccess.writeFailureReason(posix, folderIsWritable: true) == full)
        let wrapped = NSError(
            domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue,
            userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EDQUOT))])
        #expect(FileAccess.writeFailureReason(wrapped, folderIsWritable: true).hasPrefix("the disk quota is used up"))
        let io = NSError(domain: NSPOSIXErrorDomain, code: Int(EIO))
        #expect(
            FileAccess.writeFailureReason(io, folderIsWritable: true).contains("input/output error (a failing disk"))
        let unknown = CocoaError(.fileWriteUnknown)
        #expect(FileAccess.writeFailureReason(unknown, folderIsWritable: false) == "the folder is not writable")
    }

    @Test("writing a PNG into a missing folder names the cause")
    func missingFolder() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("no-such-\(UUID())")
        do {
            try FileAccess.writeAtomically([1, 2, 3], to: folder.appendingPathComponent("x.png"))
            Issue.record("wrote into a missing folder")
        } catch {
            #expect("\(error)".contains("x.png") && !"\(error)".contains("input/output"), "\(error)")
        }
    }
}
