import Foundation
import PixelBuffers
import PixelConversion
import VideoFiles

/// Converted frames handed from the caller's thread to an encoder thread through a ring of preallocated buffers: the
/// caller acquires a free buffer, converts into it and submits it with its time; the encoder thread appends submitted
/// buffers to the writer in order and frees them. Nothing is allocated per frame.
///
/// The writer is used only by the encoder thread between ``startEncoding()`` and ``finishEncoding()`` (the condition
/// lock orders every hand-over), which is why the class is `@unchecked Sendable`.
final class FrameRing: @unchecked Sendable {
    private let writer: MovieWriter
    private let encoding: PixelEncoding
    /// The buffers, kept alive for the views below.
    private let buffers: [PixelBuffer]
    private let views: [MutablePixelBufferView]
    private let condition = NSCondition()
    /// Free buffer indices (a stack).
    private var free: [Int]
    /// Submitted buffers in order: a circular queue of (index, time).
    private var queued: [(slot: Int, time: Rational?)]
    private var head = 0
    private var queuedCount = 0
    private var submissionsEnded = false
    private var encoderDone = false
    private var failure: VideoFilesError?

    init(writer: MovieWriter, format: PixelFormat, count: Int) throws(VideoFilesError) {
        self.writer = writer
        self.encoding = writer.settings.encoding
        var buffers: [PixelBuffer] = []
        var views: [MutablePixelBufferView] = []
        for _ in 0..<count {
            var buffer: PixelBuffer
            do {
                buffer = try PixelBuffer(format: format, width: writer.settings.width, height: writer.settings.height)
            } catch { throw .geometry(error) }
            views.append(buffer.withMutableView { $0 })
            buffers.append(buffer)
        }
        self.buffers = buffers
        self.views = views
        self.free = Array((0..<count).reversed())
        self.queued = Array(repeating: (0, nil), count: count)
    }

    /// The memory of buffer `slot`, for the caller to convert into between ``acquire()`` and ``submit(_:time:)``.
    func view(_ slot: Int) -> MutablePixelBufferView { views[slot] }

    /// Starts the encoder thread.
    func startEncoding() {
        let thread = Thread { [self] in encodeLoop() }
        thread.name = "HDRColor movie encoder"
        thread.start()
    }

    /// A free buffer, waiting for the encoder to free one; nil when the encoder has failed.
    func acquire() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while free.isEmpty, failure == nil { condition.wait() }
        guard failure == nil else { return nil }
        return free.removeLast()
    }

    /// Gives back a buffer that was acquired but not submitted.
    func release(_ slot: Int) {
        condition.lock()
        free.append(slot)
        condition.broadcast()
        condition.unlock()
    }

    /// Queues buffer `slot` for encoding with its presentation time.
    func submit(_ slot: Int, time: Rational?) {
        condition.lock()
        queued[(head + queuedCount) % queued.count] = (slot, time)
        queuedCount += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the submissions, waits until the encoder thread has appended every queued frame (or failed), and returns
    /// its failure.
    func finishEncoding() -> VideoFilesError? {
        condition.lock()
        defer { condition.unlock() }
        submissionsEnded = true
        condition.broadcast()
        while !encoderDone { condition.wait() }
        return failure
    }

    private func encodeLoop() {
        condition.lock()
        while true {
            while queuedCount == 0, !submissionsEnded { condition.wait() }
            guard queuedCount > 0, failure == nil else { break }
            let (slot, time) = queued[head]
            condition.unlock()
            var appendFailure: VideoFilesError?
            do { try writer.append(views[slot].readOnly, encoding: encoding, presentationTime: time) } catch {
                appendFailure = error
            }
            condition.lock()
            head = (head + 1) % queued.count
            queuedCount -= 1
            free.append(slot)
            if let appendFailure { failure = appendFailure }
            condition.broadcast()
        }
        encoderDone = true
        condition.broadcast()
        condition.unlock()
    }
}
