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

  /// Takes the lock in `root/.build`, waiting (and saying so) while another grader holds it.
  ///
  /// - Throws: ``GraderError/interrupted`` when Ctrl-C is pressed while waiting.
  init(root: URL) throws(GraderError) {
    let folder = root.appending(path: ".build")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    descriptor = open(folder.appending(path: "kata-grader.lock").path, O_CREAT | O_RDWR, 0o644)
    guard descriptor >= 0 else { return }  // A read-only checkout: grade without the lock.
    var announced = false
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      if Interrupts.requested {
        close(descriptor)
        throw .interrupted
      }
      if !announced {
        announced = true
        FileHandle.standardError.write(
          Data("Another ./grade.sh is running in this folder; waiting for it to finish…\n".utf8))
      }
      Thread.sleep(forTimeInterval: 0.2)
    }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }  // Closing releases the lock.
  }
}
