import PixelBuffers
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The worker threads of one converter: `threadCount − 1` threads parked on a condition variable, started with the
/// first frame that uses them and stopped when the converter is released. A frame is split into bands that the caller
/// and the workers take from an atomic counter; nothing is allocated per frame. Between frames a worker polls for the
/// next one for half a millisecond before it sleeps, so that back-to-back frames do not pay a thread wake-up each. If
/// the pool is already converting a frame (the converter is used from several threads at once), the caller converts
/// its frame alone.
///
/// The threads hold the pool's ``Crew`` (the shared state), never the pool itself: the pool's `deinit`, when the last
/// converter copy goes, stops and joins them, and the crew goes with the last thread.
final class WorkerPool: Sendable {
    /// One frame's work.
    struct Job {
        let program: Program
        let source: PixelBufferView
        let destination: MutablePixelBufferView
        let bandHeight: Int
        let bandCount: Int
        /// One sum per band for a metering program (each band adds only to its own), else nil.
        var light: UnsafeMutablePointer<Program.LightSum>? = nil

        func run(band: Int) {
            let start = band * bandHeight
            program.run(
                source, destination, rows: start..<Swift.min(start + bandHeight, source.height),
                light: light.map { $0 + band })
        }
    }

    /// Threads beyond this many per active core only add contention.
    static let threadsPerCore = 4

    private let crew: Crew

    /// The most threads beside the caller's.
    var workerCount: Int { crew.workerCount }

    init(threadCount: Int) {
        crew = Crew(
            workerCount: Swift.max(Swift.min(threadCount, Self.threadsPerCore * ProcessInfoCores.active) - 1, 0))
    }

    deinit { crew.stop() }

    /// Runs every band of `job`, on the workers and the calling thread; returns when all are done.
    func run(_ job: Job) { crew.run(job) }
}

/// The state the pool's threads share: the current job, its counters, and the threads themselves. Each thread holds a
/// reference to the crew until it ends.
///
/// `@unchecked Sendable`: the job and counters are guarded by the pthread mutex (the band counter is atomic); the
/// threads only read the job between the broadcast that publishes it and their report that they are done.
private final class Crew: @unchecked Sendable {
    typealias Job = WorkerPool.Job

    let workerCount: Int
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let finished = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let nextBand = Atomic<Int>(0)
    /// Mirrors of `generation` and `doneCount` that threads poll without the mutex before they sleep (see ``spin``).
    private let publishedGeneration = Atomic<Int>(0)
    private let finishedWorkers = Atomic<Int>(0)
    // Guarded by `mutex`:
    private var job: Job?
    private var generation = 0
    private var doneCount = 0
    private var busy = false
    private var stopping = false
    private var threads: [pthread_t] = []

    init(workerCount: Int) {
        self.workerCount = workerCount
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(wake, nil)
        pthread_cond_init(finished, nil)
    }

    deinit {
        pthread_cond_destroy(wake)
        pthread_cond_destroy(finished)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        wake.deallocate()
        finished.deallocate()
    }

    /// Wakes the threads to end and waits until they have.
    func stop() {
        pthread_mutex_lock(mutex)
        stopping = true
        publishedGeneration.add(1, ordering: .releasing)  // ends the polling of idle workers
        let started = threads
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(mutex)
        for thread in started { pthread_join(thread, nil) }
    }

    func run(_ job: Job) {
        pthread_mutex_lock(mutex)
        guard !busy else {
            pthread_mutex_unlock(mutex)
            for band in 0..<job.bandCount { job.run(band: band) }
            return
        }
        busy = true
        // Threads are started as frames need them: one per band beyond the caller's, up to the pool's size.
        let wanted = Swift.min(workerCount, job.bandCount - 1)
        if threads.count < wanted { startThreads(wanted) }
        self.job = job
        nextBand.store(0, ordering: .relaxed)
        doneCount = 0
        finishedWorkers.store(0, ordering: .relaxed)
        generation &+= 1
        publishedGeneration.store(generation, ordering: .releasing)
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(mutex)

        takeBands(job)

        let workers = threads.count  // only this call changes `threads`, and it is busy
        Self.spin(for: Self.callerSpin) { finishedWorkers.load(ordering: .acquiring) >= workers }
        pthread_mutex_lock(mutex)
        while doneCount < threads.count { pthread_cond_wait(finished, mutex) }
        self.job = nil  // no reference to the program outlives the frame
        busy = false
        pthread_mutex_unlock(mutex)
    }

    private func takeBands(_ job: Job) {
        while true {
            let band = nextBand.wrappingAdd(1, ordering: .relaxed).oldValue
            guard band < job.bandCount else { return }
            job.run(band: band)
        }
    }

    /// How long a worker polls for the next frame before it sleeps, and the caller for the workers' last bands: waking
    /// a sleeping thread costs from tens of microseconds to milliseconds (on virtual machines, whose idle CPUs the
    /// host deschedules), which back-to-back frames would pay twice per frame. Measured on S1 at 4K on a two-core VM:
    /// without polling, one frame in two or three took 25 % longer on two threads. In nanoseconds.
    static let workerSpin = 500_000
    static let callerSpin = 2_000_000

    /// Polls `done` until it holds or `nanoseconds` have passed.
    private static func spin(for nanoseconds: Int, until done: () -> Bool) {
        var start = timespec(), now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while !done() {
            clock_gettime(CLOCK_MONOTONIC, &now)
            if (now.tv_sec - start.tv_sec) * 1_000_000_000 + (now.tv_nsec - start.tv_nsec) >= nanoseconds { return }
        }
    }

    /// Starts worker threads until there are `count` (called with the mutex held). Each holds a retained reference
    /// to the crew, released when the thread ends.
    private func startThreads(_ count: Int) {
        threads.reserveCapacity(count)
        while threads.count < count {
            let context = Unmanaged.passRetained(self)
            #if canImport(Darwin)
            var thread: pthread_t? = nil
            #else
            var thread = pthread_t()
            #endif
            guard pthread_create(&thread, nil, { Crew.workerMain($0) }, context.toOpaque()) == 0 else {
                context.release()
                return  // fewer threads than asked: the caller takes more bands
            }
            #if canImport(Darwin)
            guard let thread else { return }  // not after a successful pthread_create
            #endif
            threads.append(thread)
        }
    }

    private static func workerMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        let crew = Unmanaged<Crew>.fromOpaque(context!).takeRetainedValue()
        crew.work()
        return nil
    }

    private func work() {
        var seen = 0
        pthread_mutex_lock(mutex)
        while true {
            if generation == seen && !stopping {
                pthread_mutex_unlock(mutex)
                Self.spin(for: Self.workerSpin) { publishedGeneration.load(ordering: .acquiring) != seen }
                pthread_mutex_lock(mutex)
            }
            while generation == seen && !stopping { pthread_cond_wait(wake, mutex) }
            if stopping { break }
            seen = generation
            guard let job else { continue }
            pthread_mutex_unlock(mutex)
            takeBands(job)
            pthread_mutex_lock(mutex)
            doneCount += 1
            finishedWorkers.add(1, ordering: .releasing)
            if doneCount == threads.count { pthread_cond_signal(finished) }
        }
        pthread_mutex_unlock(mutex)
    }
}
