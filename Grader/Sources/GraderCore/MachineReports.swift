import Foundation

/// The grade as one JSON document, for tools and dashboards (`--json`).
///
/// Each lesson has the shape of Exercism's `results.json`, version 3 (`version`, `status`
/// pass/fail/error, `message`, `tests` with `name`, `status`, `message`, `output`,
/// `task_id`), with the lesson's `id` and `title` beside it; the document adds the totals.
/// `Grader/results.schema.json` describes it.
///
/// Source: Exercism, "Test Runner Interface", docs/building/tooling/test-runners/interface.md.
public struct JSONReport: Encodable, Sendable {
  public var passed: Int
  public var failed: Int
  public var lessons: [LessonResults]
  /// Test files that differ from the shipped ones: a grade against them means little.
  public var editedTests: [String] = []
  /// Starter files that no task asks to change and that differ from the shipped ones (see
  /// ``LessonGrade/editedUntasked``): the tests rely on them, so no lesson of theirs is done.
  public var editedUntasked: [String] = []

  enum CodingKeys: String, CodingKey {
    case passed, failed, lessons
    case editedTests = "edited_tests"
    case editedUntasked = "edited_untasked_files"
  }

  /// One lesson in Exercism's results.json v3 shape.
  public struct LessonResults: Encodable, Sendable {
    public var id: String
    public var title: String
    public var version = 3
    /// `pass` every test passed, `fail` some failed, `error` the lesson did not compile, ran no
    /// test, or failed outside every test (``LessonGrade/problem``).
    public var status: String
    /// Why the status is `error` (the compiler errors); `nil` otherwise.
    public var message: String?
    public var tests: [TestEntry]
  }

  /// One test, as Exercism's v3 `tests` entries.
  public struct TestEntry: Encodable, Sendable {
    /// The task and the test: `Task 2 — Inject the clock: Greeting uses the injected clock`.
    public var name: String
    /// `pass`, `fail` (an expectation failed) or `error` (any other ending: see `outcome`).
    public var status: String
    /// How the test ended, one word per way: `passed`, `failed`, `crashed`, `timedOut`,
    /// `exitedEarly`, `cancelled`, `notRun` or `skipped` (beyond Exercism's three statuses).
    public var outcome: String
    public var message: String?
    /// What the code printed while the test ran, at most 500 characters (Exercism's limit).
    public var output: String?
    /// The task's number, from its suite `Task N — …`.
    public var taskID: Int?

    enum CodingKeys: String, CodingKey {
      case name, status, message, output, outcome
      case taskID = "task_id"
    }
  }

  /// Builds the document from grades.
  public init(grades: [LessonGrade]) {
    passed = grades.passedCount
    failed = grades.failedCount
    lessons = grades.map { grade in
      if let errors = grade.compileErrors {
        return LessonResults(
          id: grade.lesson.id, title: grade.lesson.title, status: "error",
          message: (grade.refused ? "Not graded:\n" : "Does not compile:\n")
            + errors.map(\.description).joined(separator: "\n"),
          tests: [])
      }
      let tests = grade.tasks.flatMap { task in
        task.tests.map { test in
          TestEntry(
            name: "\(task.title): \(test.name)", status: Self.status(test.status),
            outcome: test.status.rawValue,
            message: test.status.isFailure ? Self.message(test) : nil,
            output: Self.output(test),
            taskID: Grading.taskNumber(task.title))
        }
      }
      let status = grade.problem != nil ? "error" : grade.isDone ? "pass" : "fail"
      return LessonResults(
        id: grade.lesson.id, title: grade.lesson.title, status: status,
        message: grade.problem ?? grade.editedNotice, tests: tests)
    }
  }

  /// Pretty-printed, keys sorted, so that runs compare line by line.
  public func encoded() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  static func output(_ test: TestResult) -> String? {
    guard !test.printed.isEmpty else { return nil }
    let text = test.printed.joined(separator: "\n")
    // The end is what led to the failure: keep it, and say that the start is missing.
    return text.count <= 500 ? text : "… (output truncated)\n" + String(text.suffix(478))
  }

  static func status(_ status: TestStatus) -> String {
    switch status {
    case .passed: return "pass"
    case .failed: return "fail"
    case .crashed, .timedOut, .exitedEarly, .cancelled, .notRun, .skipped: return "error"
    }
  }

  /// The learner's message, what Swift Testing saw, and where; or the crash/hang note.
  static func message(_ test: TestResult) -> String {
    var lines: [String] = test.note.map { [$0] } ?? []
    for failure in test.failures {
      lines += failure.comments
      let summary = Report.shortened(failure.summary, limit: 2000)
      lines.append(summary + (failure.location.map { " (at \($0))" } ?? ""))
    }
    return lines.joined(separator: "\n")
  }
}

/// The grade as JUnit XML, the format CI dashboards read (`--junit FILE`): one `testsuite`
/// per lesson, one `testcase` per test, named `Task N — …` / test.
public enum JUnitReport {
  /// The lesson's own error cases: it did not compile, it was graded against edits, or its
  /// run as a whole failed.
  static func lessonErrors(_ grade: LessonGrade) -> Int {
    (grade.compiled ? 0 : 1) + (grade.editedNotice == nil ? 0 : 1)
      + (grade.compiled && grade.problem != nil ? 1 : 0)
  }

  /// The XML document for `grades`; edited test files, and changed starter files no task asks
  /// to change, are named in properties, so that a dashboard can tell a learner's green from a
  /// green bought by changing what the tests rely on.
  public static func xml(
    for grades: [LessonGrade], editedTests: [String] = [], editedUntasked: [String] = []
  ) -> String {
    let tests = grades.passedCount + grades.failedCount
    let failures = grades.failedCount
    // The root sums its suites' errors too: a dashboard that reads only the root sees a lesson
    // that is not done although no test failed (edited tests, a failed run as a whole).
    let errors = grades.map(lessonErrors).reduce(0, +)
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml +=
      "<testsuites name=\"Dependency Injection kata\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
    let properties = [("edited-tests", editedTests), ("edited-untasked-files", editedUntasked)]
      .filter { !$0.1.isEmpty }
    if !properties.isEmpty {
      xml += "  <properties>"
      for (name, files) in properties {
        xml += "<property name=\"\(name)\" value=\(quoted(files.joined(separator: " ")))/>"
      }
      xml += "</properties>\n"
    }
    for grade in grades {
      let count = grade.passedCount + grade.failedCount
      let errors = lessonErrors(grade)
      xml +=
        "  <testsuite name=\(quoted("\(grade.lesson.id) — \(grade.lesson.title)")) tests=\"\(count)\" failures=\"\(grade.compiled ? grade.failedCount : 0)\" errors=\"\(errors)\">\n"
      if let compileErrors = grade.compileErrors {
        let text = compileErrors.map(\.description).joined(separator: "\n")
        xml += "    <testcase classname=\(quoted(grade.lesson.id)) name=\"compiles\">\n"
        let what = grade.refused ? "Not graded" : "Does not compile"
        xml += "      <error message=\"\(what)\">\(escaped(text))</error>\n"
        xml += "    </testcase>\n"
      }
      // A problem with the run as a whole (no test ran, an issue outside any test, a crash
      // after the last test) is no test's: the lesson's own test case carries it.
      if grade.compiled, let problem = grade.problem {
        xml += "    <testcase classname=\(quoted(grade.lesson.id)) name=\"the run as a whole\">\n"
        xml += "      <error message=\"Not done\">\(escaped(problem))</error>\n"
        xml += "    </testcase>\n"
      }
      if let notice = grade.editedNotice {
        xml += "    <testcase classname=\(quoted(grade.lesson.id)) name=\"tests as shipped\">\n"
        let what = grade.editedTests.isEmpty ? "Edited untasked files" : "Edited tests"
        xml += "      <error message=\"\(what)\">\(escaped(notice))</error>\n"
        xml += "    </testcase>\n"
      }
      for task in grade.tasks {
        for test in task.tests {
          let classname = quoted("\(grade.lesson.id).\(task.title)")
          xml += "    <testcase classname=\(classname) name=\(quoted(test.name))"
          switch test.status {
          case .passed:
            xml += "/>\n"
          case .skipped:
            let message = JSONReport.message(test)
            xml += ">\n      <skipped message=\"skipped\">\(escaped(message))</skipped>\n"
            xml += "    </testcase>\n"
          case .failed:
            let message = JSONReport.message(test)
            let first = test.failures.first?.comments.first ?? test.failures.first?.summary ?? ""
            xml += ">\n      <failure message=\(quoted(first))>\(escaped(message))</failure>\n"
            xml += "    </testcase>\n"
          case .crashed, .timedOut, .exitedEarly, .cancelled, .notRun:
            let message = JSONReport.message(test)
            xml +=
              ">\n      <error message=\(quoted(test.status.rawValue))>\(escaped(message))</error>\n"
            xml += "    </testcase>\n"
          }
        }
      }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }

  /// Text made safe for XML content and attributes: markup escaped, and every character
  /// XML 1.0 forbids (most C0 controls, U+FFFE, U+FFFF) replaced by U+FFFD, so the file
  /// parses whatever bytes the learner's code printed.
  static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      default:
        // XML 1.0's Char: #x20-#xD7FF | #xE000-#xFFFD | #x10000-#x10FFFF (and the three above).
        let allowed =
          (0x20...0xD7FF).contains(scalar.value) || (0xE000...0xFFFD).contains(scalar.value)
          || scalar.value >= 0x10000
        out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
      }
    }
    return out
  }

  static func quoted(_ text: String) -> String { "\"\(escaped(text))\"" }
}
