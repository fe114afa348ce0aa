import Foundation

/// Colour for a terminal, plain text for a pipe, `NO_COLOR` or `TERM=dumb`.
public struct Style: Sendable {
  public var colour: Bool

  public init(colour: Bool) { self.colour = colour }

  /// Decides from the environment and whether standard output is a terminal.
  public static func detect(_ surroundings: Surroundings) -> Style {
    Style(
      colour: surroundings.outputIsTerminal && surroundings.variables["NO_COLOR"] == nil
        && surroundings.terminalCanRewrite)
  }

  func paint(_ text: String, _ code: String) -> String {
    colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
  package func pass(_ text: String) -> String { paint(text, "32") }
  package func fail(_ text: String) -> String { paint(text, "31") }
  package func dim(_ text: String) -> String { paint(text, "2") }
  package func bold(_ text: String) -> String { paint(text, "1") }
}

/// One line on standard error that shows what the grader is doing and is rewritten in place;
/// only on a terminal, so that logs and pipes stay clean.
public struct ProgressLine: Sendable {
  let enabled: Bool

  /// Shown only when standard error is a terminal that can rewrite a line.
  public init(_ surroundings: Surroundings) {
    enabled = surroundings.errorIsTerminal && surroundings.terminalCanRewrite
  }

  /// Shows `text`, cut to fit a narrow terminal.
  public func show(_ text: String) {
    guard enabled else { return }
    let line = text.count > 76 ? String(text.prefix(75)) + "…" : text
    FileHandle.standardError.write(Data("\r\u{1B}[K  \(line)".utf8))
  }

  /// Removes the line.
  public func clear() {
    guard enabled else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}

/// Turns grades into the text the learner reads.
public struct Report {
  public var style: Style
  /// The kata's root, to look for `TODO: Task N` comments; without it, no file is named.
  public var root: URL?
  /// How many failing tests get their full explanation; the rest get one line each.
  public var detailedFailures = 6
  /// How many of the lines a failing test printed are shown under it.
  public var printedLines = 8

  public init(style: Style, root: URL? = nil) {
    self.style = style
    self.root = root
  }

  /// The detailed report of one lesson: every task with its tests, and for the failing
  /// tests the learner's message, what Swift Testing saw, where, and what to read.
  ///
  /// Every failing test of the first unfinished task is explained, and the first failing
  /// test of every other task; past that, explanations stop at `detailedFailures`, so the
  /// report stays about the next thing to do.
  public func detailed(_ grade: LessonGrade) -> String {
    var lines = [style.bold(grade.lesson.title)]
    if let errors = grade.compileErrors {
      lines.append(
        grade.refused
          ? style.fail("  ✗ Not graded.") + " The grader will not grade it as it is:"
          : style.fail("  ✗ Does not compile.") + " Fix these first:")
      lines += compileLines(errors, limit: 8)
      return lines.joined(separator: "\n")
    }
    if let problem = grade.problem {
      lines.append(style.fail("  ✗ ") + problem)
    }
    for note in grade.notes { lines.append(style.dim("  ! ") + note) }
    let text = grade.lesson.textPath.map { LessonText(path: $0, markdown: "") }
    let firstOpen = grade.tasks.firstIndex { !$0.isDone }
    var explained = 0
    var unexplained = 0
    // The note of tests that did not run after hangs is the same for each: said once.
    var lastNote: String?
    for (index, task) in grade.tasks.enumerated() {
      let mark = task.isDone ? style.pass("✓") : style.fail("✗")
      let count = style.dim("\(task.passedCount)/\(task.tests.count)")
      lines.append("  \(mark) \(task.title)  \(count)")
      var taskExplained = false
      for test in task.tests {
        lines.append("      " + testLine(test))
        guard test.status.isFailure else { continue }
        if test.failures.isEmpty, test.note != nil, test.note == lastNote { continue }
        if index == firstOpen || explained < detailedFailures || !taskExplained {
          taskExplained = true
          explained += 1
          lines += explanation(of: test)
          lastNote = test.note
        } else {
          unexplained += 1
        }
      }
      if !task.isDone, let text, task.title.hasPrefix("Task ") {
        lines.append("      " + style.dim("Read: \(text.link(toHeading: task.title))"))
      }
    }
    if unexplained > 0 {
      let tests = unexplained == 1 ? "test" : "tests"
      let their = unexplained == 1 ? "its message" : "their messages"
      lines.append(
        style.dim(
          "  (\(unexplained) more failing \(tests) listed above without \(their); "
            + "fix the explained ones first)"))
    }
    return lines.joined(separator: "\n")
  }

  /// The course at a glance: each lesson's title, its tasks done out of its total with a
  /// progress bar, and whether it is started.
  func overview(_ grades: [LessonGrade], checksums: Checksums?, source: CodeSource) -> String {
    let width = grades.map(\.lesson.title.count).max() ?? 0
    return grades.map { grade in
      let untouched = source == .exercises && (checksums?.isUntouchedStarter(grade.lesson) ?? false)
      return overviewLine(grade, titleWidth: width, notStarted: untouched)
    }.joined(separator: "\n")
  }

  /// One line for a lesson in the course overview.
  func overviewLine(_ grade: LessonGrade, titleWidth: Int, notStarted: Bool) -> String {
    let title = grade.lesson.title.padding(toLength: titleWidth, withPad: " ", startingAt: 0)
    guard grade.compiled else {
      let first = grade.compileErrors?.first.map { style.dim(" \($0)") } ?? ""
      let what = grade.refused ? "not graded" : "does not compile"
      return "  \(style.fail("✗")) \(title)  \(bar(0, of: 1))  \(what)\(first)"
    }
    let mark =
      grade.isDone
      ? style.pass("✓") : notStarted || grade.notStarted ? style.dim("·") : style.fail("✗")
    let tasks = "\(grade.doneTasks)/\(grade.tasks.count) tasks"
    let progress =
      "  \(mark) \(title)  \(bar(grade.doneTasks, of: grade.tasks.count))  \(tasks.leftPadded(to: 9))"
    if grade.notStarted {
      // Not run: no test count to show, only the word, in the column the others use.
      return progress + "  " + String(repeating: " ", count: 11) + "  " + style.dim("not started")
    }
    let total = grade.passedCount + grade.failedCount
    let tests = "\(grade.passedCount)/\(total) tests"
    // An untouched starter's passing tests guard behaviour to keep; they are shown, since the
    // Total line counts them, with a word that says no work was done yet.
    let counted = progress + "  " + tests.leftPadded(to: 11)
    if let problem = grade.problem {
      // What failed the run as a whole, which the next step points at ("named above").
      return counted + "  " + style.dim(Self.firstSentence(of: problem))
    }
    return notStarted ? counted + "  " + style.dim("not started") : counted
  }

  /// The first sentence of `text`, at most 200 characters.
  static func firstSentence(of text: String) -> String {
    let sentence = text.range(of: ". ").map { String(text[..<$0.lowerBound]) + "." } ?? text
    return sentence.count > 200 ? String(sentence.prefix(199)) + "…" : sentence
  }

  /// `[####------]`: tasks done out of all, ten wide.
  func bar(_ done: Int, of total: Int) -> String {
    let filled = total == 0 ? 0 : (done * 10) / total
    let full = String(repeating: "#", count: filled)
    let empty = String(repeating: "-", count: 10 - filled)
    return "[" + style.pass(full) + style.dim(empty) + "]"
  }

  /// What to do next (lesson, task and file), or `nil` when every graded lesson is done.
  ///
  /// - Parameter watching: Under `--watch`, saving is what grades again, not a command.
  public func nextStep(_ grades: [LessonGrade], source: CodeSource, watching: Bool = false)
    -> String?
  {
    // A lesson in progress comes before one not started: a learner may have skipped one.
    let open = grades.filter { !$0.isDone }
    guard let grade = open.first(where: { !$0.notStarted }) ?? open.first else { return nil }
    let folder = source.folder(of: grade.lesson)
    let id = grade.lesson.id
    let again =
      watching
      ? "save to grade again."
      : grade.notStarted ? "then run ./grade.sh \(id)." : "run ./grade.sh \(id) again."
    if grade.refused {
      return "Next: fix what stops \(id) from being built (above), \(again)"
    }
    if !grade.compiled {
      let errors = grade.compileErrors ?? []
      if let own = errors.compactMap(\.location?.file).first(where: { !$0.hasPrefix("Tests/") }) {
        return "Next: make \(id) compile (start with \(own)), \(again)"
      }
      if errors.contains(where: { $0.location?.file.hasPrefix("Tests/") == true }) {
        return
          "Next: the tests no longer compile against your code. Keep the declarations the starter "
          + "had (protocols, types, make… functions) with their names and signatures in \(folder)/, "
          + "\(again) Do not edit Tests/."
      }
      return "Next: make \(id) compile, \(again)"
    }
    // A task none of whose tests ran, with the tests edited: its tests are what to restore,
    // not the learner's code (the newcomer pass of session 16: a test file deleted).
    if !grade.editedTests.isEmpty,
      let task = grade.tasks.first(where: { !$0.isDone }),
      task.tests.allSatisfy({ $0.status == .notRun })
    {
      return Self.putTestsBack(again, "No test of \(task.title) ran: its tests are not as shipped.")
    }
    guard let task = grade.tasks.first(where: { !$0.isDone }) else {
      if grade.problem != nil {
        if grade.tasks.allSatisfy(\.tests.isEmpty) {
          return "Next: no test of \(id) could run: fix what is named above, \(again)"
        }
        return "Next: every test of \(id) passes, but the run as a whole failed: fix what is "
          + "named above, \(again)"
      }
      if !grade.editedTests.isEmpty {
        return Self.putTestsBack(again, "Every test passes, but against an edited specification.")
      }
      if !grade.editedUntasked.isEmpty {
        return "Next: put back the files no task asks you to change (git checkout -- "
          + "\(grade.editedUntasked.joined(separator: " "))), \(again) Every test passes, but "
          + "the tests rely on those files."
      }
      return "Next: ./grade.sh \(id)"
    }
    // A crash or a hang stops the tests after it: it comes first, wherever it is.
    for stopping in grade.tasks {
      guard let test = stopping.tests.first(where: { [.crashed, .timedOut].contains($0.status) })
      else { continue }
      let what =
        test.status == .crashed
        ? "crashed in \"\(test.name)\" (above, with where)"
        : "did not finish \"\(test.name)\" (above: a deadlock or an endless loop?)"
      return "Next: \(id), \(stopping.title): your code \(what), and tests after it may not "
        + "have run. Fix that first, \(again)"
    }
    let files = Grading.taskNumber(task.title).map { todoFiles(in: folder, task: $0) } ?? []
    let place: String
    switch files.count {
    case 0: place = "The code is in \(folder)/"
    case 1: place = "Its TODO is in \(files[0])"
    default:
      let names = files.map { String($0.split(separator: "/").last ?? Substring($0)) }
      place =
        "Its TODOs are in \(folder)/: \(names.dropLast().joined(separator: ", ")) and \(names[names.count - 1])"
    }
    return "Next: \(id), \(task.title). \(place); \(again)"
  }

  /// `Next:` when the tests are what to restore: how, `again`, and `why`.
  private static func putTestsBack(_ again: String, _ why: String) -> String {
    "Next: put the shipped tests back (git checkout -- Tests Package.swift; `git status Tests` "
      + "shows files you added), \(again) \(why)"
  }

  /// The files of `folder` with a `TODO: Task N` comment (or `TODO: Tasks 1–3` naming N),
  /// relative to the root, sorted.
  func todoFiles(in folder: String, task: Int) -> [String] {
    var files: [String] = []
    for todo in todos(in: folder) where todo.tasks.contains(task) && files.last != todo.file {
      files.append(todo.file)
    }
    return files
  }

  /// Every `TODO: Task N` (or `TODO: Tasks N–M`) comment in `folder`, file by file in order:
  /// its file relative to the root, its line number, the tasks it names, and the comment.
  private func todos(in folder: String) -> [Todo] {
    guard let root else { return [] }
    return SwiftFiles.below([folder], in: root).flatMap { file -> [Todo] in
      let text = (try? String(contentsOf: root.appending(path: file), encoding: .utf8)) ?? ""
      return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
        .compactMap { index, line -> Todo? in
          guard let tasks = Self.todoTasks(in: line), let range = line.range(of: "TODO: Task")
          else { return nil }
          return Todo(file: file, line: index + 1, tasks: tasks, comment: line[range.lowerBound...])
        }
    }
  }

  /// One `TODO: Task` comment: where, which tasks, and its text from `TODO` on.
  private struct Todo {
    var file: String
    var line: Int
    var tasks: ClosedRange<Int>
    var comment: Substring
  }

  /// The tasks a `TODO: Task N` or `TODO: Tasks N–M` comment in `line` names; `nil` when
  /// the line has none.
  static func todoTasks(in line: Substring) -> ClosedRange<Int>? {
    guard let match = line.firstMatch(of: /TODO: Tasks? (\d+)(?:\s*[–-]\s*(\d+))?/),
      let first = Int(match.output.1)
    else { return nil }
    let last = match.output.2.flatMap { Int($0) } ?? first
    return first...max(first, last)
  }

  /// What the lesson text's searches for smells no test can see (``SmellSearch``) still find
  /// in `folder`, as `file:line: the line`, each line once even when two searches find it.
  func smellLines(in folder: String, of lesson: Lesson) -> [String] {
    guard let root, let path = lesson.textPath, let text = LessonText(root: root, path: path)
    else { return [] }
    var listed: Set<String> = []
    return text.searches.flatMap { $0.hits(in: folder, root: root) }.filter {
      listed.insert($0).inserted
    }
  }

  /// Every `TODO: Task N` (or `TODO: Tasks N–M`) comment left in `folder`, as
  /// `file:line: the comment`.
  func todoLines(in folder: String) -> [String] {
    todos(in: folder).map { "\($0.file):\($0.line): \($0.comment)" }
  }

  /// The lines that end every grading run, whether started by hand or by `--watch`: a
  /// warning about edited tests (and starter files no task asks to change), what to do next
  /// (or that all is done), and the Total line.
  func closing(
    _ grades: [LessonGrade], source: CodeSource, editedTests: [String],
    editedUntasked: [ChangedFile] = [], watching: Bool = false
  ) -> [String] {
    var lines: [String] = []
    if editedTests.contains(Checksums.manifestPath) {
      lines += [
        "",
        style.fail("Not built from your code? ")
          + "Package.swift differs from the one the kata ships.",
        "It decides what is built and tested, so this grade may not be of your code alone.",
        "Restore it with: git checkout -- Package.swift",
      ]
    }
    let tests = editedTests.filter { $0 != Checksums.manifestPath }
    if !tests.isEmpty {
      lines += [
        "", style.fail("Warning: ") + "these test files differ from the ones the kata ships:",
      ]
      lines += tests.prefix(8).map { "  \($0)" }
      lines += [
        "The tests are the specification: a lesson graded against edited tests is not done, "
          + "whatever passed.",
        "Restore them with: git checkout -- Tests/",
      ]
    }
    if !editedUntasked.isEmpty {
      lines += [
        "",
        style.fail("Warning: ") + "you changed files that no task asks you to change "
          + "(the reference solution leaves them as shipped):",
      ]
      lines += editedUntasked.prefix(8).map { "  \($0)" }
      lines += [
        "The tests rely on them (the lesson's stand-ins for the network or a vendor's SDK, its "
          + "live objects, its models), so a lesson graded with one changed is not done, "
          + "whatever passed. Code added before or after theirs, or their code moved whole "
          + "into another file, is fine; a line of theirs changed or removed, or one put among "
          + "theirs, is not.",
        "See what changed with: git diff -- " + editedUntasked[0].path
          + " (once committed, compare with its copy in Solutions/, which is the same as shipped)",
      ]
    }
    lines.append("")
    if let next = nextStep(grades, source: source, watching: watching) {
      lines.append(next)
    } else if source == .solutions {
      lines.append(style.pass("The reference solutions pass every test."))
    } else {
      // A workshop may delete Solutions/ and hand the solutions out later.
      let solutions = grades.allSatisfy { grade in
        root.map {
          RegularFile.kind(atPath: $0.appending(path: grade.lesson.solutionsFolder).path) == .folder
        } ?? true
      }
      lines.append(
        style.pass(grades.count == 1 ? "Lesson done. " : "All done. ")
          + (solutions ? "Compare with Solutions/ and answer" : "Answer")
          + " \"Check yourself\" at the end of "
          + (grades.count == 1 ? "the lesson." : "each lesson."))
      // What the tests cannot see (a global left behind, a live default) is marked in the
      // starter with a TODO; one still there is worth a look, even with every test green.
      let left = grades.flatMap { todoLines(in: source.folder(of: $0.lesson)) }
      if !left.isEmpty {
        lines.append(
          "Still marked TODO (some of what a TODO asks, no test can see; finish or delete them):")
        lines += left.prefix(5).map { "  " + style.dim($0) }
        if left.count > 5 { lines.append(style.dim("  … and \(left.count - 5) more")) }
      }
      let found = grades.flatMap { smellLines(in: source.folder(of: $0.lesson), of: $0.lesson) }
      if !found.isEmpty {
        lines.append(
          "No test can see these, and the lesson asks you to search for them (see its text):")
        lines += found.prefix(5).map { "  " + style.dim($0) }
        if found.count > 5 { lines.append(style.dim("  … and \(found.count - 5) more")) }
      }
    }
    let notRun = grades.filter(\.notStarted).map(\.lesson.id)
    if !notRun.isEmpty {
      let others = notRun.count < grades.count ? " The Total counts the lessons tested." : ""
      lines.append(
        style.dim(
          "Not tested, since not started (a starter fails every task by design): "
            + "\(notRun.joined(separator: ", ")).\(others)"))
    }
    lines.append(Self.totalLine(passed: grades.passedCount, failed: grades.failedCount))
    return lines
  }

  /// The closing line of every grading run.
  public static func totalLine(passed: Int, failed: Int) -> String {
    "Total: \(passed) passed, \(failed) failed"
  }

  func compileLines(_ errors: [Diagnostic], limit: Int) -> [String] {
    var lines = errors.prefix(limit).map { "      " + style.fail($0.description) }
    if errors.count > limit { lines.append(style.dim("      … and \(errors.count - limit) more")) }
    if errors.contains(where: { $0.location?.file.hasPrefix("Tests/") == true }) {
      lines.append(
        "      " + style.dim("Errors in Tests/ mean the tests no longer match your code: keep the")
      )
      lines.append(
        "      " + style.dim("starter's protocols and harness functions as they were declared."))
    }
    return lines
  }

  private func testLine(_ test: TestResult) -> String {
    switch test.status {
    case .passed: return style.pass("✓ ") + test.name
    case .skipped: return style.fail("✗ ") + test.name + style.fail("  [skipped]")
    case .cancelled: return style.fail("✗ ") + test.name + style.fail("  [cancelled]")
    case .failed: return style.fail("✗ ") + test.name
    case .crashed: return style.fail("✗ ") + test.name + style.fail("  [crashed]")
    case .timedOut: return style.fail("✗ ") + test.name + style.fail("  [timed out]")
    case .exitedEarly: return style.fail("✗ ") + test.name + style.fail("  [process exited]")
    case .notRun: return style.fail("✗ ") + test.name + style.fail("  [did not run]")
    }
  }

  /// The first issue of a failing test: later ones usually follow from it.
  private func explanation(of test: TestResult) -> [String] {
    let indent = "          "
    var lines: [String] = []
    if let note = test.note { lines.append(indent + note) }
    guard let failure = test.failures.first else {
      if test.note == nil { lines.append(indent + style.dim("at \(test.location)")) }
      return lines + printedLines(of: test, indent: indent)
    }
    // A message may quote what the learner's code returned: its control characters go too.
    for comment in failure.comments {
      lines += comment.split(separator: "\n", omittingEmptySubsequences: false).map {
        indent + (ProgramOutput.withoutEscapes($0) ?? "")
      }
    }
    // The specification's message says what was seen and what was expected; Swift Testing's
    // dump of the expression (`Expectation failed: (outcome → timedOut).value → nil`) is shown
    // only when there is no message (and in --json and --junit, always).
    if failure.comments.isEmpty {
      let summary = ProgramOutput.withoutEscapes(Substring(failure.summary)) ?? ""
      lines.append(indent + style.dim(Self.shortened(String(summary))))
    }
    var place = failure.location.map { "at \($0)" } ?? "at \(test.location)"
    if test.failures.count > 1 {
      let more = test.failures.count - 1
      place += more == 1 ? "  (and 1 more issue)" : "  (and \(more) more issues)"
    }
    lines.append(indent + style.dim(place))
    lines += printedLines(of: test, indent: indent)
    return lines
  }
}

extension Collection<LessonGrade> {
  /// The tests passed across these lessons.
  var passedCount: Int { reduce(0) { $0 + $1.passedCount } }
  /// The tests failed across these lessons (a lesson that did not compile counts them all).
  var failedCount: Int { reduce(0) { $0 + $1.failedCount } }
}

extension Report {
  /// What the test printed, its last few lines.
  func printedLines(of test: TestResult, indent: String) -> [String] {
    guard !test.printed.isEmpty else { return [] }
    let cut = test.printed.first?.hasPrefix(TestResult.cutNotice) == true
    let lines = cut ? Array(test.printed.dropFirst()) : test.printed
    let shown = lines.suffix(printedLines)
    if (cut && shown.isEmpty) || test.printed == [TestResult.restCutNotice] {
      return [
        indent
          + style.dim(
            "What it printed, if anything, fell in the part of the run's output the grader left "
              + "out (the run printed more than it keeps).")
      ]
    }
    let restCut = lines.last == TestResult.restCutNotice
    let heading =
      cut && restCut
      ? "It printed more than the grader keeps; lines from before the part left out:"
      : cut
        ? "It printed more than the grader keeps (earlier lines left out); its last \(shown.count) lines:"
        : shown.count < lines.count
          ? "It printed \(lines.count) lines; the last \(shown.count):" : "It printed:"
    return [indent + style.dim(heading)]
      + shown.map { indent + "  " + Self.shortened($0, limit: 200) }
  }

  /// At most `limit` characters: an expectation over a large collection prints all of it,
  /// and one line of fifteen thousand characters buries the sentence above it.
  static func shortened(_ text: String, limit: Int = 400) -> String {
    guard text.count > limit else { return text }
    return String(text.prefix(limit)) + " … (\(text.count - limit) more characters)"
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

/// Prints a line and flushes it at once, so a learner (or a CI log) sees progress as it
/// happens even when standard output is a pipe.
package func say(_ line: String) {
  print(line)
  fflush(nil)
}
