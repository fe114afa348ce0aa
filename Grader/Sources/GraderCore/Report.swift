import Foundation

/// Colour for a terminal, plain text for a pipe, `NO_COLOR` or `TERM=dumb`.
public struct Style: Sendable {
  public var colour: Bool

  public init(colour: Bool) { self.colour = colour }

  /// Decides from the environment and whether standard output is a terminal.
  public static func detect() -> Style {
    let env = ProcessInfo.processInfo.environment
    let wanted = isatty(STDOUT_FILENO) == 1 && env["NO_COLOR"] == nil && env["TERM"] != "dumb"
    return Style(colour: wanted)
  }

  func paint(_ text: String, _ code: String) -> String {
    colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
  func pass(_ text: String) -> String { paint(text, "32") }
  func fail(_ text: String) -> String { paint(text, "31") }
  func dim(_ text: String) -> String { paint(text, "2") }
  func bold(_ text: String) -> String { paint(text, "1") }
}

/// Turns grades into the text the learner reads.
public struct Report {
  public var style: Style
  /// How many failing tests get their full explanation; the rest get one line each.
  public var detailedFailures = 12

  public init(style: Style) { self.style = style }

  /// The detailed report of one lesson: every task with its tests, and for each failing test
  /// the learner's message, what Swift Testing saw, where, and what to read.
  public func detailed(_ grade: LessonGrade) -> String {
    var lines = [style.bold(grade.lesson.title)]
    if let errors = grade.compileErrors {
      lines.append(style.fail("  ✗ Does not compile.") + " Fix these first:")
      lines += compileLines(errors, limit: 8)
      return lines.joined(separator: "\n")
    }
    if let problem = grade.problem {
      lines.append(style.fail("  ✗ ") + problem)
    }
    let text = grade.lesson.textPath.map { LessonText(path: $0, markdown: "") }
    var explained = 0
    for task in grade.tasks {
      let mark = task.isDone ? style.pass("✓") : style.fail("✗")
      let count = style.dim("\(task.passedCount)/\(task.tests.count)")
      lines.append("  \(mark) \(task.title)  \(count)")
      for test in task.tests {
        lines.append("      " + testLine(test))
        guard test.status.isFailure else { continue }
        explained += 1
        if explained <= detailedFailures { lines += explanation(of: test) }
      }
      if !task.isDone, let text, task.title.hasPrefix("Task ") {
        lines.append("      " + style.dim("Read: \(text.link(toHeading: task.title))"))
      }
    }
    if explained > detailedFailures {
      lines.append(
        style.dim("  (\(explained - detailedFailures) more failing tests; fix the ones above first)"))
    }
    return lines.joined(separator: "\n")
  }

  /// One line for a lesson in the course overview.
  public func overviewLine(_ grade: LessonGrade, titleWidth: Int) -> String {
    let title = grade.lesson.title.padding(toLength: titleWidth, withPad: " ", startingAt: 0)
    guard grade.compiled else {
      let first = grade.compileErrors?.first.map { style.dim(" \($0)") } ?? ""
      return "  \(style.fail("✗")) \(title)  does not compile\(first)"
    }
    let mark = grade.isDone ? style.pass("✓") : style.fail("✗")
    let tasks = "\(grade.doneTasks)/\(grade.tasks.count) tasks"
    let total = grade.passedCount + grade.failedCount
    let tests = "\(grade.passedCount)/\(total) tests"
    return "  \(mark) \(title)  \(tasks.leftPadded(to: 10))  \(tests.leftPadded(to: 11))"
  }

  /// What to do next, or `nil` when every graded lesson is done.
  public func nextStep(_ grades: [LessonGrade], source: CodeSource) -> String? {
    guard let grade = grades.first(where: { !$0.isDone }) else { return nil }
    let folder = source.folder(of: grade.lesson)
    if !grade.compiled {
      return "Next: make \(folder) compile, then run ./grade.sh \(grade.lesson.id) again."
    }
    let task = grade.tasks.first { !$0.isDone }?.title
    let what = task.map { "\(grade.lesson.id), \($0)" } ?? grade.lesson.id
    return "Next: \(what). Edit \(folder)/ and run ./grade.sh \(grade.lesson.id) again."
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
    case .skipped: return style.dim("- \(test.name) (skipped)")
    case .failed: return style.fail("✗ ") + test.name
    case .crashed: return style.fail("✗ ") + test.name + style.fail("  [crashed]")
    case .timedOut: return style.fail("✗ ") + test.name + style.fail("  [timed out]")
    case .exitedEarly: return style.fail("✗ ") + test.name + style.fail("  [process exited]")
    case .notRun: return style.fail("✗ ") + test.name + style.fail("  [did not run]")
    }
  }

  private func explanation(of test: TestResult) -> [String] {
    let indent = "          "
    var lines: [String] = []
    if let note = test.note { lines.append(indent + note) }
    for failure in test.failures.prefix(3) {
      for comment in failure.comments {
        lines += comment.split(separator: "\n").map { indent + $0 }
      }
      lines.append(indent + style.dim(failure.summary))
      if let location = failure.location { lines.append(indent + style.dim("at \(location)")) }
    }
    if test.failures.count > 3 {
      lines.append(indent + style.dim("… and \(test.failures.count - 3) more issues in this test"))
    }
    if test.failures.isEmpty && test.note == nil {
      lines.append(indent + style.dim("at \(test.location)"))
    }
    return lines
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

/// Prints a line and flushes it at once, so a learner (or a CI log) sees progress as it
/// happens even when standard output is a pipe.
func say(_ line: String) {
  print(line)
  fflush(nil)
}
