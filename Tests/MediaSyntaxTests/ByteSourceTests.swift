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

    @Test("a read-ahead source returns what its base returns, from one base read per window for short reads")
    func readAhead() throws {
        let bytes = (0..<1000).map { UInt8($0 % 251) }
        var source = ReadAheadByteSource(ArrayByteSource(bytes), windowSize: 64)
        #expect(source.count == 1000)
        #expect(try source.read(at: 10, length: 8) == Array(bytes[10..<18]))
        #expect(try source.read(at: 30, length: 40) == Array(bytes[30..<70]))  // inside the window
        #expect(source.base.bytesRead == 64)
        #expect(try source.read(at: 60, length: 40) == Array(bytes[60..<100]))  // past the window: read again
        #expect(try source.read(at: 70, length: 50) == Array(bytes[70..<120]))  // inside the second window
        #expect(source.base.bytesRead == 128)
        #expect(try source.read(at: 200, length: 300) == Array(bytes[200..<500]))  // longer than a window: as is
        #expect(source.base.bytesRead == 128 + 300)
        #expect(try source.read(at: 990, length: 64) == Array(bytes[990...]))  // the file's end
        #expect(try source.read(at: 5, length: 3) == Array(bytes[5..<8]))  // before the window: read again
        #expect(source.base.bytesRead == 428 + 10 + 64)
        #expect(try source.read(at: 1000, length: 1) == [] && source.read(at: -3, length: 2) == [])
        #expect(source.bytesRead == 8 + 40 + 40 + 50 + 300 + 10 + 3)
        // Every offset and length against the bytes themselves.
        var every = ReadAheadByteSource(ArrayByteSource(bytes), windowSize: 16)
        for offset in stride(from: -2, through: 1002, by: 7) {
            for length in [0, 1, 15, 16, 17, 40] {
                let expected = offset < 0 || offset >= 1000 ? [] : Array(bytes[offset..<min(1000, offset + length)])
                #expect(try every.read(at: offset, length: length) == expected)
            }
        }
    }
}
