import Foundation
import GraderCore

/// A plausible learner solution kept beside a lesson, that `--verify` grades.
///
/// Most variants are one mistake (or one other design) and are kept as that mistake: a
/// unified diff against the reference solution, `Variants/<Module>/<name>.patch`, whose
/// first lines (before the diff) say what the mistake is, why it is wrong and which test
/// must catch it. A right variant whose every file differs may stay a folder of whole
/// files, `Variants/<Module>/<name>/`, laid over a copy of the solution.
///
/// A patch is applied with `git apply`, which refuses a hunk that no longer matches: a
/// changed solution can never leave a stale variant behind unnoticed.
///
/// Source: ziglings keeps each exercise's fix as a patch applied in CI
/// (`patches/` in ziglings/exercises).
struct Variant: Sendable, Equatable {
  /// What the variant's name promises.
  enum Expectation: Sendable, Equatable {
    /// `right-…`: another correct design; it must pass every test.
    case right
    /// `wrong-taskN-…`: a plausible mistake; it must fail a test of task N.
    case wrong(task: Int)
    /// A `wrong-…` name without a task number.
    case unnamedTask
  }

  /// The name without `.patch`, e.g. `wrong-task3-create-twice`.
  var name: String
  /// The patch file or the folder, absolute.
  var url: URL
  var isPatch: Bool { url.pathExtension == "patch" }

  var expectation: Expectation {
    if name.hasPrefix("right-") { return .right }
    guard name.hasPrefix("wrong-task"),
      let number = Int(name.dropFirst("wrong-task".count).prefix(while: \.isNumber))
    else { return .unnamedTask }
    return .wrong(task: number)
  }

  /// The variants of a lesson, sorted by name: `wrong-…` and `right-…` patches and folders.
  static func all(of lesson: Lesson, root: URL) -> [Variant] {
    let folder = root.appending(path: "Variants/\(lesson.module)")
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return entries.compactMap { entry -> Variant? in
      let name = entry.hasSuffix(".patch") ? String(entry.dropLast(".patch".count)) : entry
      guard name.hasPrefix("wrong-") || name.hasPrefix("right-") else { return nil }
      var isFolder: ObjCBool = false
      let url = folder.appending(path: entry)
      let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
      guard exists, entry.hasSuffix(".patch") || isFolder.boolValue else { return nil }
      return Variant(name: name, url: url)
    }.sorted { $0.name < $1.name }
  }

  /// The description at the top of a patch: its lines before the diff, without `#`.
  var summary: String {
    guard isPatch, let text = try? String(contentsOf: url, encoding: .utf8) else { return "" }
    return Self.header(of: text).joined(separator: "\n")
  }

  /// Lays the variant over `target`, which holds a copy of the solution.
  ///
  /// - Returns: What went wrong, for the verify report (empty when the variant is in place).
  func apply(to target: URL) -> [String] {
    if isPatch {
      // `git apply` run inside a repository reads paths from the repository's top and skips,
      // silently, those outside the working folder; with no repository it reads them from
      // the working folder, which is what a variant's paths are relative to.
      guard
        let outcome = Self.git(
          ["apply", "--whitespace=nowarn", "-p1", url.path], in: target)
      else {
        return ["git was not found; it applies the variants' patches"]
      }
      guard outcome.status == 0 else {
        return ["the patch no longer applies to the solution; redo it with --save-variant:"]
          + outcome.output.split(separator: "\n").prefix(6).map(String.init)
      }
      return []
    }
    let fileManager = FileManager.default
    do {
      for file in try fileManager.contentsOfDirectory(atPath: url.path)
      where file.hasSuffix(".swift") {
        let destination = target.appending(path: file)
        try? fileManager.removeItem(at: destination)
        try fileManager.copyItem(at: url.appending(path: file), to: destination)
      }
    } catch {
      return ["could not lay the variant's files over the solution: \(error.localizedDescription)"]
    }
    return []
  }

  /// The lines of a patch before its first `diff --git` or `---` line, without a leading
  /// `# ` (the description a reader sees first).
  static func header(of patch: String) -> [String] {
    var lines: [String] = []
    for line in patch.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("diff --git ") || line.hasPrefix("--- ") { break }
      lines.append(line.hasPrefix("# ") ? String(line.dropFirst(2)) : String(line))
    }
    while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
    return lines
  }

  /// Writes `Variants/<Module>/<name>.patch`: the difference between the lesson's solution
  /// and `edited`, a folder with the same files as the solution (some changed, added or
  /// removed).
  ///
  /// An existing patch of that name keeps its description; a new one gets a template that
  /// asks for one.
  ///
  /// - Parameters:
  ///   - name: `wrong-taskN-…` or `right-…`.
  ///   - lesson: The lesson whose solution the patch is against.
  ///   - edited: The folder holding the variant's version of the lesson's module.
  ///   - root: The kata's root.
  /// - Returns: The patch's path, relative to the root.
  /// - Throws: ``GraderError/usage(_:)`` for a bad name, a missing folder or no difference.
  static func save(name: String, of lesson: Lesson, from edited: URL, root: URL)
    throws(GraderError) -> String
  {
    guard name.wholeMatch(of: /(right|wrong-task[1-9][0-9]*)-[a-z0-9]+(-[a-z0-9]+)*/) != nil
    else {
      throw .usage(
        "A variant's name is wrong-taskN-… (a mistake task N must catch) or right-… (another "
          + "correct design), in lower case with dashes, e.g. wrong-task3-create-twice.")
    }
    if case .wrong(let task) = Variant(name: name, url: root).expectation,
      let path = lesson.textPath, let text = LessonText(root: root, path: path),
      !text.taskHeadings.contains(where: { $0.hasPrefix("Task \(task) ") })
    {
      throw .usage("\(lesson.id) has no Task \(task); name the task whose tests must catch it.")
    }
    let fileManager = FileManager.default
    let solution = root.appending(path: lesson.solutionsFolder)
    let own = Set((try? fileManager.contentsOfDirectory(atPath: edited.path)) ?? [])
    let solutionFiles = (try? fileManager.contentsOfDirectory(atPath: solution.path)) ?? []
    // A folder of another lesson, or of tests, shares no file name with this solution.
    guard solutionFiles.contains(where: { $0.hasSuffix(".swift") && own.contains($0) }) else {
      throw .usage(
        "\(edited.path) holds none of \(lesson.solutionsFolder)'s files; give the folder of "
          + "an edited copy of \(lesson.module).")
    }
    // Both sides are copied into a scratch folder as `a/` and `b/`, so the diff's paths are
    // `a/File.swift` and `b/File.swift`, relative to the module folder, whatever the folders.
    let scratch = fileManager.temporaryDirectory.appending(path: "kata-variant-\(UUID())")
    defer { try? fileManager.removeItem(at: scratch) }
    let diff: (status: Int32, output: String)?
    do {
      try fileManager.createDirectory(at: scratch, withIntermediateDirectories: true)
      try copySwiftFiles(from: solution, to: scratch.appending(path: "a"))
      try copySwiftFiles(from: edited, to: scratch.appending(path: "b"))
      diff = Self.git(["diff", "--no-index", "--no-prefix", "--no-color", "a", "b"], in: scratch)
    } catch {
      throw .usage("Could not compare \(edited.path) with the solution: \(error).")
    }
    guard let diff, diff.status == 1 else {
      throw .usage(
        diff?.status == 0
          ? "\(edited.path) is the same as the solution; edit it into the variant first."
          : "git diff could not compare \(edited.path) with the solution.")
    }
    let body = diff.output.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("index ") }.joined(separator: "\n")
    let relative = "Variants/\(lesson.module)/\(name).patch"
    let destination = root.appending(path: relative)
    let old = (try? String(contentsOf: destination, encoding: .utf8)).map(header(of:)) ?? []
    let template =
      name.hasPrefix("right-")
      ? [
        "The other design, in a sentence a learner would recognise.",
        "Why it is right too: what it does differently, and that every test must pass.",
      ]
      : [
        "The mistake, in a sentence a learner would recognise.",
        "Why it is wrong, and which test must catch it.",
      ]
    let description = old.isEmpty ? template : old
    let text = description.map { "# \($0)" }.joined(separator: "\n") + "\n\n" + body
    do {
      try fileManager.createDirectory(
        at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: destination, atomically: true, encoding: .utf8)
    } catch {
      throw .usage("Could not write \(relative): \(error.localizedDescription)")
    }
    return relative
  }

  /// Runs git in `folder` as if no repository were around it, so paths are read from
  /// `folder`; returns its status and its output (standard error included), or `nil` when
  /// git cannot be started.
  private static func git(_ arguments: [String], in folder: URL) -> (status: Int32, output: String)?
  {
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    git.arguments = ["git"] + arguments
    git.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_DIR"] = folder.appending(path: ".no-repository").path
    git.environment = environment
    let output = Pipe()
    git.standardOutput = output
    git.standardError = output
    git.standardInput = FileHandle.nullDevice
    guard (try? git.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    git.waitUntilExit()
    return (git.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  private static func copySwiftFiles(from source: URL, to destination: URL) throws {
    let fileManager = FileManager.default
    try fileManager.createDirectory(at: destination, withIntermediateDirectories: true)
    for file in try fileManager.contentsOfDirectory(atPath: source.path)
    where file.hasSuffix(".swift") {
      try fileManager.copyItem(
        at: source.appending(path: file), to: destination.appending(path: file))
    }
  }
}
