import Foundation
import MediaSyntax
import TestSupport
import Testing

@Suite("Byte sources")
struct ByteSourceTests {
    @Test("an array source returns what lies in the file, counts it, and never throws for ranges outside")
    func arraySource() throws {
        var source = ArrayByteSource(Array(0..<10))
        #expect(try source.read(at: 8, length: 5) == [8, 9])
        #expect(try source.read(at: 10, length: 1) == [])
        #expect(try source.read(at: -1, length: 4) == [])
        #expect(try source.read(at: 2, length: Int.max) == Array(2..<10))
        #expect(try source.readExactly(at: 7, length: 4) == nil)
        #expect(try source.readExactly(at: 0, length: 3) == [0, 1, 2])
        #expect(source.bytesRead == 2 + 8 + 3 + 3)  // the short read of readExactly counts too
    }

    @Test("a file source reads by offset and refuses folders and missing paths with a sentence")
    func fileSource() throws {
        let folder = try TemporaryFolder.make("byte-source")
        let url = folder.appendingPathComponent("data.bin")
        try Data((0..<100).map { UInt8($0) }).write(to: url)
        let source = try FileByteSource(path: url.path)
        #expect(source.count == 100)
        #expect(try source.read(at: 95, length: 10) == [95, 96, 97, 98, 99])
        #expect(source.bytesRead == 5)
        #expect(
            throws: ByteSourceError(path: folder.path, reason: "it is a folder; pass a file (validate walks folders)")
        ) {
            _ = try FileByteSource(path: folder.path)
        }
        let missing = folder.appendingPathComponent("missing").path
        #expect(throws: ByteSourceError(path: missing, reason: "no such file; check the path")) {
            _ = try FileByteSource(path: missing)
        }
    }
}
