import Foundation
import Testing

@testable import GraderCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `--json` and `--junit` read back: the JSON against the committed schema, the XML through
/// Foundation's parser.
@Suite struct MachineReportTests {
  @Test("--json matches Grader/Schemas/results.schema.json")
  func jsonMatchesSchema() throws {
    var report = JSONReport(grades: Sample.grades)
    report.editedTests = ["Tests/Lesson01XTests/T.swift"]
    let document = try JSONSerialization.jsonObject(with: Data(report.encoded().utf8))
    #expect((document as? [String: Any])?["edited_tests"] as? [String] == report.editedTests)
    let schema = try JSONSerialization.jsonObject(
      with: Data(contentsOf: kataRoot.appending(path: "Grader/Schemas/results.schema.json")))
    let problems = SchemaCheck.problems(document, against: schema, at: "$")
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test("--json carries Exercism's v3 statuses, messages and task ids")
  func jsonContent() throws {
    let report = JSONReport(grades: Sample.grades)
    #expect(report.passed == 1 && report.failed == 3)
    let first = try #require(report.lessons.first)
    #expect(first.status == "fail" && first.version == 3)
    #expect(first.tests.map(\.status) == ["pass", "fail", "error"])
    #expect(first.tests.map(\.outcome) == ["passed", "failed", "crashed"], "each ending by name")
    #expect(first.tests.map(\.taskID) == [1, 1, 2])
    #expect(first.tests[1].message?.contains("add(2, 3) should be 5.") == true)
    #expect(first.tests[2].message?.contains("Crashed") == true)
    let broken = try #require(report.lessons.last)
    #expect(broken.status == "error" && broken.tests.isEmpty)
    #expect(broken.message?.contains("Exercises/Lesson02X/File.swift:3") == true)
  }

  @Test("An existing file counts as a JUnit report by what it holds, not by its name alone")
  func junitReportByContents() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "junit-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = [
      "report.xml": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"k\">",
      "notes.xml": "my notes, not a report\n",
      "drawing.xml": "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>",
      "report.txt": "<testsuites>",
    ]
    for (name, text) in files { try Data(text.utf8).write(to: folder.appending(path: name)) }
    let reports = files.keys.filter { GraderCommand.isJUnitReport(at: folder.appending(path: $0)) }
    #expect(reports == ["report.xml"])
  }

  @Test("--junit is well-formed XML with one testsuite per lesson")
  func junitParses() throws {
    let xml = JUnitReport.xml(for: Sample.grades, editedTests: ["Tests/Lesson01XTests/T.swift"])
    let counter = ElementCounter()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = counter
    #expect(
      parser.parse(),
      "the JUnit report must parse: \(parser.parserError.map(String.init(describing:)) ?? "")")
    #expect(counter.counts["testsuite"] == 2)
    #expect(counter.counts["testcase"] == 4)
    #expect(counter.counts["failure"] == 1)
    #expect(counter.counts["error"] == 2)
    #expect(counter.attributes.contains("Tests/Lesson01XTests/T.swift"), "edited tests are named")
    #expect(
      counter.attributes.contains("lesson01.Task 1 — Add <&> \"quoted\""),
      "names are escaped and read back")
  }
}

/// Two lessons: one with a pass, a failure and a crash; one that does not compile.
private enum Sample {
  static let grades: [LessonGrade] = {
    let location = Location(file: "Tests/Lesson01XTests/T.swift", line: 6)
    let lesson = Lesson(module: "Lesson01X", number: 1, title: "Lesson 01 — X", textPath: nil)
    let other = Lesson(module: "Lesson02X", number: 2, title: "Lesson 02 — Y", textPath: nil)
    let failure = Failure(
      summary: "Expectation failed: (add(2, 3) → -1) == 5", comments: ["add(2, 3) should be 5."],
      location: location)
    var first = LessonGrade(lesson: lesson, declaredTests: 3)
    first.tasks = [
      TaskGrade(
        title: "Task 1 — Add <&> \"quoted\"",
        tests: [
          TestResult(id: "a", name: "Adds zero", location: location, status: .passed),
          TestResult(
            id: "b", name: "Adds two", location: location, status: .failed, failures: [failure]),
        ], location: location),
      TaskGrade(
        title: "Task 2 — Multiply",
        tests: [
          TestResult(
            id: "c", name: "Multiplies", location: location, status: .crashed,
            note: "Crashed: Index out of range.")
        ], location: location),
    ]
    let error = Diagnostic(
      severity: "error", location: Location(file: "Exercises/Lesson02X/File.swift", line: 3),
      message: "cannot find 'x' in scope")
    let second = LessonGrade(lesson: other, compileErrors: [error], declaredTests: 0)
    return [first, second]
  }()
}

private final class ElementCounter: NSObject, XMLParserDelegate {
  var counts: [String: Int] = [:]
  var attributes: Set<String> = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    counts[elementName, default: 0] += 1
    self.attributes.formUnion(attributes.values)
  }
}

/// The part of JSON Schema the results schema uses: type, required, properties, items, enum,
/// minimum and pattern.
private enum SchemaCheck {
  static func problems(_ value: Any, against schema: Any, at path: String) -> [String] {
    guard let schema = schema as? [String: Any] else { return [] }
    var problems: [String] = []
    switch schema["type"] as? String {
    case "object":
      guard let object = value as? [String: Any] else { return ["\(path) is not an object"] }
      for key in schema["required"] as? [String] ?? [] where object[key] == nil {
        problems.append("\(path).\(key) is missing")
      }
      let properties = schema["properties"] as? [String: Any] ?? [:]
      for (key, child) in object {
        guard let rule = properties[key] else { continue }
        if child is NSNull { continue }
        problems += self.problems(child, against: rule, at: "\(path).\(key)")
      }
    case "array":
      guard let array = value as? [Any] else { return ["\(path) is not an array"] }
      for (index, item) in array.enumerated() {
        problems += self.problems(item, against: schema["items"] ?? [:], at: "\(path)[\(index)]")
      }
    case "string":
      guard let string = value as? String else { return ["\(path) is not a string"] }
      if let allowed = schema["enum"] as? [String], !allowed.contains(string) {
        problems.append("\(path) is \(string), not one of \(allowed)")
      }
      if let pattern = schema["pattern"] as? String,
        (try? Regex(pattern).firstMatch(in: string)) == nil
      {
        problems.append("\(path) does not match \(pattern)")
      }
    case "integer":
      guard let number = value as? Int else { return ["\(path) is not an integer"] }
      if let minimum = schema["minimum"] as? Int, number < minimum {
        problems.append("\(path) is below \(minimum)")
      }
      if let allowed = schema["enum"] as? [Int], !allowed.contains(number) {
        problems.append("\(path) is \(number), not one of \(allowed)")
      }
    default:
      break
    }
    return problems
  }
}

/// The text report's choice of which failures to explain.
@Suite struct DetailedReportTests {
  @Test("Every failing task explains at least one failing test, even past the limit")
  func everyTaskExplainsOne() {
    let location = Location(file: "Tests/Lesson01XTests/T.swift", line: 6)
    func failing(_ id: String) -> TestResult {
      TestResult(
        id: id, name: "Test \(id)", location: location, status: .failed,
        failures: [
          Failure(summary: "Expectation failed", comments: ["why \(id)"], location: location)
        ])
    }
    var grade = LessonGrade(
      lesson: Lesson(module: "Lesson01X", number: 1, title: "Lesson 01 — X", textPath: nil),
      declaredTests: 6)
    grade.tasks = [
      TaskGrade(title: "Task 1 — A", tests: ["a1", "a2", "a3"].map(failing), location: location),
      TaskGrade(title: "Task 2 — B", tests: ["b1", "b2"].map(failing), location: location),
      TaskGrade(title: "Task 3 — C", tests: ["c1"].map(failing), location: location),
    ]
    var report = Report(style: Style(colour: false))
    report.detailedFailures = 3
    let text = report.detailed(grade)
    for explained in ["why a1", "why a2", "why a3", "why b1", "why c1"] {
      #expect(text.contains(explained), "\(explained) should be explained:\n\(text)")
    }
    #expect(!text.contains("why b2"), "past the limit, a task's second failure is only listed")
    #expect(
      text.contains("(1 more failing test listed above without its message"),
      "singular for one:\n\(text)")
  }
  @Test("A failure's message stands alone; the expression dump shows only when there is none")
  func expressionDumpOnlyWithoutMessage() {
    let location = Location(file: "Tests/Lesson01XTests/T.swift", line: 6)
    var grade = LessonGrade(
      lesson: Lesson(module: "Lesson01X", number: 1, title: "Lesson 01 — X", textPath: nil),
      declaredTests: 2)
    let explained = Failure(
      summary: "Expectation failed: (add(2, 3) → -1) == 5", comments: ["add(2, 3) should be 5."],
      location: location)
    let bare = Failure(
      summary: "Expectation failed: (sub(5, 3) → 8) == 2", comments: [], location: location)
    grade.tasks = [
      TaskGrade(
        title: "Task 1 — A",
        tests: [
          TestResult(
            id: "a", name: "Adds", location: location, status: .failed, failures: [explained]),
          TestResult(
            id: "b", name: "Subtracts", location: location, status: .failed, failures: [bare]),
        ], location: location)
    ]
    let text = Report(style: Style(colour: false)).detailed(grade)
    #expect(text.contains("add(2, 3) should be 5."), "\(text)")
    #expect(!text.contains("(add(2, 3) → -1) == 5"), "the message suffices:\n\(text)")
    #expect(text.contains("Expectation failed: (sub(5, 3) → 8) == 2"), "no message:\n\(text)")
  }

  @Test("A done lesson still names the TODO comments left in its exercise")
  func doneLessonNamesLeftoverTodos() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "kata-todo-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appending(path: "Exercises/Lesson01X")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "let a = 1\n// TODO: Task 7 — remove the global.\nlet b = 2\n".write(
      to: folder.appending(path: "App.swift"), atomically: true, encoding: .utf8)
    let location = Location(file: "Tests/Lesson01XTests/T.swift", line: 6)
    var grade = LessonGrade(
      lesson: Lesson(module: "Lesson01X", number: 1, title: "Lesson 01 — X", textPath: nil),
      declaredTests: 1)
    grade.tasks = [
      TaskGrade(
        title: "Task 1 — A",
        tests: [TestResult(id: "a", name: "A", location: location, status: .passed)],
        location: location)
    ]
    let report = Report(style: Style(colour: false), root: root)
    let done = report.closing([grade], source: .exercises, editedTests: []).joined(separator: "\n")
    #expect(done.contains("Lesson done"))
    #expect(
      done.contains("Exercises/Lesson01X/App.swift:2: TODO: Task 7 — remove the global."),
      "the leftover TODO is named with its line:\n\(done)")

    try "let a = 1\n".write(
      to: folder.appending(path: "App.swift"), atomically: true, encoding: .utf8)
    let clean = report.closing([grade], source: .exercises, editedTests: []).joined(separator: "\n")
    #expect(!clean.contains("TODO"), "nothing to say once they are gone:\n\(clean)")

    // A file with Windows line ends: the TODO's own line, and that line alone (break round 5,
    // C15: "\r\n" is one Character, so a split on "\n" saw one line).
    try "let a = 1\r\n// TODO: Task 7 — remove the global.\r\nlet b = 2\r\n".write(
      to: folder.appending(path: "App.swift"), atomically: true, encoding: .utf8)
    let crlf = report.closing([grade], source: .exercises, editedTests: []).joined(separator: "\n")
    #expect(
      crlf.contains("Exercises/Lesson01X/App.swift:2: TODO: Task 7 — remove the global.\n"),
      "\(crlf)")
    #expect(!crlf.contains("let b = 2") && !crlf.contains("\r"), "\(crlf)")

    // A TODO for a range of tasks, as lesson 01's Harness.swift has (newcomer pass, session 15).
    try "let a = 1\n  // TODO: Tasks 1–3 — the test's service never reaches it.\n".write(
      to: folder.appending(path: "App.swift"), atomically: true, encoding: .utf8)
    let range = report.closing([grade], source: .exercises, editedTests: []).joined(separator: "\n")
    #expect(
      range.contains("Exercises/Lesson01X/App.swift:2: TODO: Tasks 1–3 — the test's service"),
      "\(range)")
  }

  @Test("The next step names every file that holds the task's TODO")
  func nextStepNamesEveryTodoFile() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "kata-todo-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appending(path: "Exercises/Lesson01X")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let files = [
      "Logger.swift": "// TODO: Task 2 — optional.\n", "Model.swift": "let a = 1\n",
      "ViewModel.swift": "// TODO: Task 2 — the logger.\n", "Root.swift": "// TODO: Task 3 — x\n",
      "Harness.swift": "// TODO: Tasks 1–3 — wiring.\n", "Later.swift": "// TODO: Task 23 — y\n",
    ]
    for (name, text) in files {
      try text.write(to: folder.appending(path: name), atomically: true, encoding: .utf8)
    }
    let location = Location(file: "Tests/Lesson01XTests/T.swift", line: 6)
    var grade = LessonGrade(
      lesson: Lesson(module: "Lesson01X", number: 1, title: "Lesson 01 — X", textPath: nil),
      declaredTests: 2)
    grade.tasks = [
      TaskGrade(
        title: "Task 1 — A",
        tests: [TestResult(id: "a", name: "A", location: location, status: .passed)],
        location: location),
      TaskGrade(
        title: "Task 2 — B",
        tests: [TestResult(id: "b", name: "B", location: location, status: .failed)],
        location: location),
    ]
    let next = try #require(
      Report(style: Style(colour: false), root: root).nextStep([grade], source: .exercises))
    #expect(
      next.contains(
        "Its TODOs are in Exercises/Lesson01X/: Harness.swift, Logger.swift and ViewModel.swift"),
      "\(next)")
  }
}
