/// Why the grader could not do what it was asked (exit status 2).
public enum GraderError: Error, Equatable, CustomStringConvertible {
  /// The folder has no kata `Package.swift` with a lesson list.
  case notAKata(String)
  /// The kata's folder holds a version-specific manifest (`Package@swift-6.3.swift`), which
  /// SwiftPM reads instead of `Package.swift`; carries its name.
  case versionedManifest(String)
  /// A lesson name matched no lesson; `known` lists the ids that exist.
  case unknownLesson(String, known: [String])
  /// A task number that the lesson does not have.
  case unknownTask(String, Int, count: Int)
  /// The command line was not understood.
  case usage(String)
  /// A tool the grader runs (normally `swift`) could not be started.
  case toolMissing(String)
  /// The Swift toolchain is older than the kata needs; carries SwiftPM's message.
  case toolchainTooOld(String)
  /// The toolchain cannot build the tests for a reason the learner fixes once, outside the
  /// kata (Xcode not selected, its licence not accepted); carries what to do.
  case toolchainUnfit(String)
  /// A lesson's folder named in `Package.swift` is missing.
  case missingFolder(String)
  /// `--solutions` in a copy of the kata without `Solutions/` (a workshop may hand the
  /// solutions out later): there is nothing to restore.
  case noSolutions
  /// `--reset` could not find or restore the starter.
  case resetFailed(String)
  /// `--mutants` could not run; carries why (the solution fails, a file cannot be written).
  case mutantsCannotRun(String)
  /// The build failed because the disk is full; carries the line that says so.
  case diskFull(String)
  /// The build folder was made where the kata was before (copied or moved with it), and its
  /// compiled modules name the old place.
  case buildFolderMoved
  /// A folder of the grader's own in the build folder cannot be made (something in its way
  /// that cannot be removed, no permission); carries its path, relative to the kata.
  case buildFolderDamaged(String)
  /// The learner pressed Ctrl-C.
  case interrupted

  public var description: String {
    switch self {
    case .notAKata(let path):
      return
        "\(path) does not look like the kata: its Package.swift has no `let lessons = [ … ]` list."
    case .versionedManifest(let name):
      return
        "The kata's folder has \(name): SwiftPM reads a manifest made for its version instead "
        + "of Package.swift, so the grader cannot tell what it builds or which tests run. The "
        + "kata ships none: move it away (mv \(name) ../), then run ./grade.sh again."
    case .unknownLesson(let name, let known):
      return "There is no lesson '\(name)'. Lessons: \(known.joined(separator: ", "))."
    case .unknownTask(let lesson, let number, let count):
      return "\(lesson) has no Task \(number); its tasks are 1 to \(count)."
    case .usage(let message):
      return message
    case .toolMissing(let tool):
      return "Could not start '\(tool)'. Install Swift 6.2 or newer and make sure it is on PATH."
    case .toolchainTooOld(let message):
      return
        "The kata needs Swift 6.2 or newer (Xcode 26 on a Mac); this toolchain is older. SwiftPM says: \(message)"
    case .toolchainUnfit(let fix):
      return fix
    case .missingFolder(let path):
      return "The folder \(path) is missing. Restore it with `git checkout -- \(path)`."
    case .buildFolderDamaged(let path):
      return
        "The grader cannot make its folder \(path) (something is in its way, or it may not "
        + "write there). Nothing is wrong with your code: remove the build folder (rm -rf "
        + ".build), then run ./grade.sh again."
    case .noSolutions:
      return
        "This copy of the kata has no Solutions/ folder (a workshop may hand the solutions out "
        + "later), so --solutions has nothing to grade."
    case .resetFailed(let why):
      return "Could not reset: \(why)"
    case .mutantsCannotRun(let why):
      return "The mutation check cannot run: \(why)"
    case .diskFull(let line):
      return
        "The disk is full, so the build could not finish (\(line)). Nothing is wrong with your "
        + "code: free some space (`rm -rf .build` frees the kata's own build), then run "
        + "./grade.sh again."
    case .buildFolderMoved:
      return
        "The build folder (.build) was made where the kata was before: it was copied or moved "
        + "with it, and the compiler finds the old place in it. Nothing is wrong with your code: "
        + "remove it (`rm -rf .build`), then run ./grade.sh again; the next build takes a minute."
    case .interrupted:
      return "Interrupted."
    }
  }
}
