import Testing
import TouchPlatform

/// The platform layer's Swift face: a call retried after EINTR and nothing else, and a
/// descriptor that closes itself once, unless handed on.
@Suite("Platform: retrying on EINTR, descriptors that close themselves")
struct PlatformTests {
    /// A call that fails with `errno` set to each of `errors` in turn, then answers `answer`.
    final class Script {
        var errors: [Int32]
        var calls = 0
        let answer: Int
        init(_ errors: [Int32], then answer: Int) { (self.errors, self.answer) = (errors, answer) }
        func call() -> Int {
            calls += 1
            guard !errors.isEmpty else { return answer }
            platform_set_errno(errors.removeFirst())
            return -1
        }
    }

    @Test("a call interrupted twice is made a third time, and its answer returned")
    func retriesAfterEINTR() {
        let s = Script([EINTR, EINTR], then: 5)
        #expect(retryingOnInterrupt { s.call() } == 5)
        #expect(s.calls == 3)
        // The C int form, as poll and waitpid answer.
        let t = Script([EINTR], then: 2)
        #expect(retryingOnInterrupt { Int32(t.call()) } == 2)
        #expect(t.calls == 2)
    }

    @Test("any other failure is returned at once, with errno as the call left it")
    func otherFailuresAreNotRetried() {
        for e in [EAGAIN, EBADF, EPIPE] {
            let s = Script([e, EINTR], then: 5)
            #expect(retryingOnInterrupt { s.call() } == -1)
            #expect(s.calls == 1 && platform_errno() == e)
        }
    }

    /// Whether `fd` is an open descriptor of this process.
    func isOpen(_ fd: Int32) -> Bool { platform_fcntl(fd, F_GETFD, 0) >= 0 }

    @Test("a descriptor is closed when its owner goes, on a thrown error too, and not when it is handed on")
    func descriptorsCloseThemselves() throws {
        struct Failure: Error {}
        var raw: Int32 = -1
        do {
            let file = FileDescriptor(owning: platform_open("/dev/null", O_RDONLY | O_CLOEXEC, 0))
            let opened = file.isOpen
            #expect(opened)
            raw = file.rawValue
            #expect(isOpen(raw))
        }
        #expect(!isOpen(raw), "closed as its owner went")
        func failing() throws {
            let file = FileDescriptor(owning: platform_open("/dev/null", O_RDONLY | O_CLOEXEC, 0))
            raw = file.rawValue
            throw Failure()
        }
        #expect(throws: Failure.self) { try failing() }
        #expect(!isOpen(raw), "closed on the way out of a throw")
        let handed = FileDescriptor(owning: platform_open("/dev/null", O_RDONLY | O_CLOEXEC, 0)).take()
        #expect(isOpen(handed), "handed on: open, for its new owner to close")
        #expect(close(handed) == 0)
        // A failed open is not owned: nothing to close.
        let missing = FileDescriptor(owning: platform_open("/nonexistent/file", O_RDONLY, 0))
        let missingIsOpen = missing.isOpen
        #expect(!missingIsOpen)
    }

    @Test("close() closes now and says how it went, and nothing is closed twice")
    func closeSaysHowItWent() {
        let file = FileDescriptor(owning: platform_open("/dev/null", O_RDONLY | O_CLOEXEC, 0))
        let raw = file.rawValue
        #expect(file.close() == 0)
        #expect(!isOpen(raw))
        // A number that is no open descriptor: close(2) refuses it, and says why.
        let stale = FileDescriptor(owning: 1_000_000)
        #expect(stale.close() == -1 && platform_errno() == EBADF)
    }
}
