import Foundation
import GraderCore

/// The checks `--verify` runs besides the tests: formatting, the portability of the shell
/// scripts, Swift in the lessons that compiles, and links that lead somewhere.
///
/// Each check returns the problems it found, each naming a file and, where it can, a line;
/// an empty list means the gate is green.
struct QualityGates {
  var root: URL
  /// Ctrl-C: the tool a gate runs is stopped.
  var interruption: Interruption
  /// The environment variables of the maintainers' run: `PATH`, where the shell checkers are
  /// looked for, and `KATA_FORMAT_GATE` (see ``formatting()``).
  var variables: [String: String] = [:]

  /// The folders and files `swift format lint` covers.
  static let formattedPaths = [
    "Package.swift", "Exercises", "Solutions", "Tests", "Variants", "Grader/Package.swift",
    "Grader/Sources", "Grader/Tests",
  ]

  /// The shell scripts that must stay POSIX sh.
  static let scripts = ["grade.sh", ".ci/run", "scripts/measure-grader-overhead.sh"]

  // MARK: - Formatting

  /// `swift format lint --strict` with the committed `.swift-format`.
  ///
  /// Formatters of different Swift versions format some code differently, so CI enforces
  /// formatting with one reference version (see .github/workflows/verify.yml) and sets
  /// `KATA_FORMAT_GATE=skip` for the other toolchains, which then skip this gate, saying so.
  func formatting() throws(GraderError) -> [String] {
    if variables["KATA_FORMAT_GATE"] == "skip" {
      FileHandle.standardError.write(
        Data("note: formatting not checked here (KATA_FORMAT_GATE=skip).\n".utf8))
      return []
    }
    let paths = Self.formattedPaths.filter { exists($0) }
    let lint = ChildProcess(
      arguments: [
        "swift", "format", "lint", "--strict", "--recursive", "--configuration", ".swift-format",
      ]
        + paths,
      directory: root, interruption: interruption)
    let outcome = try lint.run()
    let lines = outcome.output.split(separator: "\n").map(String.init)
    if outcome.status != 0 && lines.isEmpty { return ["swift format did not run"] }
    return lines.map { $0 + "  (fix: swift format -i -r <file>)" }
  }

  // MARK: - Shell

  /// ShellCheck (when installed) and a real run of `grade.sh --help` under every POSIX shell
  /// found here: dash (Debian's sh), bash in POSIX mode, and `sh`.
  ///
  /// - Returns: The problems, and a note when ShellCheck is not installed.
  func shellPortability() throws(GraderError) -> (problems: [String], note: String?) {
    var problems: [String] = []
    var note: String?
    let scripts = Self.scripts.filter { exists($0) }
    guard !scripts.isEmpty else { return ([], nil) }
    if which("shellcheck") {
      let check = ChildProcess(
        arguments: ["shellcheck", "--shell=sh", "--format=gcc"] + scripts, directory: root,
        interruption: interruption)
      let outcome = try check.run()
      problems += outcome.output.split(separator: "\n").map(String.init)
    } else {
      note = "ShellCheck is not installed, so only the shells ran (.ci/run installs it)."
    }
    // Run from another folder, by absolute path, as a learner in another terminal tab might.
    let script = root.appending(path: "grade.sh").path
    let elsewhere = FileManager.default.temporaryDirectory
    for shell in [["dash"], ["bash", "--posix"], ["sh"]] where which(shell[0]) && exists("grade.sh")
    {
      for (arguments, expected) in [(["--help"], "OVERVIEW:"), (["--list"], "lesson01")] {
        let run = ChildProcess(
          arguments: shell + [script] + arguments, directory: elsewhere, interruption: interruption)
        let outcome = try run.run()
        if outcome.status != 0 || !outcome.output.contains(expected) {
          let first = outcome.output.split(separator: "\n").first.map(String.init) ?? ""
          let command = (shell + ["grade.sh"] + arguments).joined(separator: " ")
          problems.append(
            "grade.sh: `\(command)` from another folder exited \(outcome.status): \(first)")
        }
      }
    }
    return (problems, note)
  }

  // MARK: - Swift in the lessons

  /// A fenced Swift block of a lesson.
  struct Snippet {
    var file: String
    var line: Int
    var code: String
  }

  /// Every ```swift block of the lesson texts, except those that start with `// iOS only`.
  func snippets(of lesson: Lesson) -> [Snippet] {
    guard let path = lesson.textPath,
      let text = try? String(contentsOf: root.appending(path: path), encoding: .utf8)
    else { return [] }
    var found: [Snippet] = []
    var current: (line: Int, lines: [String])?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if var block = current {
        if trimmed.hasPrefix("```") {
          let code = block.lines.joined(separator: "\n")
          let first = block.lines.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
          if !first.trimmingCharacters(in: .whitespaces).hasPrefix("// iOS only") {
            found.append(Snippet(file: path, line: block.line, code: code))
          }
          current = nil
        } else {
          block.lines.append(String(line))
          current = block
        }
      } else if trimmed.hasPrefix("```swift") {
        current = (index + 2, [])
      }
    }
    return found
  }

  /// Type-checks each snippet on its own against the lesson's solution module.
  ///
  /// - Parameter modules: The build folder's `Modules` directory of the solutions build.
  func compileSnippets(of lesson: Lesson, modules: URL) throws(GraderError) -> [String] {
    let work = root.appending(path: ".build/kata-snippets")
    try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    var problems: [String] = []
    for (index, snippet) in snippets(of: lesson).enumerated() {
      let file = work.appending(path: "\(lesson.id)-\(index + 1).swift")
      let prelude = "import Foundation\nimport \(lesson.module)\n"
      do {
        try (prelude + snippet.code + "\n").write(to: file, atomically: true, encoding: .utf8)
      } catch {
        problems.append("\(snippet.file):\(snippet.line): could not write \(file.path)")
        continue
      }
      let check = ChildProcess(
        arguments: [
          Toolchain.swiftc(path: variables["PATH"]), "-typecheck", "-swift-version", "6", "-I",
          modules.path, file.path,
        ],
        directory: root, interruption: interruption)
      let outcome = try check.run()
      guard outcome.status != 0 else { continue }
      // Point at the lesson's line, not the temporary file's.
      let errors = Builder.diagnostics(in: outcome.output, root: root).filter {
        $0.severity == "error"
      }
      let first = errors.first.map { error in
        let line = (error.location?.line ?? 3) - 3 + snippet.line
        return "\(snippet.file):\(line): \(error.message)"
      }
      problems.append(first ?? "\(snippet.file):\(snippet.line): the block does not compile")
    }
    return problems
  }

  // MARK: - Starters and copies

  /// Starter files the learner is not asked to edit, which the solution changes anyway.
  ///
  /// A starter file without a `TODO` comment is one the lesson never sends the learner to, so
  /// the reference solution must ship it unchanged: when it does not, a learner who follows the
  /// tasks cannot reach the solution's behaviour (the tests pass on code the learner was never
  /// told to write). A solution that needs a helper in such a file gets a `TODO` there, saying
  /// which task may put something in it.
  ///
  /// - Parameter lesson: The lesson whose `Exercises/` and `Solutions/` folders are compared.
  /// - Returns: One problem per starter file without a `TODO` that the solution lacks or changes.
  func untouchedStarterFiles(of lesson: Lesson) -> [String] {
    let starter = root.appending(path: lesson.exercisesFolder)
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: starter.path))?.sorted() ?? []
    var problems: [String] = []
    for name in names where name.hasSuffix(".swift") {
      let exercise = "\(lesson.exercisesFolder)/\(name)"
      let solution = "\(lesson.solutionsFolder)/\(name)"
      guard let text = read(exercise), !text.contains("TODO") else { continue }
      if read(solution) != text {
        problems.append(
          "\(solution) differs from \(exercise), which has no TODO: ship it unchanged, or add a"
            + " `TODO: Task N` to the starter saying what may change there")
      }
    }
    return problems
  }

  /// Test files that every lesson's test module carries as its own copy.
  ///
  /// Each test module needs them (the tests' comparisons must not come from the learner's
  /// module), and SwiftPM gives a file to one target only, so they are copied; this gate keeps
  /// the copies the same.
  static let copiedTestFiles = ["StandardComparisons.swift"]

  /// Copies of ``copiedTestFiles`` that differ from the first lesson's copy.
  ///
  /// - Parameter lessons: The course's lessons, in order; the first one's copy is the reference.
  /// - Returns: One problem per copy that is missing or differs.
  func copiedTestFiles(of lessons: [Lesson]) -> [String] {
    guard let first = lessons.first else { return [] }
    var problems: [String] = []
    for name in Self.copiedTestFiles {
      let reference = "\(first.testsFolder)/\(name)"
      guard let text = read(reference) else { continue }
      for lesson in lessons.dropFirst() {
        let copy = "\(lesson.testsFolder)/\(name)"
        if read(copy) != text {
          problems.append("\(copy) is missing or differs from \(reference); copy it again")
        }
      }
    }
    return problems
  }

  // MARK: - Links

  /// Relative links and their anchors in `README.md` and `lessons/*.md`.
  func links() -> [String] {
    let lessonFiles =
      ((try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: "lessons").path))
      ?? []).filter { $0.hasSuffix(".md") }.map { "lessons/\($0)" }
    var problems: [String] = []
    for file in ["README.md"] + lessonFiles.sorted() where exists(file) {
      guard let text = read(file) else { continue }
      for (line, target) in Self.links(in: text) {
        if let problem = check(link: target, from: file) {
          problems.append("\(file):\(line): \(problem)")
        }
      }
    }
    return problems
  }

  /// The `](target)` links outside code, with their line numbers.
  static func links(in markdown: String) -> [(Int, String)] {
    var found: [(Int, String)] = []
    var inFence = false
    for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle() }
      if inFence { continue }
      var rest = Substring(line)
      while let open = rest.range(of: "](") {
        let after = rest[open.upperBound...]
        guard let close = after.firstIndex(of: ")") else { break }
        let target = after[..<close].split(separator: " ").first.map(String.init) ?? ""
        found.append((index + 1, target))
        rest = after[close...]
      }
    }
    return found
  }

  private func check(link: String, from file: String) -> String? {
    if link.isEmpty { return "an empty link" }
    if link.contains("://") || link.hasPrefix("mailto:") { return nil }
    let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0])
    let anchor = parts.count > 1 ? String(parts[1]) : nil
    let folder = (file as NSString).deletingLastPathComponent
    let target =
      path.isEmpty
      ? file : ((folder as NSString).appendingPathComponent(path) as NSString).standardizingPath
    guard exists(target) else { return "\(link) leads nowhere: \(target) does not exist" }
    guard let anchor, !anchor.isEmpty else { return nil }
    guard target.hasSuffix(".md"), let text = read(target) else { return nil }
    if !Self.anchors(in: text).contains(anchor) {
      return "\(link): \(target) has no heading with the anchor #\(anchor)"
    }
    return nil
  }

  /// GitHub's anchors for a document's headings; repeated headings get `-1`, `-2`, ….
  static func anchors(in markdown: String) -> Set<String> {
    var seen: [String: Int] = [:]
    var anchors = Set<String>()
    var inFence = false
    for line in markdown.split(separator: "\n") {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle() }
      guard !inFence, line.hasPrefix("#") else { continue }
      let heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
      let base = LessonText.anchor(for: heading)
      let count = seen[base, default: 0]
      seen[base] = count + 1
      anchors.insert(count == 0 ? base : "\(base)-\(count)")
    }
    return anchors
  }

  // MARK: - Helpers

  private func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: root.appending(path: path).path)
  }

  private func read(_ path: String) -> String? {
    try? String(contentsOf: root.appending(path: path), encoding: .utf8)
  }

  /// Whether this machine can tell a bash-only script from a POSIX one (ShellCheck or dash),
  /// looked for on `path`.
  static func canCheckShells(path: String?) -> Bool {
    which("shellcheck", path: path) || which("dash", path: path)
  }

  private func which(_ tool: String) -> Bool { Self.which(tool, path: variables["PATH"]) }

  private static func which(_ tool: String, path: String?) -> Bool {
    (path ?? "/usr/bin:/bin").split(separator: ":").contains { folder in
      FileManager.default.isExecutableFile(atPath: "\(folder)/\(tool)")
    }
  }
}
