import Foundation
import Testing

@testable import GraderCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What the grader says when a run goes wrong: each status and message matches what happened.
@Suite struct VerdictTests {
  private let location = Location(file: "Tests/Lesson01XTests/T.swift", line: 6)
  private let lesson = Lesson(
    module: "Lesson01X", number: 1, title: "Lesson 01 — X", textPath: nil)

  /// A lesson of one task whose one test passed: done, until something says otherwise.
  private func passingGrade() -> LessonGrade {
    var grade = LessonGrade(lesson: lesson, declaredTests: 1)
    grade.tasks = [
      TaskGrade(
        title: "Task 1 — A",
        tests: [TestResult(id: "a", name: "A", location: location, status: .passed)],
        location: location)
    ]
    return grade
  }

  @Test("The test runner's own crash lines are not shown as the learner's output")
  func runnerLinesFiltered() {
    let output = """
      ◇ Test "Adds two numbers" started.
      add(2, 3) reads index 2
      *** Signal 4: Backtracing from 0x55d1c2a3b4c5.
      ***
      done error: Process '/tmp/k/.build/debug/KataPackageTests.xctest --testing-library swift-testing' exited with signal 4
      error: Exited with unexpected signal code 4
      """
    let printed = ProgramOutput.byTest(in: output)["Adds two numbers"]
    #expect(printed == ["add(2, 3) reads index 2"])
  }

  @Test("The learner's own lines that start with a symbol are kept; Swift Testing's are not")
  func learnerSymbolsKept() {
    let output = """
      ◇ Test "Adds two numbers" started.
      → loading
      • item 1
      ★ star
      ↳ details of Swift Testing
      ⚠\u{FE0E} a warning of Swift Testing
      \u{100884} Test "Adds two numbers" failed (as a Mac may print it).
      ✘ Test "Adds two numbers" failed after 0.001 seconds with 1 issue.
      """
    #expect(
      ProgramOutput.byTest(in: output)["Adds two numbers"] == ["→ loading", "• item 1", "★ star"])
  }

  @Test("Text printed without a final newline does not hide Swift Testing's next line")
  func gluedLines() {
    let output = """
      ◇ Test "Adds two numbers" started.
      no newline at the end✘ Test "Adds two numbers" failed after 0.001 seconds with 1 issue.
      and again◇ Test "Multiplies" started.
      from the second test
      ✔ Test "Multiplies" passed after 0.001 seconds.
      """
    let printed = ProgramOutput.byTest(in: output)
    #expect(printed["Adds two numbers"] == ["no newline at the end"], "\(printed)")
    #expect(printed["Multiplies"] == ["from the second test"], "\(printed)")
  }

  @Test("A long printed line full of Swift Testing's symbols is split in one reading")
  func longLineOfSymbols() {
    // 64,000 symbols: read once per symbol from there to the end, it took minutes.
    let printed = String(repeating: "✔ ", count: 32_000)
    let pieces = ProgramOutput.unglued(
      Substring(printed + "✔ Test \"Adds\" passed after 0.1 seconds."))
    #expect(pieces.count == 2)
    #expect(pieces.first == Substring(printed))
  }

  @Test("ANSI colour codes the learner printed are removed")
  func ansiStripped() {
    let output = """
      ◇ Test "Adds two numbers" started.
      \u{1B}[31mred\u{1B}[0m and \u{1B}[1;32mbold green\u{1B}[m
      ✘ Test "Adds two numbers" failed after 0.001 seconds with 1 issue.
      """
    #expect(ProgramOutput.byTest(in: output)["Adds two numbers"] == ["red and bold green"])
  }

  @Test("A test's message that quotes the learner's string shows none of its control characters")
  func controlsInMessagesStripped() {
    let quoted = "The screen shows \"We\u{9B}2J\u{202E} could not\u{1B}[31m load\u{07}\"."
    var grade = LessonGrade(lesson: lesson, declaredTests: 1)
    var test = TestResult(id: "a", name: "A", location: location, status: .failed)
    test.failures = [Failure(summary: quoted, comments: [quoted, "", "next"], location: location)]
    grade.tasks = [TaskGrade(title: "Task 1 — A", tests: [test], location: location)]
    let text = Report(style: Style(colour: false)).detailed(grade)
    #expect(text.contains("The screen shows \"We could not load\"."), "\(text)")
    let controls = text.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
    }
    #expect(controls.isEmpty, "\(controls.map { String($0.value, radix: 16) })")
  }

  @Test("C1 controls, window titles and other control characters the learner printed go too")
  func controlsStripped() {
    let output = """
      ◇ Test "Adds two numbers" started.
      \u{9B}31mred\u{9B}0m, \u{1B}]0;title\u{07}plain\u{9D}2;title\u{9C} text\u{85}\u{1B}]8;;x\u{1B}\\!
      tab\tkept, bell\u{07} and return\r gone\u{1B}(B
      \u{9B}2J\u{1B}[H
      ✘ Test "Adds two numbers" failed after 0.001 seconds with 1 issue.
      """
    #expect(
      ProgramOutput.byTest(in: output)["Adds two numbers"] == [
        "red, plain text!", "tab\tkept, bell and return gone",
      ])
  }

  @Test("--junit is valid XML whatever bytes the learner's output and messages hold")
  func junitAnyBytes() throws {
    let hostile =
      "a\u{0}b\u{1}c\u{8}d\u{B}e\u{C}f\u{1B}[31mg\u{FFFE}h\u{FFFF}i\u{7F}j\r\nk ]]> <![CDATA["
    var grade = LessonGrade(lesson: lesson, declaredTests: 2)
    grade.tasks = [
      TaskGrade(
        title: "Task 1 — \(hostile)",
        tests: [
          TestResult(
            id: "a", name: hostile, location: location, status: .failed,
            failures: [Failure(summary: hostile, comments: [hostile], location: location)],
            printed: [hostile]),
          TestResult(
            id: "b", name: "B", location: location, status: .crashed, note: hostile,
            printed: [hostile]),
        ], location: location)
    ]
    let xml = JUnitReport.xml(for: [grade])
    let parser = XMLParser(data: Data(xml.utf8))
    #expect(
      parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")\n\(xml)")
  }

  @Test("A lesson in which no test could run counts every declared test, and says so")
  func noTestCouldRun() throws {
    let course = try Course(root: kataRoot)
    let lesson = try #require(course.lessons.first)
    var report = TestRunReport()
    report.problem = "Crashed: Fatal error: before any test started."
    let grade = Grading(course: course, timeLimit: 30, interruption: Interruption()).grade(
      lesson, from: report)
    let folder = kataRoot.appending(path: lesson.testsFolder)
    let declared = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }
      .map { try String(contentsOf: folder.appending(path: $0), encoding: .utf8) }
      .reduce(0) { $0 + $1.components(separatedBy: "@Test(").count - 1 }
    #expect(declared > 1)
    #expect(grade.failedCount == declared, "not one failure, but every test of the lesson")
    #expect(grade.problem?.hasPrefix("No test could run") == true, "\(grade.problem ?? "")")
    #expect(grade.problem?.contains("before any test started") == true)
    let next = Report(style: Style(colour: false)).nextStep([grade], source: .exercises) ?? ""
    #expect(next.contains("no test of"), "\(next)")
    #expect(!next.contains("passes"), "no test passed, so none is said to (break round 5, C41)")
  }

  @Test(
    "A task whose tests are missing from the run is not done, nor its lesson; a heading the learner adds to the text is no task"
  )
  func missingTaskIsNotDone() throws {
    // A copy of the kata's text, tests and manifest, whose tests can be edited.
    let fileManager = FileManager.default
    let root = fileManager.temporaryDirectory.appending(path: "kata-missing-\(UUID())")
    defer { try? fileManager.removeItem(at: root) }
    try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
    for item in ["lessons", "Tests", "Package.swift"] {
      try fileManager.copyItem(at: kataRoot.appending(path: item), to: root.appending(path: item))
    }
    let course = try Course(root: root)
    let lesson = try #require(course.lessons.first)
    let textPath = try #require(lesson.textPath)
    let headings = try #require(LessonText(root: root, path: textPath)).taskHeadings
    try #require(headings.count > 2)
    // Every task's suite ran and passed.
    var report = TestRunReport()
    for (index, heading) in headings.enumerated() {
      let suite = "\(lesson.testModule).Task\(index + 1)Tests"
      report.suites.append(SuiteInfo(id: suite, name: heading, location: location))
      report.tests.append(
        TestResult(id: "\(suite)/t()", name: "T", location: location, status: .passed))
    }
    var grading = Grading(course: course, timeLimit: 30, interruption: Interruption())

    // The learner's notes in the text, under a heading of their own: the tests are as
    // shipped, so every task of the specification ran (break round 5, C14).
    let text = root.appending(path: textPath)
    let notes = "\n## Task \(headings.count + 1) — My own practice (notes)\n\nTry it again.\n"
    let shipped = try String(contentsOf: text, encoding: .utf8)
    try (shipped + notes).write(to: text, atomically: true, encoding: .utf8)
    let annotated = grading.grade(lesson, from: report)
    #expect(annotated.isDone, "\(annotated.tasks.map(\.title))")
    #expect(annotated.tasks.count == headings.count)

    // The tests and the manifest as shipped, yet a task's suite is not in the run (SwiftPM
    // read another manifest, break round 10): that task is missing, and the cause is named.
    try shipped.write(to: text, atomically: true, encoding: .utf8)
    var dropped = report
    dropped.suites.remove(at: 1)
    dropped.tests.remove(at: 1)
    let unbuilt = grading.grade(lesson, from: dropped)
    #expect(!unbuilt.isDone)
    let second = try #require(unbuilt.tasks.first { $0.title == headings[1] })
    #expect(second.tests.map(\.status) == [.notRun])
    #expect(
      second.tests.first?.note?.contains("something else changed what SwiftPM builds") == true,
      "\(second.tests.first?.note ?? "")")

    // The text as shipped, and the last task's test file deleted: its suite is not in the run.
    report.suites.removeLast()
    report.tests.removeLast()
    let files = try fileManager.contentsOfDirectory(
      atPath: root.appending(path: lesson.testsFolder).path)
    let last = try #require(files.first { $0.hasPrefix("Task\(headings.count)") })
    try fileManager.removeItem(at: root.appending(path: "\(lesson.testsFolder)/\(last)"))
    let grade = grading.grade(lesson, from: report)
    #expect(!grade.isDone, "a lesson with an ungraded task is not done")
    #expect(grade.failedCount == 1)
    let missing = try #require(grade.tasks.first { $0.title == headings.last })
    #expect(missing.tests.map(\.status) == [.notRun])
    #expect(missing.tests.first?.note?.contains("git checkout -- \(lesson.testsFolder)") == true)
    #expect(JSONReport(grades: [grade]).lessons.map(\.status) == ["fail"])

    // With one task asked for (--verify's wrong variants), only that task is expected.
    grading.onlyTask = 1
    #expect(grading.grade(lesson, from: report).isDone)
  }

  @Test("Graded against edited tests, a lesson is not done, in every report, whatever passed")
  func editedTestsAreNotDone() {
    var grade = passingGrade()
    #expect(grade.isDone)
    grade.editedTests = ["Tests/Lesson01XTests/T.swift"]
    #expect(!grade.isDone && grade.failedCount == 0 && grade.passedCount == 1)
    let json = JSONReport(grades: [grade])
    #expect(json.lessons.map(\.status) == ["fail"])
    #expect(json.lessons.first?.message?.contains("git checkout -- ") == true)
    let xml = JUnitReport.xml(for: [grade])
    #expect(xml.contains("name=\"tests as shipped\"") && xml.contains("errors=\"1\""), "\(xml)")
    #expect(XMLParser(data: Data(xml.utf8)).parse())
    let report = Report(style: Style(colour: false))
    let next = report.nextStep([grade], source: .exercises) ?? ""
    #expect(next.contains("put the shipped tests back"), "\(next)")
    let closing = report.closing([grade], source: .exercises, editedTests: grade.editedTests)
    #expect(!closing.joined().contains("Lesson done"), "\(closing)")
    // A task whose test file was deleted did not run: the tests are what to put back.
    grade.tasks.append(
      TaskGrade(
        title: "Task 2 — B",
        tests: [
          TestResult(id: "b", name: "The tests of Task 2", location: location, status: .notRun)
        ],
        location: nil))
    let restore = report.nextStep([grade], source: .exercises) ?? ""
    #expect(
      restore.contains("put the shipped tests back") && restore.contains("Task 2 — B"), "\(restore)"
    )
  }

  @Test(
    "Graded with a changed file no task asks to change, a lesson is not done, in every report")
  func editedUntaskedIsNotDone() {
    var grade = passingGrade()
    grade.editedUntasked = ["Exercises/Lesson01X/Internet.swift"]
    #expect(!grade.isDone && grade.failedCount == 0 && grade.passedCount == 1)
    let json = JSONReport(grades: [grade])
    #expect(json.lessons.map(\.status) == ["fail"])
    #expect(
      json.lessons.first?.message?.contains("git checkout -- Exercises/Lesson01X/Internet.swift")
        == true)
    let xml = JUnitReport.xml(for: [grade], editedUntasked: grade.editedUntasked)
    #expect(xml.contains("name=\"tests as shipped\"") && xml.contains("errors=\"1\""), "\(xml)")
    #expect(xml.contains("Edited untasked files") && !xml.contains("\"Edited tests\""))
    // The root says it too: no failure, but an error (break round 12, case 10).
    #expect(xml.contains("tests=\"1\" failures=\"0\" errors=\"1\">"), "\(xml)")
    #expect(XMLParser(data: Data(xml.utf8)).parse())
    let report = Report(style: Style(colour: false))
    let next = report.nextStep([grade], source: .exercises) ?? ""
    #expect(
      next.contains("git checkout -- Exercises/Lesson01X/Internet.swift"), "\(next)")
    let closing = report.closing(
      [grade], source: .exercises, editedTests: [],
      editedUntasked: [ChangedFile(path: "Exercises/Lesson01X/Internet.swift", isMissing: false)])
    #expect(!closing.joined().contains("Lesson done"), "\(closing)")
    #expect(closing.joined().contains("not done, whatever passed"), "\(closing)")
  }

  @Test(
    "An untasked file's shipped code counts as kept when moved whole or added to, not when a line of it changes"
  )
  func shippedCodeKept() {
    let shipped = """
      import Foundation

      /// Loads profiles.
      public protocol ProfileService: Sendable {
        func fetchProfile(id: String) async throws -> UserProfile
      }
      """
    // Moved beside the view model, with other indentation and imports.
    let moved = """
      import Synchronization

      public final class ProfileViewModel {}

          /// Loads profiles.
          public protocol ProfileService: Sendable {
              func fetchProfile(id: String) async throws -> UserProfile
          }
      """
    #expect(Checksums.shippedCode(shipped, isIn: ["", moved]))
    #expect(Checksums.shippedCode(shipped, isIn: [shipped + "\nextension UserProfile {}\n"]))
    let edited = shipped.replacingOccurrences(of: "Sendable", with: "AnyObject")
    #expect(!Checksums.shippedCode(shipped, isIn: [edited]))
    // Split across two files, or with a line inserted, it is not whole.
    let inserted = shipped.replacingOccurrences(
      of: "  func fetchProfile", with: "  var cache: Int { get }\n  func fetchProfile")
    #expect(!Checksums.shippedCode(shipped, isIn: [inserted]))
    let lines = shipped.split(separator: "\n").map(String.init)
    let halves = [lines[0..<4].joined(separator: "\n"), lines[4...].joined(separator: "\n")]
    #expect(!Checksums.shippedCode(shipped, isIn: halves))
    // Kept in a comment or an `#if` block beside an edited copy, it is not code (the
    // newcomer pass of session 16); a changed literal is a changed line.
    let commented = "// " + shipped.replacingOccurrences(of: "\n", with: "\n// ")
    #expect(!Checksums.shippedCode(shipped, isIn: [edited + "\n/*\n" + shipped + "\n*/\n"]))
    #expect(!Checksums.shippedCode(shipped, isIn: [edited, commented]))
    #expect(!Checksums.shippedCode(shipped, isIn: [edited + "\n#if false\n\(shipped)\n#endif\n"]))
    let key = "let key = \"live-4f2a9c\"\n"
    let otherKey = key.replacingOccurrences(of: "4f2a9c", with: "0000")
    #expect(Checksums.shippedCode(key, isIn: ["/* a note */ " + key]))
    #expect(!Checksums.shippedCode(key, isIn: [otherKey]))
  }

  @Test("The overview's line for an untouched starter that was run shows the tests it counts")
  func notStartedShowsCounts() {
    var grade = LessonGrade(lesson: lesson, declaredTests: 3)
    grade.tasks = [
      TaskGrade(
        title: "Task 1 — A",
        tests: [
          TestResult(id: "a", name: "A", location: location, status: .passed),
          TestResult(id: "b", name: "B", location: location, status: .failed),
          TestResult(id: "c", name: "C", location: location, status: .failed),
        ], location: location)
    ]
    let line = Report(style: Style(colour: false)).overviewLine(
      grade, titleWidth: 13, notStarted: true)
    #expect(line.contains("not started"), "\(line)")
    #expect(line.contains("1/3 tests"), "the Total line counts these tests: \(line)")
  }

  @Test("The overview's line names what failed the run as a whole, which 'Next:' points at")
  func overviewNamesTheRunsProblem() {
    var grade = passingGrade()
    grade.problem =
      "Files changed while the lesson was graded (Exercises/Lesson01X/A.swift): these results "
      + "are of what they held before, so none counts. Run ./grade.sh lesson01 again."
    let report = Report(style: Style(colour: false))
    let line = report.overviewLine(grade, titleWidth: 13, notStarted: false)
    #expect(
      line.hasSuffix(
        "Files changed while the lesson was graded (Exercises/Lesson01X/A.swift): these results "
          + "are of what they held before, so none counts."), "\(line)")
    #expect(report.nextStep([grade], source: .exercises)?.contains("named above") == true)
  }

  @Test("'Next:' names a lesson in progress before an earlier one not started")
  func nextPrefersLessonInProgress() {
    var skipped = LessonGrade(
      lesson: Lesson(module: "Lesson02Y", number: 2, title: "Lesson 02 — Y", textPath: nil),
      declaredTests: 1, tasks: [TaskGrade(title: "Task 1 — Y", tests: [], location: nil)])
    skipped.notStarted = true
    var started = LessonGrade(
      lesson: Lesson(module: "Lesson03Z", number: 3, title: "Lesson 03 — Z", textPath: nil),
      declaredTests: 1)
    started.tasks = [
      TaskGrade(
        title: "Task 1 — Z",
        tests: [TestResult(id: "z", name: "Z", location: location, status: .failed)],
        location: location)
    ]
    let report = Report(style: Style(colour: false))
    let next = report.nextStep([skipped, started], source: .exercises) ?? ""
    #expect(next.hasPrefix("Next: lesson03, Task 1 — Z."), "\(next)")
    let untouched = report.nextStep([skipped], source: .exercises) ?? ""
    #expect(untouched.hasPrefix("Next: lesson02, Task 1 — Y."), "\(untouched)")
    #expect(untouched.hasSuffix("then run ./grade.sh lesson02."), "\(untouched)")
  }

  @Test("--hint does not say every task passes when no test ran")
  func hintWithoutTests() throws {
    let hints = Hints(course: try Course(root: kataRoot), style: Style(colour: false))
    var grade = LessonGrade(lesson: lesson, declaredTests: 19)
    grade.problem = "No test could run: the test process ended before the first test started."
    guard case .none(let lines, let status) = hints.nextTask(in: grade) else {
      Issue.record("a task was chosen from no result")
      return
    }
    #expect(status == 1)
    #expect(!lines.joined().contains("passes"), "\(lines)")
    #expect(lines.joined().contains("no test of lesson01 ran"), "\(lines)")
    grade.problem = nil
    guard case .none(let empty, let emptyStatus) = hints.nextTask(in: grade) else {
      Issue.record("a task was chosen from no result")
      return
    }
    #expect(emptyStatus == 1 && !empty.joined().contains("passes"), "no tasks: \(empty)")
  }

  @Test("After Ctrl-C the grader says what it stopped, and only that")
  func interruptedMessage() {
    #expect(Interrupts.interruptedMessage(stopped: []) == "Interrupted; nothing was running yet.")
    #expect(Interrupts.interruptedMessage(stopped: ["build"]).contains("no test had started"))
    #expect(Interrupts.interruptedMessage(stopped: ["test"]).contains("test process was stopped"))
  }

  @Test("Printed lines go to the test that printed them, by id, even when two share a name")
  func outputKeyedByID() {
    let output = """
      ◇ Suite "Task 1 — A" started.
      ◇ Test "Works" started.
      first
      ✘ Test "Works" failed after 0.001 seconds with 1 issue.
      ◇ Suite "Task 2 — B" started.
      ◇ Test "Works" started.
      second
      ✘ Test "Works" failed after 0.001 seconds with 1 issue.
      """
    let started = [
      ("M.Task1/works()/T.swift:3:4", "Works"), ("M.Task2/works()/T.swift:9:4", "Works"),
    ]
    let printed = ProgramOutput.byID(in: output, started: started)
    #expect(printed["M.Task1/works()/T.swift:3:4"] == ["first"])
    #expect(printed["M.Task2/works()/T.swift:9:4"] == ["second"])
  }

  @Test("After a cut in the output, the lines after it go to the test that ends next")
  func outputAfterCut() {
    let output = """
      ◇ Test "Floods" started.
      noise 1
      \(CappedBuffer.cutLine(dropped: 1000))
      noise 999
      ✘ Test "Floods" failed after 0.001 seconds with 1 issue.
      """
    let printed = ProgramOutput.byID(in: output, started: [("M.T/floods()", "Floods")])
    #expect(printed["M.T/floods()"]?.first?.hasPrefix(TestResult.cutNotice) == true)
    #expect(printed["M.T/floods()"]?.last == "noise 999")
    #expect(printed["M.T/floods()"]?.contains("noise 1") == false)
  }

  @Test(
    "A crash or a hang comes first in 'Next:', wherever it is: the tests after it may not have run",
    arguments: [TestStatus.crashed, .timedOut])
  func nextStepNamesWhatStopped(status: TestStatus) {
    var grade = LessonGrade(
      lesson: Lesson(module: "Lesson01X", number: 1, title: "Lesson 01 — X", textPath: nil),
      declaredTests: 3)
    let place = Location(file: "Tests/Lesson01XTests/T.swift", line: 6)
    grade.tasks = [
      TaskGrade(
        title: "Task 1 — A",
        tests: [TestResult(id: "a", name: "A", location: place, status: .failed)],
        location: place),
      TaskGrade(
        title: "Task 2 — B",
        tests: [
          TestResult(id: "b", name: "Loads twice", location: place, status: status),
          TestResult(id: "c", name: "C", location: place, status: .notRun),
        ], location: place),
    ]
    let next = Report(style: Style(colour: false)).nextStep([grade], source: .exercises) ?? ""
    #expect(next.contains("Task 2 — B") && next.contains("\"Loads twice\""), "\(next)")
    #expect(next.contains(status == .crashed ? "crashed" : "did not finish"), "\(next)")
  }

  @Test("The note of the tests not run after hangs is said once, not once per test")
  func notRunNoteSaidOnce() {
    var grade = LessonGrade(lesson: lesson, declaredTests: 4)
    let note = "Not run: 2 tests already hung, so the grader stopped here."
    func notRun(_ id: String) -> TestResult {
      TestResult(id: id, name: id, location: location, status: .notRun, note: note)
    }
    grade.tasks = [
      TaskGrade(
        title: "Task 1 — A",
        tests: [
          TestResult(id: "a", name: "A", location: location, status: .timedOut),
          notRun("b"), notRun("c"),
        ], location: location),
      TaskGrade(title: "Task 2 — B", tests: [notRun("d")], location: location),
    ]
    let text = Report(style: Style(colour: false)).detailed(grade)
    #expect(text.components(separatedBy: note).count == 2, "\(text)")
    #expect(["b", "c", "d"].allSatisfy { text.contains("✗ \($0)  [did not run]") }, "\(text)")
  }

  @Test("A line the code prints that reads like a cut is the test's own line, not a cut")
  func printedCutLine() {
    let output = """
      ◇ Test "Loads" started.
      loading alan before
      … [999 bytes of output left out] …
      [999 bytes of output left out, cut 0000ABCD]
      loading alan after
      ✘ Test "Loads" failed after 0.001 seconds with 1 issue.
      """
    let printed = ProgramOutput.byID(in: output, started: [("M.T/loads()", "Loads")])
    #expect(
      printed["M.T/loads()"] == [
        "loading alan before", "… [999 bytes of output left out] …",
        "[999 bytes of output left out, cut 0000ABCD]", "loading alan after",
      ], "\(printed)")
  }

  @Test("A piece of Swift Testing's issue line that arrived on its own is not the learner's")
  func issueLineFragmentIsNotLearnerOutput() {
    let output = """
      ◇ Test "Waits" started.
      mine
      h 1 argument inChild → true at Task5Tests.swift:199:9: Expectation failed: finished
      Expectation failed: my own words
      ✘ Test "Waits" failed after 0.001 seconds with 1 issue.
      """
    let printed = ProgramOutput.byID(in: output, started: [("M.T/waits()", "Waits")])
    #expect(printed["M.T/waits()"] == ["mine", "Expectation failed: my own words"])
  }

  @Test("A test whose whole output fell in the cut says so instead of seeming silent")
  func testInsideTheCut() {
    let output = """
      ◇ Test "First" started.
      early
      \(CappedBuffer.cutLine(dropped: 900000))
      late
      ✘ Test "Third" failed after 0.001 seconds with 1 issue.
      """
    let started = [("M.T/first()", "First"), ("M.T/second()", "Second"), ("M.T/third()", "Third")]
    let printed = ProgramOutput.byID(in: output, started: started)
    #expect(printed["M.T/first()"] == ["early", TestResult.restCutNotice])
    #expect(printed["M.T/second()"]?.first?.hasPrefix(TestResult.cutNotice) == true)
    #expect(printed["M.T/third()"]?.last == "late")
    let quiet = ProgramOutput.byID(
      in: "◇ Test \"First\" started.\n✔ Test \"First\" passed after 0.1 seconds.\n",
      started: started)
    #expect(quiet["M.T/second()"] == nil, "no cut, no notice")
  }

  @Test(
    "After a cut, Swift Testing's lines for a parameterized test's issues are not the flooding test's"
  )
  func cutBeforeParameterizedIssues() {
    let output = """
      ◇ Test "Floods" started.
      noise 1
      \(CappedBuffer.cutLine(dropped: 900000))
      ✘ Test "Keeps per configuration" recorded an issue with 2 arguments one → a, other → b at T.swift:9:9: Expectation failed: same
      ↳ The a and b configurations share a host.
          • analytics session opened
        Live objects kept by host alone serve one configuration's host to another.
      ◇ Test case passing 2 arguments one → c, other → d to "Keeps per configuration" started.
      printed by the parameterized test
      ✘ Test "Keeps per configuration" with 2 test cases failed after 0.556 seconds with 2 issues.
      ✘ Suite "Task 5 — Wire" failed after 4.945 seconds with 2 issues.
      """
    let started = [("M.T/floods()", "Floods"), ("M.T/keeps()", "Keeps per configuration")]
    let printed = ProgramOutput.byID(in: output, started: started)
    #expect(
      printed["M.T/floods()"] == ["noise 1", TestResult.restCutNotice],
      "the flooding test keeps its first lines and says the rest was left out: \(printed)")
    let keeps = printed["M.T/keeps()"] ?? []
    #expect(keeps.first?.hasPrefix(TestResult.cutNotice) == true, "\(keeps)")
    #expect(keeps.last == "printed by the parameterized test", "\(keeps)")
    #expect(
      ProgramOutput.endedTestName(
        in: "✔ Test \"Keeps per configuration\" with 2 test cases passed after 0.8 seconds.")
        == "Keeps per configuration")
  }

  @Test("A test whose only kept line says the rest was cut is shown as cut, not as 'It printed:'")
  func onlyTheRestCut() {
    let test = TestResult(
      id: "a", name: "Floods", location: location, status: .failed,
      printed: [TestResult.restCutNotice])
    let lines = Report(style: Style(colour: false)).printedLines(of: test, indent: "")
    #expect(lines.count == 1 && lines[0].contains("fell in the part"), "\(lines)")
    var flooded = test
    flooded.printed = [TestResult.cutNotice + ")", "line 99", TestResult.restCutNotice]
    let shown = Report(style: Style(colour: false)).printedLines(of: flooded, indent: "")
    #expect(
      shown.first?.contains("from before the part left out") == true
        && shown.first?.contains("last") == false,
      "lines kept from before a cut are not its last ones: \(shown)")
  }

  @Test("A cut in a test that never ends (a hang, a crash) still says the output was cut")
  func cutInUnendedTest() {
    let output = """
      ◇ Test "Floods" started.
      noise 1
      \(CappedBuffer.cutLine(dropped: 300_000_000))
      the last line
      """
    let printed = ProgramOutput.byID(in: output, started: [("M.T/floods()", "Floods")])
    #expect(printed["M.T/floods()"]?.first?.hasPrefix(TestResult.cutNotice) == true)
    #expect(printed["M.T/floods()"]?.last == "the last line")
  }
}
