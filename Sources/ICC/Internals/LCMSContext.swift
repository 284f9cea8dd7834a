internal import CLittleCMS
import Foundation

/// Collects the messages LittleCMS reports for one context. Shared between the context's owner and the C callback;
/// `@unchecked Sendable` because every access to `messages` holds `lock`.
final class LCMSErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func append(_ message: String) {
        lock.lock()
        defer { lock.unlock() }
        if messages.count < 64 { messages.append(message) }
    }

    /// Returns and clears the collected messages.
    func drain() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        let drained = messages
        messages.removeAll()
        return drained
    }
}

/// One LittleCMS context (`cmsCreateContext`) whose error handler (`cmsSetLogErrorHandlerTHR`) routes messages to its
/// own `LCMSErrorLog`, found through the context's user data, so there is no global handler or state.
///
/// Everything created in the context (profiles, transforms) must be released before the context; owners keep a strong
/// reference and free their objects in their own `deinit`.
///
/// Not `Sendable`: a context belongs to one profile load or to one `ICCTransform`, whose own `@unchecked Sendable`
/// covers the only use from several threads (LittleCMS reporting errors through the locked `LCMSErrorLog`).
final class LCMSContext {
    let handle: cmsContext
    let log: LCMSErrorLog

    init() throws(ICCError) {
        let log = LCMSErrorLog()
        guard let handle = cmsCreateContext(nil, Unmanaged.passUnretained(log).toOpaque()) else {
            throw .rejected(operation: "create a context", messages: [])
        }
        cmsSetLogErrorHandlerTHR(handle) { context, code, text in
            guard let context, let user = cmsGetContextUserData(context) else { return }
            let log = Unmanaged<LCMSErrorLog>.fromOpaque(user).takeUnretainedValue()
            log.append(text.map { String(cString: $0) } ?? "error \(code)")
        }
        self.handle = handle
        self.log = log
    }

    deinit { cmsDeleteContext(handle) }

    /// An error for a failed LittleCMS operation with the messages it logged.
    func failure(_ operation: String) -> ICCError {
        .rejected(operation: operation, messages: log.drain())
    }
}

/// An open `cmsHPROFILE` in its own context, closed on deinit. Not shared between threads.
final class LCMSProfile {
    let context: LCMSContext
    let handle: cmsHPROFILE

    /// Opens a profile from bytes that have already passed `ICCHeader.validate`.
    init(bytes: [UInt8], context: LCMSContext) throws(ICCError) {
        let opened = bytes.withUnsafeBytes { raw in
            cmsOpenProfileFromMemTHR(context.handle, raw.baseAddress, cmsUInt32Number(raw.count))
        }
        guard let opened else { throw context.failure("open the profile") }
        self.context = context
        self.handle = opened
    }

    /// A new, empty profile (`cmsCreateProfilePlaceholder`).
    init(placeholderIn context: LCMSContext) throws(ICCError) {
        guard let created = cmsCreateProfilePlaceholder(context.handle) else {
            throw context.failure("create a profile")
        }
        self.context = context
        self.handle = created
    }

    deinit { cmsCloseProfile(handle) }

    /// The serialised profile (`cmsSaveProfileToMem`).
    func serialized() throws(ICCError) -> [UInt8] {
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(handle, nil, &size) != 0, size > 0 else {
            throw context.failure("serialise the profile")
        }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let ok = bytes.withUnsafeMutableBytes { cmsSaveProfileToMem(handle, $0.baseAddress, &size) }
        guard ok != 0 else { throw context.failure("serialise the profile") }
        return Array(bytes.prefix(Int(size)))
    }
}
