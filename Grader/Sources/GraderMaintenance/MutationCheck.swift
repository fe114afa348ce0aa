import Foundation
import GraderCore

/// Finds behaviour of a lesson's reference solution that no test needs: what
/// `./grade.sh --mutants <lesson>` runs (maintainers only; too slow for `--verify`).
///
/// It copies `Solutions/<Module>/` into the lesson's scratch folder inside the kata (see
/// ``ScratchCopy``), and for each mutant (see ``MutantMaker``) changes
/// one line of the copy, grades the lesson from it, and puts the line back. A mutant is
/// killed when a test fails, crashes or hangs; one that does not compile is set aside; one
/// that passes every test survived. `Solutions/` and `Exercises/` are only read.
///
/// A survivor is justified when `Variants/<Module>/mutants.txt` has an entry for it (see
/// ``Justification``). The exit status is 0 when every survivor is justified, 1 otherwise,
/// 2 when the check could not run.
public struct MutationCheck {
  /// What became of one mutant.
  public enum Outcome: Sendable, Equatable {
    /// A test failed, crashed or hung; carries the first such test's name.
    case killed(String)
    /// The mutant did not compile; it proves nothing.
    case notCompiled
    /// Every test passed.
    case survived
  }

  /// One mutant and what became of it.
  public struct Result: Sendable {
    public var mutant: Mutant
    public var outcome: Outcome
    /// Whether `mutants.txt` accepts this survivor.
    public var justified: Bool
    public var seconds: Double
  }

  public var course: Course
  public var lesson: Lesson
  /// Seconds one test may run before it counts as hung.
  public var timeLimit: Double
  public var style: Style
  /// Told every result as it comes (the grader's own tests watch the run through it).
  public var onResult: (@Sendable (Result) -> Void)?
  /// Ctrl-C, which ends the run.
  public var interruption: Interruption
  /// Where a SwiftPM the maintainer started keeps its locks (see ``Grading``).
  public var learnersTemporaryFolder: URL?

  /// The scratch copy of the solution that each mutant changes.
  var copy: ScratchCopy { ScratchCopy(course: course, lesson: lesson) }
  /// The scratch folder of mutated copies, relative to the root.
  public var sourceRoot: String { copy.sourceRoot }
  /// The justification file, relative to the root.
  public var justificationsPath: String { "Variants/\(lesson.module)/mutants.txt" }

  /// Mutates `lesson`'s solution in `course`, each test within `timeLimit` seconds, printing
  /// in `style`, until `interruption` is requested.
  public init(
    course: Course, lesson: Lesson, timeLimit: Double, style: Style, interruption: Interruption
  ) {
    self.course = course
    self.lesson = lesson
    self.timeLimit = timeLimit
    self.style = style
    self.interruption = interruption
  }

  /// Makes every mutant, grades each, prints one line per mutant, then the survivors and a
  /// summary, and returns the exit status.
  ///
  /// - Throws: ``GraderError`` when the lesson is missing, `swift` cannot start, the
  ///   justification file cannot be read, or on Ctrl-C.
  public func run() throws(GraderError) -> Int32 {
    let started = Date()
    // Held for the whole run: a grade in another terminal would rebuild the copy under it.
    let lock = try RunLock(root: course.root, interruption: interruption)
    defer { withExtendedLifetime(lock) {} }
    let justifications = try readJustifications()
    let files = SwiftFiles.below([lesson.solutionsFolder], in: course.root)
    var originals: [String: String] = [:]
    var mutants: [Mutant] = []
    for path in files {
      let name = String(path.dropFirst(lesson.solutionsFolder.count + 1))
      guard let text = try? String(contentsOf: course.root.appending(path: path), encoding: .utf8)
      else { throw .missingFolder(path) }
      originals[name] = text
      mutants += MutantMaker.mutants(of: text, file: name)
    }
    try prepareCopy()
    let copy = self.copy.module
    var grading = Grading(course: course, timeLimit: timeLimit, interruption: interruption)
    grading.heldRunLock = lock
    grading.learnersTemporaryFolder = learnersTemporaryFolder
    grading.maxTimeouts = 1  // One hang kills the mutant; waiting for a second proves nothing.

    say(
      "\(lesson.id): \(mutants.count) mutants of \(files.count) files in \(lesson.solutionsFolder)")
    say(style.dim("  grading the unchanged solution first…"))
    let baseline = try grading.grade([lesson], from: self.copy.source).first
    guard let baseline, baseline.isDone else {
      throw .mutantsCannotRun(
        "the solution of \(lesson.id) must compile and pass every test first; "
          + "see ./grade.sh --solutions \(lesson.id).")
    }

    var results: [Result] = []
    let width = String(mutants.count).count
    for (index, mutant) in mutants.enumerated() {
      let clock = Date()
      let original = originals[mutant.file] ?? ""
      let file = copy.appending(path: mutant.file)
      try write(mutant.apply(to: original), to: file)
      defer { try? write(original, to: file) }
      let outcome = try grade(mutant, file: file, edited: clock, grading: grading)
      let justified = outcome == .survived && justifications.contains { $0.covers(mutant) }
      let result = Result(
        mutant: mutant, outcome: outcome, justified: justified,
        seconds: Date().timeIntervalSince(clock))
      results.append(result)
      onResult?(result)
      let number = String(repeating: " ", count: width - String(index + 1).count) + "\(index + 1)"
      say("  [\(number)/\(mutants.count)] \(progressLine(result))")
    }
    // Leave the copy as the solution, so the next run's first build is a small one.
    for (name, text) in originals { try? write(text, to: copy.appending(path: name)) }

    let survivors = results.filter { $0.outcome == .survived }
    if !survivors.isEmpty {
      say("")
      say(style.bold("Survivors (behaviour no test needs):"))
      for result in survivors {
        let mark = result.justified ? style.dim(" (justified)") : ""
        say("  \(survivorLine(result.mutant))\(mark)")
      }
    }
    let unused = justifications.filter { entry in
      !survivors.contains { entry.covers($0.mutant) }
    }
    for entry in unused {
      say(
        style.dim(
          "  note: \(justificationsPath) justifies a survivor that no longer exists: \(entry)"))
    }
    let killed = results.filter { if case .killed = $0.outcome { true } else { false } }.count
    let broken = results.filter { $0.outcome == .notCompiled }.count
    let justified = survivors.filter(\.justified).count
    say("")
    say(
      "Mutants: \(results.count) made, \(killed) killed, \(broken) did not compile, "
        + "\(survivors.count) survived (\(justified) justified)")
    say(style.dim("Took \(Int(Date().timeIntervalSince(started).rounded())) s."))
    if survivors.count > justified {
      say(
        "Each survivor needs a test that fails without that behaviour, or a line in "
          + "\(justificationsPath) that says why no test can see it.")
      return 1
    }
    return 0
  }

  /// `Solutions/<Module>/File.swift:LINE: <what was changed>  │ <the original line>`.
  public func survivorLine(_ mutant: Mutant) -> String {
    let place = "\(lesson.solutionsFolder)/\(mutant.file):\(mutant.line)"
    return "\(place): \(mutant.kind)  │ \(mutant.original.trimmingCharacters(in: .whitespaces))"
  }

  private func progressLine(_ result: Result) -> String {
    let mutant = result.mutant
    let seconds = String(format: "%.1f s", result.seconds)
    let what = "\(mutant.file):\(mutant.line) \(mutant.kind)"
    switch result.outcome {
    case .killed(let test): return "\(what): \(style.pass("killed")) by \(test) (\(seconds))"
    case .notCompiled: return "\(what): \(style.dim("does not compile")) (\(seconds))"
    case .survived:
      let label = result.justified ? "survived, justified" : "SURVIVED"
      return "\(what): \(style.fail(label)) (\(seconds))"
    }
  }

  /// Grades the mutated copy, and makes sure the build compiled the mutated file.
  private func grade(_ mutant: Mutant, file: URL, edited: Date, grading: Grading)
    throws(GraderError) -> Outcome
  {
    for attempt in 1...2 {
      guard let grade = try grading.grade([lesson], from: copy.source).first else {
        return .notCompiled
      }
      guard grade.compiled else { return .notCompiled }
      if !copy.objectsAreNewer(than: edited, for: [mutant.file]) {
        // NB: never seen so far; if the build kept the old object, the grade is of the
        // solution, not of the mutant. Start the module afresh and grade again, once.
        say(style.fail("  note: the build did not recompile \(mutant.file); building it anew"))
        guard attempt == 1 else {
          throw .mutantsCannotRun("the build kept an old object of \(mutant.file).")
        }
        copy.forgetModuleBuild()
        continue
      }
      let failing = grade.tasks.flatMap(\.tests).first { $0.status.isFailure }
      if let failing { return .killed("\"\(failing.name)\" (\(failing.status.rawValue))") }
      if !grade.isDone { return .killed(grade.problem ?? "no test ran") }
      return .survived
    }
    return .notCompiled
  }

  /// Makes the scratch copy the solution, whatever an earlier run left in it.
  private func prepareCopy() throws(GraderError) {
    do {
      try copy.reset()
    } catch let error as GraderError {
      throw error
    } catch {
      throw .mutantsCannotRun(
        "could not copy \(lesson.solutionsFolder): \(error.localizedDescription)")
    }
  }

  private func write(_ text: String, to file: URL) throws(GraderError) {
    do {
      try Data(text.utf8).write(to: file)
    } catch {
      throw .mutantsCannotRun("could not write \(file.path): \(error.localizedDescription)")
    }
  }

  private func readJustifications() throws(GraderError) -> [Justification] {
    let url = course.root.appending(path: justificationsPath)
    guard FileManager.default.fileExists(atPath: url.path) else { return [] }
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
      throw .mutantsCannotRun("could not read \(justificationsPath)")
    }
    let (entries, problems) = Justification.parse(text)
    if let problem = problems.first {
      throw .mutantsCannotRun("\(justificationsPath):\(problem)")
    }
    return entries
  }
}

/// A survivor the maintainers accept: one line of `Variants/<Module>/mutants.txt`.
///
/// ```
/// # File.swift | the original line, trimmed | mutation | why no test can see it
/// Container.swift | guard left != 0 else { return 0 } | delete line | only a shortcut
/// ```
///
/// Lines starting with `#` and blank lines are ignored. An entry is found by the file, the
/// line's text and the mutation, never by line number, so edits elsewhere do not break it;
/// it covers every mutant of that kind on every line with that text. The line's text may
/// contain ` | `; the mutation and the reason may not.
public struct Justification: Sendable, Equatable, CustomStringConvertible {
  /// The file, relative to the module folder.
  public var file: String
  /// The original line, trimmed.
  public var line: String
  public var kind: MutationKind
  public var reason: String

  public var description: String { "\(file) | \(line) | \(kind) | \(reason)" }

  /// Whether this entry accepts `mutant`.
  public func covers(_ mutant: Mutant) -> Bool {
    mutant.file == file && mutant.kind == kind
      && mutant.original.trimmingCharacters(in: .whitespaces) == line
  }

  /// Reads a `mutants.txt`.
  ///
  /// - Returns: The entries, and a problem (`LINE: what is wrong`) for each line that is
  ///   not an entry.
  public static func parse(_ text: String) -> (entries: [Justification], problems: [String]) {
    var entries: [Justification] = []
    var problems: [String] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      let parts = line.components(separatedBy: " | ").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard parts.count >= 4, let kind = MutationKind(parts[parts.count - 2]) else {
        problems.append(
          "\(index + 1): expected `File.swift | <line> | <mutation> | <reason>`, "
            + "the mutation being `delete line` or like `== → !=`")
        continue
      }
      let code = parts[1..<(parts.count - 2)].joined(separator: " | ")
      guard !parts[0].isEmpty, !code.isEmpty, !parts[parts.count - 1].isEmpty else {
        problems.append("\(index + 1): a file, a line, a mutation and a reason, none empty")
        continue
      }
      entries.append(
        Justification(file: parts[0], line: code, kind: kind, reason: parts[parts.count - 1]))
    }
    return (entries, problems)
  }
}
