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
  /// Ctrl-C, which stops a `git` it runs, and a copy of the learner's files to another disk.
  var interruption: Interruption
  /// How the learner's folder is moved to its backup in one step (see ``BackupMove/rename``).
  var rename: BackupMove.Rename = BackupMove.systemRename

  /// Resets `lesson`.
  ///
  /// - Parameters:
  ///   - assumeYes: Skip the question (for scripts); without it, a non-interactive run is
  ///     refused rather than guessed at.
  ///   - askable: Whether a person can answer on standard input (a terminal).
  /// - Returns: 0 when reset or when the learner said no.
  /// - Throws: ``GraderError/usage(_:)`` when it cannot ask, ``GraderError/resetFailed(_:)``
  ///   when the starter cannot be found.
  func run(_ lesson: Lesson, assumeYes: Bool, askable: Bool = false) throws(GraderError)
    -> Int32
  {
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
      guard askable else {
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
    } catch {
      throw .resetFailed("\(Self.reason(error)). Nothing changed.")
    }
    var move = BackupMove(interruption: interruption)
    move.rename = rename
    for note in try move.move(source, to: destination) { say(style.dim("Note: ") + note) }
    do {
      try fileManager.createDirectory(at: source, withIntermediateDirectories: true)
      for (path, data) in files {
        let url = course.root.appending(path: path)
        try fileManager.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
      }
    } catch {
      throw .resetFailed("\(Self.reason(error)). Your files are in \(backup)/.")
    }
    say(
      style.pass("Reset.") + " \(folder)/ holds the starter again; your files are in \(backup)/ "
        + "(to take them back: cp -R \(backup)/. \(folder)/).")
    return 0
  }

  /// An error's description without its final period.
  private static func reason(_ error: any Error) -> String {
    error.localizedDescription.trimmingCharacters(in: CharacterSet(charactersIn: "."))
  }

  /// The starter's files from the newest commit that holds exactly them.
  private func starterFiles(_ recorded: [String: String]) throws(GraderError) -> [(String, Data)] {
    guard git(["rev-parse", "--is-inside-work-tree"]) != nil else {
      throw .resetFailed(
        "--reset finds the starter in git's history, and this folder is not a git clone. "
          + "Download the kata again, or copy the lesson's folder from a fresh copy.")
    }
    let folder = (recorded.keys.first ?? "").split(separator: "/").prefix(2).joined(separator: "/")
    // The whole history, newest first: a learner who commits often may have hundreds of
    // commits of the lesson since the starter (break round 12, case 11). A commit that is not
    // the starter fails at its first file, one `git show`.
    let log = git(["log", "--format=%H", "--", folder]) ?? ""
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

/// Moves the learner's lesson folder to its backup, never opening a named pipe, a socket or a
/// device, and losing none of the learner's work.
///
/// On one file system, `rename` moves the whole folder at once, whatever it holds. When the
/// backups are on another disk (`grade-backups` a link to one), `rename` cannot, and
/// `FileManager.moveItem` would copy file by file: it opens a named pipe to read it as a file
/// and waits until something writes to it, that is forever, while Ctrl-C only raises a flag.
/// The copy here reads regular files alone, copies links as links, makes a named pipe anew (a
/// pipe holds no data) and leaves out a socket or a device (neither holds any), each named in
/// a note. The learner's folder is removed only once the copy is whole; Ctrl-C or a failure
/// before then removes the partial copy instead, and nothing has moved.
struct BackupMove {
  /// Moves `from` to `to` in one step: `0`, or the `errno` of the failure.
  typealias Rename = @Sendable (_ from: String, _ to: String) -> Int32

  /// `rename(2)`.
  static let systemRename: Rename = { from, to in renameFile(from, to) }

  /// Ctrl-C, which stops the copy.
  var interruption: Interruption
  /// `rename(2)`, or a stand-in (the grader's tests fail it with `EXDEV`, as a move to
  /// another disk fails).
  var rename: Rename = BackupMove.systemRename

  /// A move that Ctrl-C (`interruption`) stops.
  init(interruption: Interruption) { self.interruption = interruption }

  /// Moves the folder `source` to `destination`, which does not exist yet.
  ///
  /// - Returns: Notes on what was not copied as it was (a named pipe made anew, a socket or
  ///   a device left out), empty after a `rename`.
  /// - Throws: ``GraderError/resetFailed(_:)`` when the folder could not be moved (nothing
  ///   moved then), ``GraderError/interrupted`` on Ctrl-C during a copy (nothing moved).
  func move(_ source: URL, to destination: URL) throws(GraderError) -> [String] {
    let failure = rename(source.path, destination.path)
    if failure == 0 { return [] }
    guard failure == EXDEV else {
      throw .resetFailed(
        "Could not move your files (\(String(cString: strerror(failure)))). Nothing changed.")
    }
    var notes: [String] = []
    do throws(CopyError) {
      try copy(source, to: destination, notes: &notes, shown: source.lastPathComponent)
    } catch {
      try? FileManager.default.removeItem(at: destination)
      if case .interrupted = error { throw .interrupted }
      throw .resetFailed("\(error.why) Nothing changed; your files are where they were.")
    }
    do {
      // Unlinking a pipe opens nothing.
      try FileManager.default.removeItem(at: source)
    } catch {
      throw .resetFailed(
        "Your files were copied to the backup, but not all could be removed from "
          + "\(source.lastPathComponent)/ (\(error.localizedDescription)).")
    }
    return notes
  }

  /// Why a copy stopped.
  private enum CopyError: Error {
    case interrupted
    case failed(String)

    var why: String {
      switch self {
      case .interrupted: return "Interrupted."
      case .failed(let why): return why
      }
    }
  }

  /// Copies the folder `source` into `destination`, entry by entry, without following links.
  private func copy(
    _ source: URL, to destination: URL, notes: inout [String], shown: String
  ) throws(CopyError) {
    let fileManager = FileManager.default
    var info = stat()
    guard lstat(source.path, &info) == 0 else {
      throw .failed("Could not read \(shown) (\(String(cString: strerror(errno)))).")
    }
    guard mkdir(destination.path, info.st_mode & 0o7777 | 0o700) == 0 else {
      throw .failed("Could not make the backup folder (\(String(cString: strerror(errno)))).")
    }
    let names: [String]
    do {
      names = try fileManager.contentsOfDirectory(atPath: source.path).sorted()
    } catch {
      throw .failed("Could not read \(shown) (\(error.localizedDescription)).")
    }
    for name in names {
      if interruption.requested { throw .interrupted }
      let from = source.appending(path: name)
      let to = destination.appending(path: name)
      let entry = "\(shown)/\(name)"
      guard lstat(from.path, &info) == 0 else {
        throw .failed("Could not read \(entry) (\(String(cString: strerror(errno)))).")
      }
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        try copy(from, to: to, notes: &notes, shown: entry)
      case S_IFLNK:
        guard let target = try? fileManager.destinationOfSymbolicLink(atPath: from.path),
          (try? fileManager.createSymbolicLink(atPath: to.path, withDestinationPath: target))
            != nil
        else { throw .failed("Could not copy the link \(entry).") }
      case S_IFREG:
        // Read through RegularFile: the entry may have become a pipe since it was looked at.
        guard let data = RegularFile.contents(atPath: from.path),
          (try? data.write(to: to)) != nil
        else { throw .failed("Could not copy \(entry).") }
        // The learner's dates and permissions, as a move keeps them.
        let attributes = (try? fileManager.attributesOfItem(atPath: from.path)) ?? [:]
        try? fileManager.setAttributes(
          attributes.filter { [.posixPermissions, .modificationDate].contains($0.key) },
          ofItemAtPath: to.path)
      case S_IFIFO:
        guard mkfifo(to.path, info.st_mode & 0o777) == 0 else {
          throw .failed("Could not make the named pipe \(entry) anew in the backup.")
        }
        notes.append(
          "\(entry) is a named pipe, which holds no data: the backup has a new one in its place.")
      default:
        notes.append(
          "\(entry) is a socket or a device, which holds no data: it is not in the backup.")
      }
    }
  }
}

/// `rename(2)`: `0`, or the `errno` of the failure. (Out here, where no property of the same
/// name hides the C function.)
private func renameFile(_ from: String, _ to: String) -> Int32 {
  rename(from, to) == 0 ? 0 : errno
}
