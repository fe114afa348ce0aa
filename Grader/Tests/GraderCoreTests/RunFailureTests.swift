import Foundation
import Testing

@testable import GraderCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What fails outside every test (an issue that names no running test, a crash after the last
/// test) keeps a lesson from being done, in every report, and is pinned on the right one.
@Suite struct RunFailureTests {
  private let location = Location(file: "Tests/Lesson01XTests/T.swift", line: 6)

  /// A run of `lesson` in which one test passed, with `outside` failing outside every test.
  private func report(for lesson: Lesson, outside: [RunFailure]) -> TestRunReport {
    var report = TestRunReport()
    let suite = "\(lesson.testModule).Task1Tests"
    report.suites = [SuiteInfo(id: suite, name: "Task 1 — A", location: location)]
    report.tests = [TestResult(id: "\(suite)/a()", name: "A", location: location, status: .passed)]
    report.outsideTests = outside
    return report
  }

  private func issue(_ message: String, at file: String) -> RunFailure {
    let failure = Failure(
      summary: "Issue recorded", comments: [message], location: Location(file: file, line: 3))
    return RunFailure(kind: .issue(failure), place: file)
  }

  @Test(
    "A failure outside every test counts against the lesson whose folder it happened in, or every lesson when none"
  )
  func pinnedOnItsLesson() throws {
    let course = try Course(root: kataRoot)
    try #require(course.lessons.count > 1, "the kata has lessons")
    let (first, second) = (course.lessons[0], course.lessons[1])
    let grading = Grading(course: course, timeLimit: 30, interruption: Interruption())
    let inSecond = issue("second's", at: "\(second.testsFolder)/TestDoubles.swift")
    let shared = issue("shared", at: "Tests/KataTestSupport/Support.swift")
    let crash = RunFailure(kind: .processEnd("Crashed after its last test."), place: nil)
    for failure in [inSecond, shared, crash] {
      let outside = [failure]
      let firstGrade = grading.grade(first, from: report(for: first, outside: outside))
      let secondGrade = grading.grade(second, from: report(for: second, outside: outside))
      #expect(secondGrade.problem != nil, "\(failure) concerns \(second.id)")
      #expect(
        (firstGrade.problem != nil) == (failure != inSecond),
        "\(failure) concerns \(first.id) only when it is not in \(second.id)'s folder")
    }
    let solution = issue("solution's", at: "Solutions/\(second.module)/File.swift")
    #expect(
      solution.concerns(second, among: course.lessons)
        && !solution.concerns(first, among: course.lessons),
      "a lesson's module folder is its own wherever it lives")
  }

  @Test("With an issue outside any test, every report says the lesson is not done")
  func everyReportAgrees() throws {
    let lesson = Lesson(module: "Lesson01X", number: 1, title: "Lesson 01 — X", textPath: nil)
    let grading = Grading(
      course: try Course(root: kataRoot), timeLimit: 30, interruption: Interruption())
    let outside = [
      issue("A second request was made.", at: "Tests/Lesson01XTests/TestDoubles.swift"),
      issue("A third request was made.", at: "Tests/Lesson01XTests/TestDoubles.swift"),
    ]
    let grade = grading.grade(lesson, from: report(for: lesson, outside: outside))
    let problem = grade.problem ?? ""
    #expect(!grade.isDone && grade.failedCount == 1, "not done, and one failure counted")
    #expect(
      problem.hasPrefix("2 issues were recorded outside any test")
        && problem.contains(
          "A second request was made. (at Tests/Lesson01XTests/TestDoubles.swift:3)"),
      "counted, and the first quoted with its place: \(problem)")
    let json = try #require(JSONReport(grades: [grade]).lessons.first, "one lesson")
    #expect(json.status == "error" && json.message == problem, "--json: \(json)")
    let xml = JUnitReport.xml(for: [grade])
    #expect(
      xml.contains("name=\"the run as a whole\"") && xml.contains("errors=\"1\"")
        && xml.contains("outside any test"),
      "--junit: \(xml)")
    #expect(XMLParser(data: Data(xml.utf8)).parse(), "--junit parses: \(xml)")
    let report = Report(style: Style(colour: false))
    let text =
      report.detailed(grade)
      + report.closing([grade], source: .exercises, editedTests: [])
      .joined(separator: "\n")
    #expect(text.contains("outside any test") && !text.contains("Lesson done"), "\(text)")
    #expect(text.contains("the run as a whole failed"), "'Next:' says what to fix: \(text)")
    let hints = Hints(course: try Course(root: kataRoot), style: Style(colour: false))
    guard case .none(let lines, let status) = hints.nextTask(in: grade) else {
      Issue.record("--hint chose a task, though every task passes")
      return
    }
    #expect(status == 1 && lines.joined().contains("not done"), "--hint: \(lines)")
  }

  @Test("--hint says a lesson graded against edited tests is not done, as the grade does")
  func hintAfterEditedTests() throws {
    let lesson = Lesson(
      module: "Lesson01TightCoupling", number: 1, title: "Lesson 01", textPath: nil)
    var grade = LessonGrade(lesson: lesson, declaredTests: 1)
    let passed = TestResult(
      id: "a", name: "A", location: Location(file: "Tests/T.swift", line: 1), status: .passed)
    grade.tasks = [TaskGrade(title: "Task 1 — A", tests: [passed], location: nil)]
    grade.editedTests = ["Tests/Lesson01TightCouplingTests/Task1Tests.swift"]
    let hints = Hints(course: try Course(root: kataRoot), style: Style(colour: false))
    guard case .none(let lines, let status) = hints.nextTask(in: grade) else {
      Issue.record("--hint chose a task, though every task passes")
      return
    }
    let said = lines.joined(separator: "\n")
    #expect(status == 1, "not done, so not 0: \(said)")
    #expect(said.contains("not done") && said.contains("Task1Tests.swift"), "\(said)")
    #expect(!said.contains("Compare with"), "\(said)")
  }

  @Test("A crash is said to be maybe an earlier test's only when the backtrace misses the test")
  func leftoverWorkNote() {
    let root = URL(fileURLWithPath: "/work/kata")
    let own = """
      Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range
      Thread 0 "main" crashed:
      0 [ra] 0x1 load() + 40 in Tests at /work/kata/Exercises/Lesson01/File.swift:4:20
      1 [async] 0x2 loads() in Tests at /work/kata/Tests/Lesson01Tests/Task2Tests.swift:16:5
      """
    let detached = """
      Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range
      Thread 4 "oot.default-qos" crashed:
      0 [ra] 0x1 closure #1 in refresh() + 40 in Tests at /work/kata/Exercises/Lesson01/File.swift:9:20
      1 [async] [thunk] 0x2 partial apply for closure #1 in refresh() at //<compiler-generated>
      """
    let test = "Tests/Lesson01Tests/Task2Tests.swift"
    let note = { (output: String, earlier: Bool) in
      TestRunner.leftoverWorkNote(
        crash: CrashLog(output: output, root: root), testFile: test, earlierTestRan: earlier)
    }
    #expect(note(own, true) == nil, "the test's own frame is on the crashed thread")
    #expect(
      note(detached, true)?.contains("an earlier test may have started") == true,
      "no frame of the test: the work may be an earlier test's")
    #expect(note(detached, false) == nil, "no test ran before it in the process")
    let noBacktrace = "Lesson01/File.swift:9: Fatal error: Index out of range"
    #expect(note(noBacktrace, true) == nil, "without a backtrace (macOS) nothing is guessed")
  }
}
