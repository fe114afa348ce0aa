import Foundation
import Synchronization
import Testing

@testable import GraderCore

/// Grades the MiniKata fixture for real: builds it with `swift build`, runs its tests with
/// `swift test`, and checks what the grader reports for each way learner code goes wrong.
///
/// One copy of the fixture serves every test (serialized), so only the first test pays for
/// a cold build; each case swaps one exercise file and rebuilds in seconds.
@Suite(.serialized) struct EndToEndTests {
  @Test("The starter's failures are reported by task, with the learner's message and location")
  func starter() throws {
    let lesson = try MiniKata.grade(case: nil)
    #expect(lesson.compiled)
    #expect(lesson.tasks.map(\.title) == ["Task 1 — Add", "Task 2 — Multiply"])
    let adds = try #require(lesson.tasks.first?.tests.first)
    #expect(adds.name == "Adds two numbers")
    #expect(adds.status == .failed)
    let failure = try #require(adds.failures.first)
    #expect(failure.comments == ["add(2, 3) should be 5."])
    #expect(failure.summary.contains("Expectation failed"))
    #expect(failure.location?.file == "Tests/Lesson01ArithmeticTests/ArithmeticTests.swift")
    #expect(lesson.tasks.first?.tests.last?.status == .passed)
    #expect(lesson.passedCount == 1 && lesson.failedCount == 2)
    let text = Report(style: Style(colour: false)).detailed(lesson)
    #expect(text.contains("Read: lessons/01-arithmetic.md#task-1--add"))
  }

  @Test("The solution passes every test")
  func solution() throws {
    let lesson = try MiniKata.grade(case: nil, source: .solutions)
    #expect(lesson.isDone)
    #expect(lesson.passedCount == 3 && lesson.failedCount == 0)
  }

  @Test("A crash names the test, the message and the learner's line; later tests still run")
  func crash() throws {
    let lesson = try MiniKata.grade(case: "crash")
    let adds = try #require(lesson.tasks.first?.tests.first)
    #expect(adds.status == .crashed)
    #expect(adds.note?.contains("Index out of range") == true)
    #expect(adds.note?.contains("Exercises/Lesson01Arithmetic/Arithmetic.swift:4") == true)
    #expect(lesson.tasks.last?.tests.map(\.status) == [.passed], "Task 2 must still be graded")
  }

  @Test("A hang is stopped at the time limit, named, and the other tests still run")
  func hang() throws {
    let lesson = try MiniKata.grade(case: "hang", timeLimit: 3)
    let statuses = lesson.tasks.flatMap(\.tests).map(\.status)
    #expect(statuses == [.timedOut, .passed, .passed])
    #expect(MiniKata.leftoverTestProcesses() == 0, "the hung test process must be ended")
  }

  @Test("Code that calls exit() fails the unfinished test instead of passing it")
  func earlyExit() throws {
    let lesson = try MiniKata.grade(case: "exit")
    let statuses = lesson.tasks.flatMap(\.tests).map(\.status)
    #expect(statuses == [.exitedEarly, .exitedEarly, .passed])
    #expect(lesson.failedCount == 2)
  }

  @Test("A compile error is shown as the learner's file:line: message")
  func compileError() throws {
    let lesson = try MiniKata.grade(case: "broken")
    let errors = try #require(lesson.compileErrors)
    #expect(
      errors.first?.location
        == Location(file: "Exercises/Lesson01Arithmetic/Arithmetic.swift", line: 2))
    #expect(lesson.failedCount == 3, "every declared test counts as failed")
  }

  @Test("Ctrl-C stops the test process and ends grading as interrupted")
  func interrupt() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: "hang", in: root)
    let course = try Course(root: root)
    let outcome = Mutex<Result<[LessonGrade], GraderError>?>(nil)
    let thread = Thread {
      let result = Result { () throws(GraderError) in
        try Grading(course: course, timeLimit: 60).grade(course.lessons, from: .exercises)
      }
      outcome.withLock { $0 = result }
    }
    thread.start()
    defer { interruptRequested.store(false, ordering: .relaxed) }
    let deadline = Date().addingTimeInterval(60)
    while MiniKata.leftoverTestProcesses() == 0 && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
    }
    interruptRequested.store(true, ordering: .relaxed)
    while outcome.withLock({ $0 == nil }) && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
    }
    let result = try #require(outcome.withLock { $0 }, "grading did not stop after Ctrl-C")
    #expect(throws: GraderError.interrupted) { try result.get() }
    #expect(MiniKata.leftoverTestProcesses() == 0, "the test process must be ended")
  }

  @Test("A missing exercise folder is an error that says how to restore it")
  func missingFolder() throws {
    let root = try MiniKata.prepare()
    let folder = root.appending(path: "Exercises/Lesson01Arithmetic")
    let aside = root.appending(path: "Exercises/Moved")
    try FileManager.default.moveItem(at: folder, to: aside)
    defer { try? FileManager.default.moveItem(at: aside, to: folder) }
    let course = try Course(root: root)
    #expect(throws: GraderError.missingFolder("Exercises/Lesson01Arithmetic")) {
      try Grading(course: course, timeLimit: 30).grade(course.lessons, from: .exercises)
    }
  }

  @Test("Edited test files are noticed")
  func editedTests() throws {
    let root = try MiniKata.prepare()
    let checksums = Checksums(root: root)
    let course = try Course(root: root)
    #expect(checksums.changedTests(for: course.lessons).isEmpty)
    let test = root.appending(path: "Tests/Lesson01ArithmeticTests/ArithmeticTests.swift")
    let original = try Data(contentsOf: test)
    defer { try? original.write(to: test) }
    try (String(decoding: original, as: UTF8.self) + "\n// edited\n").write(
      to: test, atomically: true, encoding: .utf8)
    #expect(
      checksums.changedTests(for: course.lessons)
        == ["Tests/Lesson01ArithmeticTests/ArithmeticTests.swift"])
  }

  @Test("--verify passes a consistent kata and fails one whose variant lies")
  func verify() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: nil, in: root)
    let course = try Course(root: root)
    var verifier = Verifier(course: course, timeLimit: 30, style: Style(colour: false))
    #expect(try verifier.run() == 0)

    let liar = root.appending(path: "Variants/Lesson01Arithmetic/wrong-task1-is-actually-right")
    try FileManager.default.createDirectory(at: liar, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: liar) }
    try FileManager.default.copyItem(
      at: root.appending(path: "Solutions/Lesson01Arithmetic/Arithmetic.swift"),
      to: liar.appending(path: "Arithmetic.swift"))
    var again = Verifier(course: course, timeLimit: 30, style: Style(colour: false))
    #expect(try again.run() == 1, "a wrong- variant that passes its task must fail verify")
  }

  @Test("A flood of output neither hangs the grader nor hides the result")
  func flood() throws {
    let lesson = try MiniKata.grade(case: "flood")
    #expect(lesson.tasks.flatMap(\.tests).map(\.status) == [.passed, .passed, .failed])
  }
}

/// A private copy of Fixtures/MiniKata with the real Package.swift and test support.
enum MiniKata {
  private static let root = Mutex<URL?>(nil)

  static func grade(case name: String?, source: CodeSource = .exercises, timeLimit: Double = 30)
    throws -> LessonGrade
  {
    let root = try prepare()
    try use(case: name, in: root)
    let course = try Course(root: root)
    let grades = try Grading(course: course, timeLimit: timeLimit).grade(
      course.lessons, from: source)
    return try #require(grades.first)
  }

  /// Puts a broken exercise from Cases/ in place, or the starter back for `nil`.
  static func use(case name: String?, in root: URL) throws {
    let exercise = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift")
    let replacement = root.appending(path: name.map { "Cases/\($0).swift" } ?? "Starter.swift")
    try Data(contentsOf: replacement).write(to: exercise)
  }

  static func leftoverTestProcesses() -> Int {
    let path = root.withLock { $0?.path } ?? "-"
    let ps = Process()
    ps.executableURL = URL(fileURLWithPath: "/bin/ps")
    ps.arguments = ["-A", "-o", "args="]
    let pipe = Pipe()
    ps.standardOutput = pipe
    guard (try? ps.run()) != nil else { return 0 }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    ps.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n")
      .filter { $0.contains(path) && $0.contains("PackageTests") }.count
  }

  /// The copy, made on first use; its folder name has spaces, as a learner's might.
  static func prepare() throws -> URL {
    if let existing = root.withLock({ $0 }) { return existing }
    let fileManager = FileManager.default
    let target = fileManager.temporaryDirectory.appending(
      path: "kata grader e2e \(UUID().uuidString)")
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appending(path: "Fixtures/MiniKata")
    try fileManager.copyItem(at: fixture, to: target)
    try fileManager.copyItem(
      at: kataRoot.appending(path: "Tests/KataTestSupport"),
      to: target.appending(path: "Tests/KataTestSupport"))
    try fileManager.copyItem(
      at: target.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift"),
      to: target.appending(path: "Starter.swift"))
    let manifest = try String(
      contentsOf: kataRoot.appending(path: "Package.swift"), encoding: .utf8)
    let start = try #require(manifest.range(of: "let lessons = ["))
    let end = try #require(manifest[start.upperBound...].firstIndex(of: "]"))
    let rewritten = manifest.replacingCharacters(
      in: start.lowerBound...end, with: "let lessons = [\n  \"Lesson01Arithmetic\",\n]")
    try rewritten.write(
      to: target.appending(path: "Package.swift"), atomically: true, encoding: .utf8)
    let course = try Course(root: target)
    try Checksums(root: target).write(for: course.lessons)
    root.withLock { $0 = target }
    return target
  }
}
