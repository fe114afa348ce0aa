import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps two graders from building in one folder at once (two terminals, or a watcher and a
/// manual run). The second one says so and waits, instead of sitting silent behind SwiftPM's
/// own lock or fighting over the event stream files.
///
/// It is held only while building or testing (``Grading/grade(_:from:)`` takes it; `--verify`
/// and `--mutants` take it once for their whole run and give it to their ``Grading``): an idle
/// `--watch` holds none, so `--hint`, `--reset` or another lesson in a second terminal never
/// wait on it. It is not re-entrant: a second `flock` from the same process waits for the first.
package final class RunLock: Sendable {
  private let descriptor: Int32
  /// Whether the lock is held: `false` when the folder cannot be locked (see the initializer),
  /// and then another grader may be at work in it.
  package let isHeld: Bool

  /// One try at the lock without waiting: `0`, or the `errno` of the failure.
  package typealias Attempt = (Int32) -> Int32

  /// `flock` without blocking, the lock SwiftPM itself takes on its build folder.
  package static func flockAttempt(_ descriptor: Int32) -> Int32 {
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
  ///   - interruption: Ctrl-C, which ends the wait.
  ///   - attempt: Tries the lock once; the grader's tests pass a failing one.
  ///   - say: Where the notes go (standard error).
  /// - Throws: ``GraderError/interrupted`` when Ctrl-C is pressed while waiting.
  package init(
    root: URL, interruption: Interruption, attempt: Attempt = RunLock.flockAttempt,
    say: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
  ) throws(GraderError) {
    let folder = root.appending(path: ".build")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appending(path: "kata-grader.lock")
    // Close-on-exec: a child (`swift build`, a test process, something it starts) that
    // inherited the descriptor would keep the lock held after the grader let it go.
    descriptor = open(file.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      isHeld = false  // A read-only checkout: grade without the lock.
      return
    }
    var announced = false
    while true {
      let failure = attempt(descriptor)
      if failure == 0 {
        isHeld = true
        return
      }
      if failure == EINTR { continue }
      guard failure == EWOULDBLOCK || failure == EAGAIN else {
        // Held by no one: waiting would never end. Closing drops nothing (nothing is held).
        say(
          "Could not lock \(Paths.relative(file.path, to: root)) (\(String(cString: strerror(failure)))); "
            + "grading without it. Do not run two ./grade.sh in this folder at once.\n")
        isHeld = false
        return
      }
      if interruption.requested {
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

/// SwiftPM's own lock on a build folder. SwiftPM 6.3 takes `flock` on a file in its
/// temporary folder named after the build folder's path (`/tmp/_home_me_kata_.build.lock`
/// for `/home/me/kata/.build`; TSCBasic's `FileLock.prepareLock`, observed with strace on
/// Linux; the same code runs on macOS) and writes its process id into `<scratch>/.lock`.
/// SwiftPM waits behind it saying "Another instance of SwiftPM is already running…" into
/// output the grader captures, so without this the learner would see nothing at all while
/// another `swift build` (a second terminal, an editor's background build) runs.
enum SwiftPMLock {
  /// The lock files SwiftPM may hold for `scratch`: one in each temporary folder a SwiftPM
  /// process may use (the learner's, and the one the grader gives its own children).
  static func lockFiles(for scratch: URL, temporaryFolders: [URL]) -> [URL] {
    let name = scratch.standardizedFileURL.path.replacingOccurrences(of: "/", with: "_")
    return temporaryFolders.map { $0.appending(path: name + ".lock") }
  }

  /// Waits while another process holds SwiftPM's lock on `scratch`, saying once who it is.
  ///
  /// - Parameters:
  ///   - scratch: The build folder (`.build`, `.build/solutions`, …).
  ///   - root: The kata's root, to name the folder as the learner sees it.
  ///   - learnersTemporaryFolder: Where a SwiftPM the learner started keeps its lock files
  ///     (``Surroundings/temporaryFolder``); the grader's own SwiftPM keeps them in the build
  ///     folder's `kata-grader/tmp`, always looked at.
  ///   - endingLeftovers: Whether the caller holds the kata's run lock, so that a holder
  ///     carrying the grader's mark for `scratch` is left by a grading that was killed
  ///     (``isLeftover(holder:scratch:runLockHeld:markOf:)``), and is ended, not waited for.
  ///   - say: Where the note goes (standard error).
  /// - Throws: ``GraderError/interrupted`` when Ctrl-C is pressed while waiting.
  static func waitWhileHeld(
    scratch: URL, root: URL, learnersTemporaryFolder: URL?, endingLeftovers: Bool,
    interruption: Interruption,
    say: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
  ) throws(GraderError) {
    let folders =
      (learnersTemporaryFolder.map { [$0] } ?? []) + [scratch.appending(path: "kata-grader/tmp")]
    var announced = false
    for file in lockFiles(for: scratch, temporaryFolders: folders) {
      // No file, no holder: SwiftPM creates it when it takes the lock. The name is known to
      // anyone who shares the temporary folder, and a named pipe there would hold a blocking
      // open forever, deaf to Ctrl-C: opened without blocking, and only a regular file is one.
      let descriptor = open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      defer { close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0, RegularFile.kind(ofMode: info.st_mode) == .regular
      else { continue }
      while true {
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
          flock(descriptor, LOCK_UN)  // Only looked: SwiftPM takes it itself.
          break
        }
        let failure = errno
        if failure == EINTR { continue }
        // A folder that cannot be locked is one SwiftPM cannot wait on either.
        guard failure == EWOULDBLOCK || failure == EAGAIN else { break }
        if interruption.requested { throw .interrupted }
        if !announced {
          announced = true
          let owner = RegularFile.text(at: scratch.appending(path: ".lock"))
          let pid = owner.flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
          // Left by a grading run that was killed (kill -9) before it could end its children:
          // nobody else will ever end it.
          if let pid,
            isLeftover(holder: pid, scratch: scratch, runLockHeld: endingLeftovers)
          {
            let ended = ProcessMarks.end(ProcessMarks.mark(forBuildFolder: scratch))
            say(
              "Ended \(ended) process(es) left running by an earlier grading that was stopped "
                + "without ending them (process \(pid) held \(Paths.relative(scratch.path, to: root))).\n"
            )
          } else {
            say(message(folder: Paths.relative(scratch.path, to: root), owner: owner))
          }
        }
        Thread.sleep(forTimeInterval: 0.2)
      }
    }
  }

  /// Whether `pid`, which holds SwiftPM's lock on `scratch`, was left by a grading that is
  /// gone (killed with `kill -9`, which no program can answer): it carries the grader's mark for
  /// that build folder (``ProcessMarks/mark(forBuildFolder:)``), and the caller holds the run
  /// lock, so no grading that still runs can have started it; nobody else will ever end it.
  ///
  /// Without the run lock (a folder that cannot be locked), another grader may be at work:
  /// nothing is left over then.
  ///
  /// - Parameters:
  ///   - pid: The process that holds SwiftPM's lock.
  ///   - scratch: The build folder.
  ///   - runLockHeld: Whether the caller holds the kata's run lock.
  ///   - markOf: The mark a process carries, if any.
  static func isLeftover(
    holder pid: pid_t, scratch: URL, runLockHeld: Bool,
    markOf: (pid_t) -> String? = ProcessMarks.mark(of:)
  ) -> Bool {
    runLockHeld && pid != getpid() && markOf(pid) == ProcessMarks.mark(forBuildFolder: scratch)
  }

  /// The note: which process holds the folder (and its command, when the system tells).
  static func message(folder: String, owner: String?) -> String {
    let pid = owner.flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    var who = ""
    if let pid {
      let command = ProcessTree.command(of: pid).map { ": \($0)" } ?? ""
      who = " (process \(pid)\(command))"
    }
    return "Another SwiftPM process is using \(folder)\(who); waiting for it… Ctrl-C stops.\n"
  }
}
