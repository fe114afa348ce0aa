import Foundation

/// Fingerprints of the files the kata ships and a learner should not have to wonder about,
/// kept in `Tests/checksums.txt`:
///
/// - the tests, so the grader can warn a learner whose tests were edited (a grade against
///   edited tests means little), and `--verify` can catch a test change nobody recorded;
/// - the starters, so the overview can tell a lesson not started yet from one in progress,
///   and `--reset` can find the shipped starter in git's history;
/// - `Package.swift`, which decides what is built: an edited one is named beside edited tests,
///   since the grader can then not promise that what it built is the learner's code alone.
///
/// The fingerprint is FNV-1a (64 bit): it detects edits, it is not a security measure, and it
/// needs nothing beyond the standard library on Linux and macOS.
package struct Checksums {
  /// Where the list lives, relative to the root.
  package static let listPath = "Tests/checksums.txt"
  /// The package manifest, relative to the root.
  package static let manifestPath = "Package.swift"

  var root: URL

  /// The fingerprints of the kata at `root`.
  package init(root: URL) { self.root = root }

  /// The test folders of `lessons`, with the shared test support.
  package static func testFolders(of lessons: [Lesson]) -> [String] {
    lessons.map(\.testsFolder) + ["Tests/KataTestSupport", orderedOutputFolder]
  }

  /// The C target every test process runs before its first test: C, not Swift, but as much
  /// the tests' as they are.
  static let orderedOutputFolder = "Tests/KataOrderedOutput"

  /// Every `.swift` file below `folders` (and every file of ``orderedOutputFolder``), as
  /// sorted relative paths.
  func files(in folders: [String]) -> [String] {
    var found = SwiftFiles.below(folders, in: root)
    if folders.contains(Self.orderedOutputFolder) {
      let folder = root.appending(path: Self.orderedOutputFolder)
      let names = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
      found += (names ?? []).map { "\(Self.orderedOutputFolder)/\($0)" }.filter { path in
        let type = try? FileManager.default.attributesOfItem(
          atPath: root.appending(path: path).path)[.type]
        return !path.hasSuffix(".swift") && type as? FileAttributeType == .typeRegular
      }
    }
    return found.sorted()
  }

  /// The list as committed: path → fingerprint.
  package func recorded() -> [String: String] {
    guard let text = RegularFile.text(at: root.appending(path: Self.listPath)) else { return [:] }
    var entries: [String: String] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let parts = line.split(separator: " ", maxSplits: 1)
      if parts.count == 2 {
        entries[parts[1].trimmingCharacters(in: .whitespaces)] = String(parts[0])
      }
    }
    return entries
  }

  /// The fingerprint of a file now, or `nil` when it cannot be read.
  func fingerprint(of path: String) -> String? {
    let url = root.appending(path: path)
    // A named pipe in a file's place would make the read wait forever.
    guard SwiftFiles.isRegularFile(url) else { return nil }
    return FileManager.default.contents(atPath: url.path).map(Self.fingerprint)
  }

  /// FNV-1a, 64 bit, as 16 hex digits.
  static func fingerprint(_ data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The files below `folders` that differ from the list: changed, added or missing.
  package func changedFiles(in folders: [String]) -> [String] {
    let recorded = recorded()
    let prefixes = folders.map { $0 + "/" }
    let current = files(in: folders)
    var changed = current.filter { recorded[$0] == nil || recorded[$0] != fingerprint(of: $0) }
    changed += recorded.keys.filter { path in
      prefixes.contains { path.hasPrefix($0) } && !current.contains(path)
    }
    return changed.sorted()
  }

  /// The test files of `lessons` that differ from the shipped ones, and `Package.swift`
  /// when it does.
  func changedTests(for lessons: [Lesson]) -> [String] {
    changedFiles(in: Self.testFolders(of: lessons)) + (manifestChanged() ? [Self.manifestPath] : [])
  }

  /// The starter files of `lessons` that no task asks to change, since the reference
  /// solution ships them as they are (a lesson's stand-ins, a vendor's SDK, its live objects,
  /// its models), and whose shipped code is no longer in the lesson: a line of it edited or
  /// removed. The tests observe the lesson through them, so a grade with one changed may not be
  /// of the task files alone.
  ///
  /// Code moved, whole, into another file of the lesson (a protocol moved beside the view
  /// model that uses it), or kept whole with code added, is not a change
  /// (``shippedCode(_:isIn:)``).
  func changedUntaskedFiles(for lessons: [Lesson]) -> [ChangedFile] {
    let recorded = recorded()
    let untasked = recordedUntasked()
    return lessons.flatMap { lesson in
      let current = SwiftFiles.below([lesson.exercisesFolder], in: root).compactMap {
        RegularFile.text(at: root.appending(path: $0))
      }
      // Every starter file as shipped, whether it is still there or not (renamed, deleted).
      return recorded.keys.filter { $0.hasPrefix(lesson.exercisesFolder + "/") }.sorted()
        .compactMap { path -> ChangedFile? in
          let shipped = recorded[path]
          let solution = Self.solutionCopy(of: path, in: lesson)
          let solutionIsShipped = fingerprint(of: solution) == shipped
          // The list says which starters are untasked, so a kata without Solutions/ (a
          // workshop's) or with an edited solution still knows (break round 12, cases 01 and
          // 03); a list from before it said so, the solutions do.
          guard untasked.isEmpty ? solutionIsShipped : untasked.contains(path) else { return nil }
          let now = fingerprint(of: path)
          guard now != shipped else { return nil }
          // Moved or added to: the shipped code, read from the solution, is still all there.
          if solutionIsShipped, let code = RegularFile.text(at: root.appending(path: solution)),
            Self.shippedCode(code, isIn: current)
          {
            return nil
          }
          return ChangedFile(path: path, isMissing: now == nil)
        }
    }
  }

  /// The reference solution's copy of the starter file at `path`, relative to the root.
  static func solutionCopy(of path: String, in lesson: Lesson) -> String {
    lesson.solutionsFolder + path.dropFirst(lesson.exercisesFolder.count)
  }

  /// The starters the list marks untasked: `# untasked <path>` lines, written by ``write(for:)``.
  func recordedUntasked() -> Set<String> {
    guard let text = RegularFile.text(at: root.appending(path: Self.listPath)) else { return [] }
    return Set(
      text.split(separator: "\n").compactMap { line in
        line.hasPrefix(Self.untaskedMark) ? String(line.dropFirst(Self.untaskedMark.count)) : nil
      })
  }

  /// How the list marks an untasked starter: a comment to anything else that reads it.
  static let untaskedMark = "# untasked "

  /// Whether the code of `shipped` appears, whole and in order, in one of `files`: compared
  /// line by line, without comments, each line trimmed, blank lines and imports left out (a
  /// moved declaration may change its indentation, its comments or the file's imports).
  ///
  /// What a comment or an `#if` block holds is not code that runs: shipped lines kept there,
  /// beside an edited copy, do not count (the newcomer pass of session 16).
  static func shippedCode(_ shipped: String, isIn files: [String]) -> Bool {
    func lines(_ text: String) -> [Substring] {
      var depth = 0
      return CodeText.withoutComments(text).split(whereSeparator: \.isNewline)
        .map { $0.trimmingCharacters(in: .whitespaces)[...] }
        .filter { line in
          // `#if` … `#endif`, nested, and its directives: left out whatever the condition.
          if line.hasPrefix("#if") { depth += 1 }
          let inside = depth > 0
          if line.hasPrefix("#endif") { depth = max(0, depth - 1) }
          return !inside && !line.isEmpty && !line.hasPrefix("import ")
            && !(line.hasPrefix("@") && line.contains(" import "))
        }
    }
    let wanted = lines(shipped)
    guard !wanted.isEmpty else { return true }
    return files.contains { file in
      let have = lines(file)
      guard have.count >= wanted.count else { return false }
      return (0...(have.count - wanted.count)).contains { start in
        have[start..<(start + wanted.count)].elementsEqual(wanted)
      }
    }
  }

  /// Whether `Package.swift` differs from the shipped one; `false` for a list from before
  /// the manifest was recorded.
  package func manifestChanged() -> Bool {
    guard let shipped = recorded()[Self.manifestPath] else { return false }
    return fingerprint(of: Self.manifestPath) != shipped
  }

  /// Whether the lesson's exercise is still exactly the shipped starter.
  func isUntouchedStarter(_ lesson: Lesson) -> Bool {
    changedFiles(in: [lesson.exercisesFolder]).isEmpty
  }

  /// Writes the list anew from the files as they are.
  package func write(for lessons: [Lesson]) throws {
    var text =
      "# Fingerprints (FNV-1a 64) of the shipped tests, starters and manifest; read by the grader.\n"
    text += "# After changing them on purpose: ./grade.sh --update-checksums\n"
    let paths =
      [Self.manifestPath]
      + files(in: Self.testFolders(of: lessons) + lessons.map(\.exercisesFolder))
    text += "# A starter marked untasked is one the reference solution ships unchanged.\n"
    for lesson in lessons {
      for path in files(in: [lesson.exercisesFolder]) {
        if let shipped = fingerprint(of: path),
          fingerprint(of: Self.solutionCopy(of: path, in: lesson)) == shipped
        {
          text += Self.untaskedMark + path + "\n"
        }
      }
    }
    for path in paths {
      text += "\(fingerprint(of: path) ?? "missing") \(path)\n"
    }
    try text.write(to: root.appending(path: Self.listPath), atomically: true, encoding: .utf8)
  }
}

/// A shipped file that differs now: edited, or gone (renamed or deleted).
struct ChangedFile: Equatable, Sendable, CustomStringConvertible {
  /// The path relative to the root, as shipped.
  let path: String
  /// Whether the file is no longer there.
  let isMissing: Bool

  var description: String { isMissing ? "\(path) (missing)" : path }
}
