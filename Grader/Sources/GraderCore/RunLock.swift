import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps two graders from building in one folder at once (two terminals, or a watcher and a
/// manual run). The second one says so and waits, instead of sitting silent behind SwiftPM's
/// own lock or fighting over the event stream files.
final class RunLock {
  private let descriptor: Int32

  /// One try at the lock without waiting: `0`, or the `errno` of the failure.
  typealias Attempt = (Int32) -> Int32

  /// `flock` without blocking, the lock SwiftPM itself takes on its build folder.
  static func flockAttempt(_ descriptor: Int32) -> Int32 {
    flock(descriptor, LOCK_EX | LOCK_NB) == 0 ? 0 : errno
  }

  /// Takes the lock in `root/.build`, waiting (and saying so) only while another grader
  /// holds it.
  ///
  /// A folder that cannot be locked at all (some network and cloud-synced folders answer
  /// `flock` with `ENOLCK` or `EOPNOTSUPP`) is graded without the lock, with a note, rather
  /// than waited on forever.
  ///
  /// - Parameters:
  ///   - attempt: Tries the lock once; the grader's tests pass a failing one.
  ///   - say: Where the notes go (standard error).
  /// - Throws: ``GraderError/interrupted`` when Ctrl-C is pressed while waiting.
  init(
    root: URL, attempt: Attempt = RunLock.flockAttempt,
    say: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
  ) throws(GraderError) {
    let folder = root.appending(path: ".build")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appending(path: "kata-grader.lock")
    descriptor = open(file.path, O_CREAT | O_RDWR, 0o644)
    guard descriptor >= 0 else { return }  // A read-only checkout: grade without the lock.
    var announced = false
    while true {
      let failure = attempt(descriptor)
      if failure == 0 { return }
      if failure == EINTR { continue }
      guard failure == EWOULDBLOCK || failure == EAGAIN else {
        // Held by no one: waiting would never end. Closing drops nothing (nothing is held).
        say(
          "Could not lock \(Paths.relative(file.path, to: root)) (\(String(cString: strerror(failure)))); "
            + "grading without it. Do not run two ./grade.sh in this folder at once.\n")
        return
      }
      if Interrupts.requested {
        close(descriptor)
        throw .interrupted
      }
      if !announced {
        announced = true
        say("Another ./grade.sh is running in this folder; waiting for it to finish…\n")
      }
      Thread.sleep(forTimeInterval: 0.2)
    }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }  // Closing releases the lock.
  }
}
