import Foundation

/// Puts a lesson's starter back (`--reset`), after confirmation, moving the learner's files
/// to `grade-backups/` first so that nothing is lost.
///
/// The shipped starter is found in git's history: the newest commit whose copy of the
/// exercise folder matches the fingerprints in `Tests/checksums.txt`. So a learner who
/// committed their own work still gets the starter, not their last commit.
struct Reset {
  var course: Course
  var style: Style
  /// Ctrl-C, which stops a `git` it runs.
  var interruption: Interruption

  /// Resets `lesson`.
  ///
  /// - Parameter assumeYes: Skip the question (for scripts); without it, a non-interactive
  ///   run is refused rather than guessed at.
  /// - Returns: 0 when reset or when the learner said no.
  /// - Throws: ``GraderError/usage(_:)`` when it cannot ask, ``GraderError/resetFailed(_:)``
  ///   when the starter cannot be found.
  func run(_ lesson: Lesson, assumeYes: Bool) throws(GraderError) -> Int32 {
    let folder = lesson.exercisesFolder
    let checksums = Checksums(root: course.root)
    let recorded = checksums.recorded().filter { $0.key.hasPrefix(folder + "/") }
    guard !recorded.isEmpty else {
      throw .resetFailed("\(Checksums.listPath) lists no starter files for \(folder).")
    }
    if checksums.isUntouchedStarter(lesson) {
      say("\(folder) is already the starter; nothing to reset.")
      return 0
    }
    let files = try starterFiles(recorded)
    var isFolder: ObjCBool = false
    let backups = course.root.appending(path: "grade-backups")
    if FileManager.default.fileExists(atPath: backups.path, isDirectory: &isFolder),
      !isFolder.boolValue
    {
      throw .resetFailed(
        "grade-backups is a file, not a folder, so your files have nowhere to go. Nothing "
          + "changed; rename or remove that file, then run --reset again.")
    }
    let backup = Self.freeBackupFolder(for: lesson, in: course.root)
    if !assumeYes {
      guard isatty(STDIN_FILENO) == 1 else {
        throw .usage("--reset asks before it moves your files; to skip the question, add --yes.")
      }
      say("This puts the starter of \(lesson.title) back in \(folder)/.")
      say("Your current files move to \(backup)/ first.")
      FileHandle.standardOutput.write(Data("Reset \(lesson.id)? [y/N] ".utf8))
      // Ctrl-C at the question ends the grader at once, as nothing has moved yet: the
      // grader's own handler only raises a flag, which a waiting readLine never looks at.
      for stop in Interrupts.stopSignals { signal(stop, SIG_DFL) }
      let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
      Interrupts.install()
      guard answer == "y" || answer == "yes" else {
        say("Nothing changed.")
        return 0
      }
    }
    let fileManager = FileManager.default
    let source = course.root.appending(path: folder)
    let destination = course.root.appending(path: backup)
    do {
      try fileManager.createDirectory(
        at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
      try fileManager.moveItem(at: source, to: destination)
      try fileManager.createDirectory(at: source, withIntermediateDirectories: true)
      for (path, data) in files {
        let url = course.root.appending(path: path)
        try fileManager.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
      }
    } catch {
      let reason = error.localizedDescription.trimmingCharacters(
        in: CharacterSet(charactersIn: "."))
      throw .resetFailed("\(reason). If your files were moved, they are in \(backup)/.")
    }
    say(style.pass("Reset.") + " \(folder)/ holds the starter again; your files are in \(backup)/.")
    return 0
  }

  /// The starter's files from the newest commit that holds exactly them.
  private func starterFiles(_ recorded: [String: String]) throws(GraderError) -> [(String, Data)] {
    guard git(["rev-parse", "--is-inside-work-tree"]) != nil else {
      throw .resetFailed(
        "--reset finds the starter in git's history, and this folder is not a git clone. "
          + "Download the kata again, or copy the lesson's folder from a fresh copy.")
    }
    let folder = (recorded.keys.first ?? "").split(separator: "/").prefix(2).joined(separator: "/")
    let log = git(["log", "--format=%H", "-n", "200", "--", folder]) ?? ""
    for commit in log.split(separator: "\n").map(String.init) {
      var files: [(String, Data)] = []
      for (path, fingerprint) in recorded.sorted(by: { $0.key < $1.key }) {
        guard let text = git(["show", "\(commit):\(path)"]) else { break }
        let data = Data(text.utf8)
        guard Checksums.fingerprint(data) == fingerprint else { break }
        files.append((path, data))
      }
      if files.count == recorded.count { return files }
    }
    throw .resetFailed("No commit in git's history holds the shipped starter of \(folder).")
  }

  private func git(_ arguments: [String]) -> String? {
    let child = ChildProcess(
      arguments: ["git", "-C", course.root.path] + arguments, directory: course.root,
      interruption: interruption, outputCap: 8 * 1024 * 1024, capturesErrors: false)
    guard let outcome = try? child.run(), outcome.status == 0 else { return nil }
    return outcome.output
  }

  /// `grade-backups/<Module>-<date>-<time>`, with `-2`, `-3`, … when that exists already.
  private static func freeBackupFolder(for lesson: Lesson, in root: URL) -> String {
    let base = "grade-backups/\(lesson.module)-\(timestamp())"
    var candidate = base
    var number = 2
    while FileManager.default.fileExists(atPath: root.appending(path: candidate).path) {
      candidate = "\(base)-\(number)"
      number += 1
    }
    return candidate
  }

  private static func timestamp() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    return formatter.string(from: Date())
  }
}
