import Foundation
import Synchronization
import Testing

@testable import GraderCore
@testable import GraderMaintenance

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
    let multiplies = try #require(lesson.tasks.last?.tests.first?.failures.first)
    #expect(
      multiplies.comments == ["multiply(3, 4) should be 12."],
      "the test's own // comment is for its readers, not the learner")
    let text = Report(style: Style(colour: false)).detailed(lesson)
    #expect(text.contains("Read: lessons/01-arithmetic.md#task-1--add"))
  }

  @Test("The solution passes every test")
  func solution() throws {
    let lesson = try MiniKata.grade(case: nil, source: .solutions)
    #expect(lesson.isDone)
    #expect(lesson.passedCount == 3 && lesson.failedCount == 0)
  }

  @Test("A public operator on others' types, found in the built module, is refused, not graded")
  func compiledShadowRefused() throws {
    let lesson = try MiniKata.grade(case: "generic-equality")
    let error = try #require(lesson.compileErrors?.first)
    #expect(error.message.contains("public operator =="), "\(error)")
    #expect(
      error.location == Location(file: "Exercises/Lesson01Arithmetic/Arithmetic.swift", line: 7))
    #expect(!lesson.isDone && lesson.passedCount == 0)
  }

  @Test("A crash names the test, the message and the learner's line; later tests still run")
  func crash() throws {
    let lesson = try MiniKata.grade(case: "crash")
    let adds = try #require(lesson.tasks.first?.tests.first)
    #expect(adds.status == .crashed)
    #expect(adds.note?.contains("Index out of range") == true)
    #if os(Linux)
      // The backtracer's report names the learner's line even for a trap inside the
      // standard library.
      #expect(adds.note?.contains("Exercises/Lesson01Arithmetic/Arithmetic.swift:5") == true)
    #else
      // macOS has no backtrace in SwiftPM's hardened test helper, and the runtime's message
      // for this trap names the standard library's file (README, "When code crashes").
      #expect(adds.note == "Crashed: Index out of range.")
    #endif
    #expect(adds.printed == ["add(2, 3) reads index 2"], "what it printed before crashing")
    #expect(lesson.tasks.last?.tests.map(\.status) == [.passed], "Task 2 must still be graded")
  }

  @Test("A process killed by a signal (the out-of-memory killer's SIGKILL) says which signal")
  func killedBySignal() throws {
    let lesson = try MiniKata.grade(case: "killed")
    let tests = lesson.tasks.flatMap(\.tests)
    #expect(tests.map(\.status) == [.crashed, .crashed, .passed])
    let adds = try #require(tests.first)
    #expect(adds.note?.contains("SIGKILL") == true, "the signal is named: \(adds.note ?? "")")
    #expect(
      adds.note?.contains("Does the code call exit()?") != true,
      "not taken for an exit: \(adds.note ?? "")")
    #expect(adds.printed == ["add(2, 3) allocates too much"], "only the learner's lines")
  }

  @Test("A force-unwrap of nil names the learner's line on every platform")
  func forceUnwrap() throws {
    let lesson = try MiniKata.grade(case: "unwrap")
    let tests = lesson.tasks.flatMap(\.tests)
    #expect(tests.map(\.status) == [.crashed, .crashed, .passed])
    let note = try #require(tests.first?.note)
    #expect(note.contains("Unexpectedly found nil while unwrapping an Optional value"))
    #expect(note.contains("(at Exercises/Lesson01Arithmetic/Arithmetic.swift:5)"), "\(note)")
  }

  @Test("abort() is reported as a call to abort(), without a process id for an address")
  func abortCall() throws {
    let lesson = try MiniKata.grade(case: "abort")
    let tests = lesson.tasks.flatMap(\.tests)
    #expect(tests.map(\.status) == [.crashed, .crashed, .passed])
    let note = try #require(tests.first?.note)
    #expect(!note.contains("0x"), "\(note)")
    #if os(Linux)
      // The backtracer's report stops inside the C library here (Swift 6.3.1): no line.
      #expect(note == "Crashed: Aborted (abort() was called).")
    #else
      // No backtracer on macOS (see TestRunner.backtraceSetting): SwiftPM's signal line only.
      #expect(note.contains("signal 6 (abort() was called?)"), "\(note)")
    #endif
  }

  @Test("Endless recursion (a stack overflow) is reported as a crash; the other tests still run")
  func stackOverflow() throws {
    let lesson = try MiniKata.grade(case: "recursion")
    let tests = lesson.tasks.flatMap(\.tests)
    #expect(tests.map(\.status) == [.crashed, .passed, .passed])
    #expect(tests.first?.note?.hasPrefix("Crashed") == true)
  }

  @Test("A test that learner code cancels (CancellationError) is cancelled, not passed")
  func cancelled() throws {
    let lesson = try MiniKata.grade(case: "cancel")
    let tests = lesson.tasks.flatMap(\.tests)
    // add(7, 0) is right, but that test's task was cancelled too: it did not run to its end.
    #expect(tests.map(\.status) == [.cancelled, .cancelled, .passed])
    #expect(lesson.passedCount == 1 && lesson.failedCount == 2 && !lesson.isDone)
    let text = Report(style: Style(colour: false)).detailed(lesson)
    #expect(text.contains("[cancelled]"), "the text report names the status:\n\(text)")
    let json = JSONReport(grades: [lesson]).lessons.first?.tests.first
    #expect(json?.status == "error" && json?.outcome == "cancelled")
    #expect(JUnitReport.xml(for: [lesson]).contains("<error message=\"cancelled\""))
  }

  @Test("Results forged from inside a test make the lesson an error, never a pass")
  func forged() throws {
    // add and multiply are both wrong; add appends an end for every test to the event
    // stream, at the old fixed path and at the path in the test process's arguments.
    let lesson = try MiniKata.grade(case: "forge")
    #expect(lesson.passedCount == 0 && !lesson.isDone, "\(lesson.tasks.flatMap(\.tests))")
    #expect(lesson.failedCount == 3 && lesson.untrusted)
    #expect(lesson.problem?.contains("do not add up") == true, "\(lesson.problem ?? "")")
    let json = JSONReport(grades: [lesson]).lessons.first
    #expect(json?.status == "error")
    let work = MiniKata.workFolder()
    let left = (try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []
    #expect(
      !left.contains { $0.hasPrefix("run-") || $0.hasPrefix("events-") },
      "the run's private event folder is removed, and no event file sits at a fixed path: \(left)")
  }

  @Test("A Package.swift that builds Solutions/ as the exercise is not graded as the learner's")
  func manifestPointsElsewhere() throws {
    let root = try MiniKata.prepare()
    let manifest = root.appending(path: "Package.swift")
    let original = try String(contentsOf: manifest, encoding: .utf8)
    defer { try? original.write(to: manifest, atomically: true, encoding: .utf8) }
    // The one-line edit: the default source folder becomes Solutions/.
    let edited = original.replacingOccurrences(
      of: "case \"\", \"exercises\": return \"Exercises\"",
      with: "case \"\", \"exercises\": return \"Solutions\"")
    try #require(edited != original, "the manifest's source switch was not found")
    try edited.write(to: manifest, atomically: true, encoding: .utf8)

    let lesson = try MiniKata.grade(case: nil)
    #expect(lesson.passedCount == 0 && !lesson.isDone && !lesson.compiled)
    let message = lesson.compileErrors?.first?.message ?? ""
    #expect(
      message.contains(
        "Package.swift builds Lesson01Arithmetic from Solutions/Lesson01Arithmetic/"),
      "\(message)")
  }

  /// Ways to have Solutions/ built as the learner's module that the folder SwiftPM names
  /// does not show: a source file that is a link, a second target the module depends on,
  /// and compiler flags that add the solution's file.
  @Test(
    "A Package.swift or a link that slips other code into the lesson module is not graded",
    arguments: ["link", "target", "flags"])
  func otherCodeSlippedIn(way: String) throws {
    let root = try MiniKata.prepare()
    let manifest = root.appending(path: "Package.swift")
    let original = try String(contentsOf: manifest, encoding: .utf8)
    let exercise = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift")
    let solution = root.appending(path: "Solutions/Lesson01Arithmetic/Arithmetic.swift")
    let elsewhere = root.appending(path: "Exercises/Lesson01Arithmetic/Nothing.swift")
    defer {
      try? original.write(to: manifest, atomically: true, encoding: .utf8)
      // The link goes first, or restoring the starter would write through it.
      try? FileManager.default.removeItem(at: exercise)
      try? FileManager.default.removeItem(at: elsewhere)
      try? MiniKata.use(case: nil, in: root)
    }
    try MiniKata.use(case: nil, in: root)
    var edited = original
    let lessonTarget =
      ".target(name: module, path: \"\\(sourceFolder)/\\(module)\", swiftSettings: indexOnlyOwnCode)"
    try #require(original.contains(lessonTarget), "the manifest's lesson target was not found")
    switch way {
    case "link":
      try FileManager.default.removeItem(at: exercise)
      try FileManager.default.createSymbolicLink(
        atPath: exercise.path,
        withDestinationPath: "../../Solutions/Lesson01Arithmetic/Arithmetic.swift")
    case "target":
      edited = original.replacingOccurrences(
        of: lessonTarget,
        with: ".target(name: module, dependencies: [\"Helper\"], path: \"Exercises/\\(module)\", "
          + "swiftSettings: indexOnlyOwnCode)")
      edited = edited.replacingOccurrences(
        of: "var targets: [Target] = [",
        with:
          "var targets: [Target] = [\n  .target(name: \"Helper\", path: \"Solutions/Lesson01Arithmetic\"),"
      )
    default:
      try FileManager.default.removeItem(at: exercise)
      try Data("// Nothing here: the flags bring the code.\n".utf8).write(to: elsewhere)
      edited = original.replacingOccurrences(
        of: lessonTarget,
        with: ".target(name: module, path: \"Exercises/\\(module)\", swiftSettings: "
          + "[.unsafeFlags([\"\(solution.path)\"])])")
    }
    try edited.write(to: manifest, atomically: true, encoding: .utf8)

    let course = try Course(root: root)
    let lesson = try #require(
      try Grading(course: course, timeLimit: 30, interruption: Interruption()).grade(
        course.lessons, from: .exercises
      ).first)
    #expect(lesson.passedCount == 0 && !lesson.isDone && !lesson.compiled)
    // The flags reach the type checker but not the object files: the link fails. That is
    // no pass, which is what counts; the edited manifest is also named by its fingerprint.
    guard way != "flags" else { return }
    let message = lesson.compileErrors?.first?.message ?? ""
    if way == "link" {
      // Nobody changed Package.swift: the advice is about the link.
      #expect(
        message.contains("is a link") && message.contains("not a link to them")
          && !message.contains("Package.swift"), "\(message)")
    } else {
      #expect(message.contains("Package.swift") && message.contains("git checkout"), "\(message)")
    }
  }

  @Test(
    "A file replaced with new content and its old date (cp -p, rsync -a) is built anew and graded",
    arguments: [false, true])
  func replacedKeepingTheDate(older: Bool) throws {
    let root = try MiniKata.prepare()
    let starter = try MiniKata.grade(case: nil)
    #expect(starter.passedCount == 1 && starter.failedCount == 2)
    let exercise = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift")
    let stamp = root.appending(path: ".build/date-of-the-starter")
    // `touch -r` copies the date to the nanosecond, as `cp -p` does; Foundation's Date is coarser.
    try MiniKata.run(["touch", "-r", exercise.path, stamp.path])
    // Right code of the starter's very size, so that neither date nor size gives it away.
    let original = try String(contentsOf: exercise, encoding: .utf8)
    let right = original.replacingOccurrences(
      of: "-> Int { left + right }", with: "-> Int { left * right }"
    ).replacingOccurrences(of: "-> Int { left - right }", with: "-> Int { left + right }")
    try #require(right.utf8.count == original.utf8.count && right != original)
    try Data(right.utf8).write(to: exercise)
    if older {
      try MiniKata.run(["touch", "-t", "202001010000", exercise.path])
    } else {
      try MiniKata.run(["touch", "-r", stamp.path, exercise.path])
    }

    let course = try Course(root: root)
    let lesson = try #require(
      try Grading(course: course, timeLimit: 30, interruption: Interruption()).grade(
        course.lessons, from: .exercises
      ).first)
    #expect(
      lesson.isDone && lesson.passedCount == 3,
      "the new code is graded, not the objects of the old: \(lesson.passedCount) passed")
  }

  @Test("A hang is stopped at the time limit, named, and the other tests still run")
  func hang() throws {
    let lesson = try MiniKata.grade(case: "hang", timeLimit: 3)
    let statuses = lesson.tasks.flatMap(\.tests).map(\.status)
    #expect(statuses == [.timedOut, .passed, .passed])
    #expect(MiniKata.leftoverTestProcesses() == 0, "the hung test process must be ended")
    #expect(
      lesson.tasks.first?.tests.first?.printed == ["adding 3, about to loop"],
      "what the hung test printed is shown, to find the hang with")
  }

  @Test("After two hung tests the rest are not run, so one endless loop costs two time limits")
  func repeatedHangs() throws {
    let lesson = try MiniKata.grade(case: "hang-everywhere", timeLimit: 2)
    let tests = lesson.tasks.flatMap(\.tests)
    #expect(tests.map(\.status) == [.timedOut, .timedOut, .notRun])
    #expect(tests.last?.note?.contains("Fix the hang first") == true)
    #expect(MiniKata.leftoverTestProcesses() == 0)
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
    #expect(!lesson.refused)
    let report = Report(style: Style(colour: false))
    #expect(report.detailed(lesson).contains("Does not compile. Fix these first:"))
    #expect(
      report.nextStep([lesson], source: .exercises)?.hasPrefix("Next: make lesson01 compile")
        == true)
  }

  @Test("Ctrl-C stops the test process and ends grading as interrupted")
  func interrupt() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: "hang", in: root)
    let course = try Course(root: root)
    let outcome = Mutex<Result<[LessonGrade], GraderError>?>(nil)
    // Its own token: a request reaches this grading alone, not the tests running beside it.
    let interruption = Interruption()
    let thread = Thread {
      let result = Result { () throws(GraderError) in
        try Grading(course: course, timeLimit: 60, interruption: interruption).grade(
          course.lessons, from: .exercises)
      }
      outcome.withLock { $0 = result }
    }
    thread.start()
    let deadline = Date().addingTimeInterval(60)
    while !MiniKata.testProcessRuns() && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
    }
    interruption.request()
    while outcome.withLock({ $0 == nil }) && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
    }
    let result = try #require(outcome.withLock { $0 }, "grading did not stop after Ctrl-C")
    #expect(throws: GraderError.interrupted) { try result.get() }
    #expect(MiniKata.leftoverTestProcesses() == 0, "the test process must be ended")
  }

  @Test(
    "Ctrl-\\ (SIGQUIT) stops a grading like Ctrl-C: no backtrace of the grader, no test process left",
    .timeLimit(.minutes(5)))
  func quitSignal() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: "hang", in: root)
    defer { try? MiniKata.use(case: nil, in: root) }
    let grading = try GraderRun(["lesson01", "--timeout", "3600"], root: root)
    defer { grading.end() }
    let deadline = Date().addingTimeInterval(240)
    while !MiniKata.testProcessRuns() && Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
    try #require(MiniKata.testProcessRuns(), "the hanging test runs: \(grading.errors)")
    grading.signal(SIGQUIT)
    try #require(grading.waitForExit(upTo: 60), "the grader stops after Ctrl-\\")
    #expect(grading.status == 130, "as after Ctrl-C: \(grading.errors)")
    #expect(grading.errors.contains("Interrupted"), "it says so: \(grading.errors)")
    #expect(!grading.errors.contains("Fatal error"), "no crash of its own: \(grading.errors)")
    #expect(MiniKata.leftoverTestProcesses() == 0, "the test process is ended")
  }

  @Test("Ctrl-C during a build leaves no compiler behind, and the next grade is of the new code")
  func interruptDuringBuild() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: "recursion", in: root)
    let course = try Course(root: root)
    let outcome = Mutex<Result<[LessonGrade], GraderError>?>(nil)
    // Its own token: a request reaches this grading alone, not the tests running beside it.
    let interruption = Interruption()
    let thread = Thread {
      let result = Result { () throws(GraderError) in
        try Grading(course: course, timeLimit: 60, interruption: interruption).grade(
          course.lessons, from: .exercises)
      }
      outcome.withLock { $0 = result }
    }
    thread.start()
    let deadline = Date().addingTimeInterval(60)
    while MiniKata.leftoverTestProcesses() == 0 && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    interruption.request()
    while outcome.withLock({ $0 == nil }) && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    let result = try #require(outcome.withLock { $0 }, "grading did not stop after Ctrl-C")
    if case .success = result {
      Issue.record("the build finished before Ctrl-C; the test proves nothing this time")
    }
    #expect(MiniKata.leftoverTestProcesses() == 0, "no compiler, linker or test process left")
    let lesson = try MiniKata.grade(case: nil)
    #expect(
      lesson.tasks.flatMap(\.tests).map(\.status) == [.failed, .passed, .failed],
      "the starter, built anew, not what the interrupted build left: \(lesson.compileErrors ?? []) \(lesson.problem ?? "")"
    )
  }

  @Test(
    "--junit refuses to overwrite a Swift file, anything in Exercises, Solutions or Tests, or any existing file but a report"
  )
  func junitRefusesSources() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: nil, in: root)
    let exercise = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift")
    let before = try Data(contentsOf: exercise)
    // A file of the learner's that is not a report (the kata is shared: one of its own).
    let notes = root.appending(path: "notes.md")
    try Data("# My notes\n".utf8).write(to: notes)
    let notesXML = root.appending(path: "notes.xml")
    try Data("my notes, not a report\n".utf8).write(to: notesXML)
    defer {
      try? FileManager.default.removeItem(at: notes)
      try? FileManager.default.removeItem(at: notesXML)
    }
    let targets = [
      exercise.path, root.appending(path: "Tests/results.xml").path,
      root.appending(path: "Solutions/Lesson01Arithmetic/results.xml").path,
      root.appending(path: "Exercises/Lesson01Arithmetic/../Lesson01Arithmetic/r.xml").path,
      root.appending(path: "Package.swift").path, notes.path, notesXML.path,
    ]
    for target in targets {
      #expect(
        GraderCommand.main(
          arguments: ["lesson01", "--junit", target], root: root, surroundings: Surroundings())
          == 2,
        "\(target) must be refused")
    }
    #expect(try Data(contentsOf: exercise) == before, "the learner's file is untouched")
    #expect(try Data(contentsOf: notes) == Data("# My notes\n".utf8), "the notes are untouched")
    #expect(!FileManager.default.fileExists(atPath: root.appending(path: "Tests/results.xml").path))
  }

  @Test(
    "Started with standard error closed, or open only for reading, the grader still says why it stops",
    arguments: ["exec 2>&-", "exec 2</dev/null"])
  func closedStandardError(closing: String) throws {
    let grader = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appending(path: "kata-grader")
    try #require(FileManager.default.isExecutableFile(atPath: grader.path), "\(grader.path)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // An unknown lesson: its error is the first thing written, to standard error.
    process.arguments = ["-c", "\(closing); exec \"$0\" lesson99", grader.path]
    process.environment = ["KATA_ROOT": kataRoot.path, "PATH": "/usr/bin:/bin"]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(
      process.terminationReason == .exit && process.terminationStatus == 2,
      "ended by \(process.terminationReason == .exit ? "status" : "signal") \(process.terminationStatus)"
    )
  }

  @Test("A grading run leaves no folder behind in the system's temporary folder")
  func noTemporaryLeftovers() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: nil, in: root)
    let grader = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appending(path: "kata-grader")
    try #require(FileManager.default.isExecutableFile(atPath: grader.path), "\(grader.path)")
    let temporary = FileManager.default.temporaryDirectory.appending(path: "kata-tmp-\(UUID())")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let process = Process()
    process.executableURL = grader
    process.arguments = ["lesson01", "--json"]
    process.currentDirectoryURL = root
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = temporary.path
    environment["KATA_ROOT"] = root.path
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1, "the starter fails some tests: \(said)")
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
    #expect(left.isEmpty, "left in TMPDIR: \(left.prefix(5)) (\(left.count) in all)")
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
      try Grading(course: course, timeLimit: 30, interruption: Interruption()).grade(
        course.lessons, from: .exercises)
    }
  }

  @Test(
    "A named pipe called .swift in the lesson is refused by name, without waiting to read it",
    .timeLimit(.minutes(1)))
  func namedPipeIsRefused() throws {
    let root = try MiniKata.prepare()
    let pipe = "Exercises/Lesson01Arithmetic/Pipe.swift"
    let made = Process()
    made.executableURL = URL(filePath: "/usr/bin/env")
    made.arguments = ["mkfifo", root.appending(path: pipe).path]
    try made.run()
    made.waitUntilExit()
    try #require(made.terminationStatus == 0, "mkfifo failed")
    defer { try? FileManager.default.removeItem(at: root.appending(path: pipe)) }

    let course = try Course(root: root)
    let grades = try Grading(course: course, timeLimit: 30, interruption: Interruption()).grade(
      course.lessons, from: .exercises)
    let error = try #require(grades.first?.compileErrors?.first)
    #expect(error.location == Location(file: pipe, line: 1))
    #expect(error.message.contains("named pipe"), "\(error.message)")
    #expect(Checksums(root: root).fingerprint(of: pipe) == nil)
    // Refused, not compiled: the learner is not sent to look for a compile error.
    let grade = try #require(grades.first)
    #expect(grade.refused)
    let report = Report(style: Style(colour: false))
    let detailed = report.detailed(grade)
    #expect(detailed.contains("Not graded. The grader will not grade it as it is:"), "\(detailed)")
    #expect(!detailed.contains("Does not compile"), "\(detailed)")
    let next = try #require(report.nextStep(grades, source: .exercises))
    #expect(next.hasPrefix("Next: fix what stops lesson01 from being built"), "\(next)")
    let overview = report.overview(grades, checksums: nil, source: .exercises)
    #expect(overview.contains("not graded"), "\(overview)")
    #expect(!overview.contains("does not compile"), "\(overview)")
  }

  @Test("A test run runs only the test modules it is given, whatever else the binary holds")
  func runsOnlyGivenModules() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: nil, in: root)
    let course = try Course(root: root)
    let built = try #require(
      try Grading(course: course, timeLimit: 30, interruption: Interruption()).grade(
        course.lessons, from: .exercises
      ).first)
    #expect(built.passedCount + built.failedCount == 3)
    var runner = TestRunner(
      root: root, environment: ["KATA_SOURCE": "exercises", "KATA_LESSONS": "lesson01"],
      scratchPath: CodeSource.exercises.scratchPath, timeLimit: 30,
      workFolder: MiniKata.workFolder(), interruption: Interruption())
    // The overview builds every lesson into one binary and tests only those started.
    runner.testModules = ["Lesson02ElsewhereTests"]
    #expect(try runner.run().tests.isEmpty, "no test of another module runs")
    runner.testModules = ["Lesson01ArithmeticTests"]
    #expect(try runner.run().tests.count == 3)
  }

  @Test(
    "A test process left by a grader killed with kill -9 is ended by the next run, not waited for",
    .timeLimit(.minutes(5)))
  func leftoverTestProcessEnded() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: "hang", in: root)
    defer { try? MiniKata.use(case: nil, in: root) }
    let killed = try GraderRun(["lesson01", "--timeout", "3600"], root: root)
    defer { killed.end() }
    // It builds, then its test hangs (for an hour): a bounded wait for the test process.
    let deadline = Date().addingTimeInterval(300)
    while !MiniKata.testProcessRuns() && Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
    try #require(MiniKata.testProcessRuns(), "the hanging test runs: \(killed.errors)")
    killed.killOutright()
    #expect(
      MiniKata.testProcessRuns(), "its test process outlives the grader, holding .build/exercises")

    // The next grading ends it. Were it to wait for it instead, it would wait forever: a
    // token requested after two minutes ends the wait, and the grade with it.
    try MiniKata.use(case: nil, in: root)
    let course = try Course(root: root)
    let bound = Interruption()
    let finished = Atomic<Bool>(false)
    Thread.detachNewThread {
      let deadline = Date().addingTimeInterval(120)
      while !finished.load(ordering: .relaxed) && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.1)
      }
      bound.request()
    }
    defer { finished.store(true, ordering: .relaxed) }
    let grades = try? Grading(course: course, timeLimit: 30, interruption: bound).grade(
      course.lessons, from: .exercises)
    finished.store(true, ordering: .relaxed)
    let grade = try #require(grades?.first, "the grading waited for the killed one's test process")
    #expect(grade.compiled && grade.passedCount == 1, "the starter graded as always")
    #expect(!MiniKata.testProcessRuns(), "nothing of the killed grading is left")
  }

  @Test("A run folder left by a grader killed with kill -9 is removed by the next run")
  func leftoverRunFolderRemoved() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: nil, in: root)
    let work = MiniKata.workFolder()
    let leftover = work.appending(path: TestRunner.runFolderPrefix + "left-by-kill-9")
    try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: leftover.appending(path: "events.jsonl"))
    let kept = work.appending(path: "not-a-run.txt")
    try Data().write(to: kept)
    defer { try? FileManager.default.removeItem(at: kept) }

    let course = try Course(root: root)
    let grade = try #require(
      try Grading(course: course, timeLimit: 30, interruption: Interruption()).grade(
        course.lessons, from: .exercises
      ).first)
    #expect(grade.passedCount == 1)
    #expect(!FileManager.default.fileExists(atPath: leftover.path))
    #expect(FileManager.default.fileExists(atPath: kept.path), "only run folders are removed")
    let runs = try FileManager.default.contentsOfDirectory(atPath: work.path)
      .filter { $0.hasPrefix(TestRunner.runFolderPrefix) }
    #expect(runs.isEmpty, "and this run's own is gone too: \(runs)")
  }

  @Test("The overview builds an untouched starter without testing it, and tests a started one")
  func overviewSkipsUntouchedStarter() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: nil, in: root)
    defer { try? MiniKata.use(case: nil, in: root) }
    let course = try Course(root: root)
    var grading = Grading(course: course, timeLimit: 30, interruption: Interruption())
    grading.skipsUntouchedStarters = true
    let untouched = try #require(try grading.grade(course.lessons, from: .exercises).first)
    #expect(untouched.compiled && untouched.notStarted)
    #expect(untouched.tasks.map(\.title) == ["Task 1 — Add", "Task 2 — Multiply"])
    #expect(untouched.tasks.allSatisfy { $0.tests.isEmpty }, "no test ran")
    #expect(!untouched.isDone)
    #expect(untouched.passedCount == 0 && untouched.failedCount == 0)
    let report = Report(style: Style(colour: false), root: root)
    let closing = report.closing([untouched], source: .exercises, editedTests: [])
      .joined(separator: "\n")
    #expect(closing.contains("Not tested, since not started"), "\(closing)")
    #expect(closing.contains("Next: lesson01, Task 1 — Add."), "\(closing)")
    #expect(closing.contains("then run ./grade.sh lesson01."), "\(closing)")
    let line = report.overview([untouched], checksums: Checksums(root: root), source: .exercises)
    #expect(line.contains("0/2 tasks") && line.contains("not started"), "\(line)")
    #expect(!line.contains("tests"), "no count of tests that did not run: \(line)")

    // One character changed is a started lesson: tested as always.
    let exercise = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift")
    try (String(contentsOf: exercise, encoding: .utf8) + "\n// started\n").write(
      to: exercise, atomically: true, encoding: .utf8)
    let started = try #require(try grading.grade(course.lessons, from: .exercises).first)
    #expect(!started.notStarted)
    #expect(started.passedCount == 1 && started.failedCount == 2)

    // Reports for machines carry every test, started or not.
    try MiniKata.use(case: nil, in: root)
    grading.skipsUntouchedStarters = false
    let machine = try #require(try grading.grade(course.lessons, from: .exercises).first)
    #expect(!machine.notStarted && machine.passedCount == 1 && machine.failedCount == 2)
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

    // The C constructor every test process runs first is the tests' too.
    let constructor = root.appending(path: "Tests/KataOrderedOutput/OrderedOutput.c")
    let shippedConstructor = try Data(contentsOf: constructor)
    try (String(decoding: shippedConstructor, as: UTF8.self) + "\n// edited\n").write(
      to: constructor, atomically: true, encoding: .utf8)
    #expect(
      checksums.changedTests(for: course.lessons).contains(
        "Tests/KataOrderedOutput/OrderedOutput.c"))
    try shippedConstructor.write(to: constructor)

    // The manifest decides what is built: an edited one is named the same way.
    let manifest = root.appending(path: "Package.swift")
    let shipped = try Data(contentsOf: manifest)
    defer { try? shipped.write(to: manifest) }
    try (String(decoding: shipped, as: UTF8.self) + "\n// edited\n").write(
      to: manifest, atomically: true, encoding: .utf8)
    let edited = checksums.changedTests(for: course.lessons)
    #expect(edited == ["Tests/Lesson01ArithmeticTests/ArithmeticTests.swift", "Package.swift"])
    let grade = LessonGrade(lesson: course.lessons[0], declaredTests: 3)
    let closing = Report(style: Style(colour: false)).closing(
      [grade], source: .exercises, editedTests: edited
    ).joined(separator: "\n")
    #expect(closing.contains("Not built from your code? Package.swift differs"), "\(closing)")
    #expect(closing.contains("git checkout -- Package.swift"))
    #expect(closing.contains("  Tests/Lesson01ArithmeticTests/ArithmeticTests.swift"))
    #expect(!closing.contains("  Package.swift"), "the manifest has its own heading")
  }

  @Test("A changed starter file that no task asks to change (a harness) is named")
  func editedHarness() throws {
    let root = try MiniKata.prepare()
    let course = try Course(root: root)
    let harness = "Harness.swift"
    let shipped = Data("public let traffic: [String] = []\n".utf8)
    let copies = ["Exercises/Lesson01Arithmetic", "Solutions/Lesson01Arithmetic"].map {
      root.appending(path: "\($0)/\(harness)")
    }
    for copy in copies { try shipped.write(to: copy) }
    try MiniKata.use(case: nil, in: root)
    let checksums = Checksums(root: root)
    try checksums.write(for: course.lessons)
    defer {  // The kata is shared with the suite's other tests: leave it as found.
      for copy in copies { try? FileManager.default.removeItem(at: copy) }
      try? MiniKata.use(case: nil, in: root)
      try? checksums.write(for: course.lessons)
    }
    #expect(checksums.changedUntaskedFiles(for: course.lessons).isEmpty)

    // The task file (which the solution changes) is the learner's to edit: not named.
    let task = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift")
    try (String(decoding: try Data(contentsOf: task), as: UTF8.self) + "\n// mine\n").write(
      to: task, atomically: true, encoding: .utf8)
    #expect(checksums.changedUntaskedFiles(for: course.lessons).isEmpty)

    try Data("public var traffic: [String] { [] }\n".utf8).write(
      to: root.appending(path: "Exercises/Lesson01Arithmetic/\(harness)"))
    let untasked = checksums.changedUntaskedFiles(for: course.lessons)
    #expect(
      untasked == [
        ChangedFile(path: "Exercises/Lesson01Arithmetic/Harness.swift", isMissing: false)
      ])
    let grade = LessonGrade(lesson: course.lessons[0], declaredTests: 3)
    let closing = Report(style: Style(colour: false)).closing(
      [grade], source: .exercises, editedTests: [], editedUntasked: untasked
    ).joined(separator: "\n")
    #expect(closing.contains("no task asks you to change"), "\(closing)")
    #expect(closing.contains("  Exercises/Lesson01Arithmetic/Harness.swift"))
    #expect(closing.contains("git diff -- Exercises/Lesson01Arithmetic/Harness.swift"))
    #expect(closing.contains("not done, whatever passed"), "\(closing)")

    // With the task done right, every test passes, and still the lesson is not done: the tests
    // observe the code through such files (break round 11, case 12: a stand-in taught to
    // ignore the production key let a wrong design pass). Machines are told too.
    try Data(
      contentsOf: root.appending(path: "Solutions/Lesson01Arithmetic/Arithmetic.swift")
    ).write(to: task)
    let junit = FileManager.default.temporaryDirectory.appending(
      path: "edited-harness-\(UUID().uuidString).xml")
    defer { try? FileManager.default.removeItem(at: junit) }
    let run = try GraderRun(["lesson01", "--json", "--junit", junit.path], root: root)
    defer { run.end() }
    try #require(run.waitForExit(upTo: 600))
    #expect(run.status == 1, "graded with a changed untasked file, not done: \(run.errors)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(document["failed"] as? Int == 0, "\(run.output)")
    #expect(
      document["edited_untasked_files"] as? [String]
        == ["Exercises/Lesson01Arithmetic/Harness.swift"])
    let lesson = try #require((document["lessons"] as? [[String: Any]])?.first)
    #expect(lesson["status"] as? String == "fail")
    #expect(
      (lesson["message"] as? String)?.contains(
        "git checkout -- Exercises/Lesson01Arithmetic/Harness.swift") == true, "\(lesson)")
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(
      xml.contains(
        "<property name=\"edited-untasked-files\" value=\"Exercises/Lesson01Arithmetic/Harness.swift\"/>"
      ), "\(xml)")
    #expect(xml.contains("<error message=\"Edited untasked files\">"))

    // Without Solutions/ (a workshop hands them out later), or with a solution's copy edited,
    // the list still says which starters are untasked (break round 12, cases 01 and 03).
    let solutions = root.appending(path: "Solutions")
    let aside = root.appending(path: "Solutions-aside")
    try FileManager.default.moveItem(at: solutions, to: aside)
    let withoutSolutions = checksums.changedUntaskedFiles(for: course.lessons)
    try FileManager.default.moveItem(at: aside, to: solutions)
    #expect(
      withoutSolutions == [
        ChangedFile(path: "Exercises/Lesson01Arithmetic/Harness.swift", isMissing: false)
      ])
    try Data("// mine\n".utf8).write(to: copies[1], options: .atomic)
    #expect(
      checksums.changedUntaskedFiles(for: course.lessons) == [
        ChangedFile(path: "Exercises/Lesson01Arithmetic/Harness.swift", isMissing: false)
      ])
    try shipped.write(to: copies[1])

    // Renamed with its code as shipped: the code is all still there, so nothing changed (break
    // round 12, case 05: a protocol moved beside the view model that uses it).
    try shipped.write(to: copies[0])
    let renamed = root.appending(path: "Exercises/Lesson01Arithmetic/Network.swift")
    try FileManager.default.moveItem(at: copies[0], to: renamed)
    defer { try? FileManager.default.removeItem(at: renamed) }
    #expect(checksums.changedUntaskedFiles(for: course.lessons).isEmpty)
    // Deleted, its code nowhere: missing, and named so.
    try FileManager.default.removeItem(at: renamed)
    #expect(
      checksums.changedUntaskedFiles(for: course.lessons)
        == [ChangedFile(path: "Exercises/Lesson01Arithmetic/Harness.swift", isMissing: true)])
  }

  @Test("A file in place of the grader's build-folder records is replaced, and the lesson graded")
  func damagedWorkFolder() throws {
    _ = try MiniKata.prepare()
    let work = MiniKata.workFolder()
    try? FileManager.default.removeItem(at: work)
    try FileManager.default.createDirectory(
      at: work.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("damaged".utf8).write(to: work)
    // Before, "The folder .build/exercises/kata-grader is missing. Restore it with git
    // checkout" (break round 12, case 09).
    let grade = try MiniKata.grade(case: nil)
    #expect(grade.compiled && grade.tasks.flatMap(\.tests).count == 3, "\(grade)")
    #expect(RegularFile.kind(atPath: work.path) == .folder)
  }

  @Test("--verify passes a consistent kata and fails one whose variant lies, two workers at once")
  func verify() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: nil, in: root)
    let course = try Course(root: root)
    // Two workers, each joining the lesson at once: its variants are checked side by side, each
    // in the worker's own copy and build folder.
    func verifier() -> Verifier {
      var verifier = Verifier(
        course: course, timeLimit: 30, style: Style(colour: false), interruption: Interruption())
      verifier.workers = 2
      verifier.joinAtLeast = 1
      return verifier
    }
    let first = verifier()
    #expect(try first.run() == 0, "failed checks: \(first.failedChecks)")
    for worker in 1...2 {
      let copy = ScratchCopy(
        course: course, lesson: try #require(course.lessons.first), worker: worker)
      #expect(
        FileManager.default.fileExists(atPath: copy.module.path),
        "worker \(worker) checked a variant in its own copy")
    }

    let liar = root.appending(path: "Variants/Lesson01Arithmetic/wrong-task1-is-actually-right")
    try FileManager.default.createDirectory(at: liar, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: liar) }
    try FileManager.default.copyItem(
      at: root.appending(path: "Solutions/Lesson01Arithmetic/Arithmetic.swift"),
      to: liar.appending(path: "Arithmetic.swift"))
    let again = verifier()
    #expect(try again.run() == 1, "a wrong- variant that passes its task must fail verify")
    #expect(
      again.failedChecks.count == 1
        && again.failedChecks[0].contains("wrong-task1-is-actually-right"),
      "only the lying variant fails: \(again.failedChecks)")
  }

  @Test("A variant patch that no longer applies to the solution fails --verify by name and hunk")
  func stalePatch() throws {
    let root = try MiniKata.prepare()
    let course = try Course(root: root)
    let lesson = try #require(course.lessons.first)
    let stale = root.appending(path: "Variants/Lesson01Arithmetic/wrong-task2-stale.patch")
    defer { try? FileManager.default.removeItem(at: stale) }
    try """
    # Written against a solution that has since changed.

    diff --git a/Arithmetic.swift b/Arithmetic.swift
    --- a/Arithmetic.swift
    +++ b/Arithmetic.swift
    @@ -4,1 +4,1 @@
    -public func multiply(_ a: Int, _ b: Int) -> Int { a * b }
    +public func multiply(_ a: Int, _ b: Int) -> Int { a * b + 1 }

    """.write(to: stale, atomically: true, encoding: .utf8)
    var verifier = Verifier(
      course: course, timeLimit: 30, style: Style(colour: false), interruption: Interruption())
    verifier.lessons = [lesson]
    #expect(try verifier.run() == 1, "a patch that does not apply must fail verify")
    let check = try #require(verifier.failedChecks.first { $0.contains("wrong-task2-stale") })
    #expect(check.contains("no longer applies"), "the reason: \(check)")
    #expect(check.contains("Arithmetic.swift"), "the rejected file is named: \(check)")
  }

  @Test("--save-variant writes a patch that --verify applies back to the same files")
  func saveVariant() throws {
    let root = try MiniKata.prepare()
    let course = try Course(root: root)
    let lesson = try #require(course.lessons.first)
    let edited = FileManager.default.temporaryDirectory.appending(path: "kata-edited-\(UUID())")
    defer { try? FileManager.default.removeItem(at: edited) }
    try FileManager.default.copyItem(at: root.appending(path: lesson.solutionsFolder), to: edited)
    let changed =
      "/// Adds, wrongly.\npublic func add(_ left: Int, _ right: Int) -> Int { left - right }\n"
      + "\n/// Multiplies two numbers.\npublic func multiply(_ left: Int, _ right: Int) -> Int {"
      + " left * right }\n"
    try changed.write(
      to: edited.appending(path: "Arithmetic.swift"), atomically: true, encoding: .utf8)
    try "public let extra = 1\n".write(
      to: edited.appending(path: "Extra.swift"), atomically: true, encoding: .utf8)

    let path = try Variant.save(name: "wrong-task1-subtracts", of: lesson, from: edited, root: root)
    let patch = root.appending(path: path)
    defer { try? FileManager.default.removeItem(at: patch) }
    let text = try String(contentsOf: patch, encoding: .utf8)
    #expect(text.hasPrefix("# The mistake"), "a new patch asks for its description first")
    #expect(Variant.header(of: text).count == 2)

    let target = FileManager.default.temporaryDirectory.appending(path: "kata-applied-\(UUID())")
    defer { try? FileManager.default.removeItem(at: target) }
    try FileManager.default.copyItem(at: root.appending(path: lesson.solutionsFolder), to: target)
    let variant = try #require(
      Variant.all(of: lesson, root: root).first { $0.name == "wrong-task1-subtracts" })
    #expect(variant.isPatch && variant.expectation == .wrong(task: 1))
    #expect(variant.apply(to: target).isEmpty)
    #expect(
      try String(contentsOf: target.appending(path: "Arithmetic.swift"), encoding: .utf8) == changed
    )
    #expect(FileManager.default.fileExists(atPath: target.appending(path: "Extra.swift").path))

    // Saving again keeps the description a maintainer wrote.
    try
      ("# Subtracts instead of adding.\n"
      + text.drop { $0 != "\n" }.dropFirst().drop { $0 != "\n" }.dropFirst())
      .write(to: patch, atomically: true, encoding: .utf8)
    _ = try Variant.save(name: "wrong-task1-subtracts", of: lesson, from: edited, root: root)
    #expect(variant.summary == "Subtracts instead of adding.")
    for bad in [
      "task1-no-prefix", "wrong-task1-", "wrong-task1-my mistake", "wrong-task9-no-such-task",
    ] {
      #expect(throws: GraderError.self, "the name \(bad) must be refused") {
        try Variant.save(name: bad, of: lesson, from: edited, root: root)
      }
    }
    // A folder that is not a copy of this lesson's module (tests, another lesson, empty).
    #expect(throws: GraderError.self, "a folder of tests must be refused") {
      try Variant.save(
        name: "wrong-task1-tests-folder", of: lesson,
        from: root.appending(path: "Tests/Lesson01ArithmeticTests"), root: root)
    }
  }

  @Test(
    "--reset puts the shipped starter back, even over a commit of the learner's, and keeps a backup"
  )
  func reset() throws {
    let root = try MiniKata.prepare()
    try MiniKata.git(["init", "-q"], in: root)
    try MiniKata.git(["add", "-A"], in: root)
    try MiniKata.git(["commit", "-qm", "The kata as shipped"], in: root)
    try MiniKata.use(case: "crash", in: root)
    try MiniKata.git(["commit", "-qam", "My work so far"], in: root)
    // Hundreds of commits of the lesson since the starter (break round 12, case 11: past 200,
    // "no commit holds the starter").
    let work = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift")
    let mine = try Data(contentsOf: work)
    for step in 1...205 {
      try (mine + Data("// step \(step)\n".utf8)).write(to: work)
      try MiniKata.git(["commit", "-qam", "Step \(step)"], in: root)
    }
    try mine.write(to: work)
    try MiniKata.git(["commit", "-qam", "Back to my work"], in: root)
    let course = try Course(root: root)
    let lesson = try #require(course.lessons.first)
    #expect(!Checksums(root: root).isUntouchedStarter(lesson))

    // A file where the backups go stops the reset before anything moves, and says why.
    let blocker = root.appending(path: "grade-backups")
    try Data("notes".utf8).write(to: blocker)
    #expect {
      try Reset(course: course, style: Style(colour: false), interruption: Interruption()).run(
        lesson, assumeYes: true)
    } throws: { error in
      "\(error)".contains("grade-backups is a file") && "\(error)".contains("Nothing changed")
    }
    #expect(!Checksums(root: root).isUntouchedStarter(lesson), "the learner's code stays")
    try FileManager.default.removeItem(at: blocker)

    let status = try Reset(
      course: course, style: Style(colour: false), interruption: Interruption()
    ).run(lesson, assumeYes: true)
    #expect(status == 0)
    let exercise = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift")
    let starter = root.appending(path: "Starter.swift")
    #expect(try Data(contentsOf: exercise) == Data(contentsOf: starter), "the starter is back")
    let backups = try FileManager.default.contentsOfDirectory(
      atPath: root.appending(path: "grade-backups").path)
    let backup = try #require(backups.first)
    let saved = root.appending(path: "grade-backups/\(backup)/Arithmetic.swift")
    let crash = root.appending(path: "Cases/crash.swift")
    #expect(try Data(contentsOf: saved) == Data(contentsOf: crash), "the learner's file is kept")
    #expect(Checksums(root: root).isUntouchedStarter(lesson))
  }

  @Test("--hint shows the first unfinished task's hints one at a time")
  func hints() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: nil, in: root)
    let course = try Course(root: root)
    let lesson = try #require(course.lessons.first)
    let text = try #require(LessonText(root: root, path: "lessons/01-arithmetic.md"))
    #expect(text.hints["Task 1 — Add"] == ["Use `+`.", "Really: `left + right`."])
    let hints = Hints(course: course, style: Style(colour: false))
    let grading = Grading(course: course, timeLimit: 30, interruption: Interruption())
    #expect(try hints.show(for: lesson, task: nil, grading: grading) == 0)
    #expect(try hints.show(for: lesson, task: 1, grading: grading) == 0)
    #expect(throws: GraderError.self) { try hints.show(for: lesson, task: 7, grading: grading) }
  }

  @Test("--watch grades again after a save, once the file is complete")
  func watch() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: nil, in: root)
    let course = try Course(root: root)
    let lesson = try #require(course.lessons.first)
    let graded = Mutex<[LessonGrade]>([])
    var watch = Watch(
      course: course, style: Style(colour: false), timeLimit: 30, interruption: Interruption())
    watch.stopAfter = 1
    watch.quietPeriod = 1.5  // Far longer than the gap between the two writes below.
    watch.onGraded = { grades in graded.withLock { $0 += grades } }
    let finished = Mutex(false)
    let configured = watch
    let thread = Thread {
      _ = try? configured.run(lesson)
      finished.withLock { $0 = true }
    }
    thread.start()
    let deadline = Date().addingTimeInterval(120)
    while graded.withLock({ $0.isEmpty }) && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
    }
    #expect(graded.withLock { $0.first?.compiled } == true, "the first grading is of the starter")
    // Save in two writes, as some editors do: the half-written file must not be graded.
    let exercise = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift")
    let broken = try String(contentsOf: root.appending(path: "Cases/broken.swift"), encoding: .utf8)
    try String(broken.prefix(20)).write(to: exercise, atomically: false, encoding: .utf8)
    Thread.sleep(forTimeInterval: 0.1)
    try broken.write(to: exercise, atomically: true, encoding: .utf8)
    while !finished.withLock({ $0 }) && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
    let grades = graded.withLock { $0 }
    #expect(grades.count == 2, "one grading at the start, one for the save")
    let errors = try #require(grades.last?.compileErrors)
    #expect(
      errors.first?.message.contains("cannot convert") == true, "the complete save was graded")
  }

  @Test("A lesson file that changes while the tests run makes the grade count nothing")
  func changedDuringTheTests() throws {
    let root = try MiniKata.prepare()
    let generated = root.appending(path: "Exercises/Lesson01Arithmetic/Generated.swift")
    defer {
      try? FileManager.default.removeItem(at: generated)
      try? MiniKata.use(case: nil, in: root)
    }
    // The code under test writes a file into its lesson while its tests run, as a save would.
    let grade = try MiniKata.grade(case: "writer")
    #expect(!grade.isDone)
    #expect(
      grade.problem?.contains("Files changed while the lesson was graded") == true,
      "\(grade.problem ?? "no problem")")
    #expect(grade.problem?.contains("Generated.swift") == true)
    #expect(JSONReport(grades: [grade]).lessons.map(\.status) == ["error"])
  }

  @Test("--watch does not grade without end when the code under test writes into the lesson")
  func watchIgnoresWhatTheTestsWrite() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: "writer", in: root)
    let generated = root.appending(path: "Exercises/Lesson01Arithmetic/Generated.swift")
    defer {
      try? FileManager.default.removeItem(at: generated)
      try? MiniKata.use(case: nil, in: root)
    }
    let course = try Course(root: root)
    let lesson = try #require(course.lessons.first)
    let graded = Mutex(0)
    let stop = Mutex(false)
    let finished = Mutex(false)
    var watch = Watch(
      course: course, style: Style(colour: false), timeLimit: 30, interruption: Interruption())
    watch.stopAfter = 4
    watch.onGraded = { _ in graded.withLock { $0 += 1 } }
    watch.stopsWhen = { stop.withLock { $0 } }
    let configured = watch
    let thread = Thread {
      _ = try? configured.run(lesson)
      finished.withLock { $0 = true }
    }
    thread.start()
    let deadline = Date().addingTimeInterval(240)
    while graded.withLock({ $0 }) < 3 && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
    // The first grading wrote Generated.swift, which sets off a second, and that a third (a
    // learner may save twice while gradings run); the third writes it again, which is taken
    // for no save. Time for a fourth grading to come, were one coming.
    Thread.sleep(forTimeInterval: 8)
    #expect(
      graded.withLock { $0 } == 3, "one grading at the start, two in a row for the new file")
    // A save of the learner's is graded once, though the tests write the file again.
    let exercise = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift")
    try Data(contentsOf: exercise).write(to: exercise)
    while graded.withLock({ $0 }) < 4 && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
    Thread.sleep(forTimeInterval: 8)
    #expect(graded.withLock { $0 } == 4, "and one for the learner's save")
    stop.withLock { $0 = true }
    while !finished.withLock({ $0 }) && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
    #expect(finished.withLock { $0 })
  }

  @Test("A second grader in the same folder waits for the first")
  func twoRunsAtOnce() throws {
    let root = try MiniKata.prepare()
    var first: RunLock? = try RunLock(root: root, interruption: Interruption())
    let acquired = Mutex<Date?>(nil)
    let thread = Thread {
      let second = try? RunLock(root: root, interruption: Interruption())
      acquired.withLock { $0 = Date() }
      withExtendedLifetime(second) {}
    }
    thread.start()
    Thread.sleep(forTimeInterval: 1)
    #expect(
      acquired.withLock { $0 } == nil, "the second run must wait while the first holds the lock")
    let released = Date()
    withExtendedLifetime(first) {}
    first = nil
    let deadline = Date().addingTimeInterval(10)
    while acquired.withLock({ $0 }) == nil && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    let when = try #require(
      acquired.withLock { $0 }, "the second run must go on once the first ends")
    #expect(when >= released)
  }

  @Test("Each quality gate names the file and line of a deliberate violation")
  func gatesCatchViolations() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: nil, in: root)
    let course = try Course(root: root)
    let lesson = try #require(course.lessons.first)
    let gates = QualityGates(root: root, interruption: Interruption())
    _ = try Grading(course: course, timeLimit: 30, interruption: Interruption()).grade(
      [lesson], from: .solutions)
    let modules = root.appending(path: ".build/solutions/debug/Modules")
    #expect(try gates.formatting().isEmpty, "the fixture starts clean")
    #expect(gates.links().isEmpty)
    #expect(try gates.compileSnippets(of: lesson, modules: modules).isEmpty)

    let text = root.appending(path: "lessons/01-arithmetic.md")
    let original = try String(contentsOf: text, encoding: .utf8)
    defer { try? original.write(to: text, atomically: true, encoding: .utf8) }
    let broken =
      original
      + "\nSee [the missing task](#task-9--nowhere) and [a file](nowhere.md).\n\n"
      + "```swift\nlet product: Int = multiply(2, \"three\")\n```\n"
    try broken.write(to: text, atomically: true, encoding: .utf8)
    let links = gates.links()
    #expect(links.count == 2 && links.allSatisfy { $0.hasPrefix("lessons/01-arithmetic.md:") })
    let snippets = try gates.compileSnippets(of: lesson, modules: modules)
    let snippetLine = broken.split(separator: "\n", omittingEmptySubsequences: false)
      .firstIndex { $0.hasPrefix("let product") }.map { $0 + 1 }
    #expect(snippets.count == 1)
    #expect(snippets.first?.hasPrefix("lessons/01-arithmetic.md:\(snippetLine ?? 0):") == true)

    let exercise = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift")
    let starter = try String(contentsOf: exercise, encoding: .utf8)
    try (starter + "\nlet   badlyFormatted=1\n").write(
      to: exercise, atomically: true, encoding: .utf8)
    defer { try? MiniKata.use(case: nil, in: root) }
    let formatting = try gates.formatting()
    #expect(formatting.contains { $0.hasPrefix("Exercises/Lesson01Arithmetic/Arithmetic.swift:") })
  }

  @Test(
    "The shell gate rejects a bash-only construct in grade.sh",
    .enabled(
      if: QualityGates.canCheckShells(path: ProcessInfo.processInfo.environment["PATH"]),
      "needs ShellCheck or dash"))
  func shellGate() throws {
    let root = try MiniKata.prepare()
    let gates = QualityGates(root: root, interruption: Interruption())
    let script = root.appending(path: "grade.sh")
    try "#!/bin/sh\nif [[ \"$1\" == --help ]]; then echo OVERVIEW:; fi\n".write(
      to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    let shell = try gates.shellPortability()
    #expect(!shell.problems.isEmpty, "a bash-only [[ ]] must fail under dash or ShellCheck")
    #expect(shell.problems.contains { $0.hasPrefix("grade.sh") })
  }

  @Test("A new compiler warning in a solution fails --verify's solution check")
  func warningsFail() throws {
    let root = try MiniKata.prepare()
    let solution = root.appending(path: "Solutions/Lesson01Arithmetic/Arithmetic.swift")
    let original = try String(contentsOf: solution, encoding: .utf8)
    defer { try? original.write(to: solution, atomically: true, encoding: .utf8) }
    try (original + "\nfunc unusedResult() { let never = 1 }\n").write(
      to: solution, atomically: true, encoding: .utf8)
    let course = try Course(root: root)
    let grade = try #require(
      try Grading(course: course, timeLimit: 30, interruption: Interruption()).grade(
        course.lessons, from: .solutions
      ).first)
    #expect(
      grade.warnings.contains {
        $0.location?.file == "Solutions/Lesson01Arithmetic/Arithmetic.swift"
      })
  }

  @Test("When the tests no longer compile against the learner's code, the next step says why")
  func testsNoLongerCompile() throws {
    let lesson = try MiniKata.grade(case: "renamed")
    let errors = try #require(lesson.compileErrors)
    #expect(errors.allSatisfy { $0.location?.file.hasPrefix("Tests/") == true })
    let next = try #require(
      Report(style: Style(colour: false)).nextStep([lesson], source: .exercises))
    #expect(next.contains("Keep the declarations the starter had"))
    #expect(!next.contains("start with Tests/"), "never send the learner to edit a test")
  }

  @Test("--mutants reports a statement no test needs, and a justification accepts it")
  func mutants() throws {
    let root = try MiniKata.prepare()
    let course = try Course(root: root)
    let lesson = try #require(course.lessons.first)
    let solution = root.appending(path: "Solutions/Lesson01Arithmetic/Arithmetic.swift")
    let before = try Data(contentsOf: solution)
    let justifications = root.appending(path: "Variants/Lesson01Arithmetic/mutants.txt")
    try """
    # File.swift | the original line, trimmed | mutation | why no test needs it
    Arithmetic.swift | if left == 0 { return 0 }  // A shortcut no test needs; `--mutants` finds it. | delete line | a shortcut
    """.write(to: justifications, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: justifications) }
    var check = MutationCheck(
      course: course, lesson: lesson, timeLimit: 10, style: Style(colour: false),
      interruption: Interruption())
    let results = Mutex<[MutationCheck.Result]>([])
    check.onResult = { result in results.withLock { $0.append(result) } }
    #expect(try check.run() == 0, "the only survivor is justified")
    let outcomes = results.withLock { $0 }.map { result -> String in
      let outcome =
        switch result.outcome {
        case .killed: "killed"
        case .notCompiled: "not compiled"
        case .survived: "survived"
        }
      return "\(result.mutant.line) \(result.mutant.kind): \(outcome)"
    }
    #expect(
      outcomes == ["6 delete line: survived", "6 == → !=: killed", "7 delete line: not compiled"])
    let survivor = try #require(results.withLock { $0 }.first { $0.outcome == .survived })
    #expect(survivor.justified)
    #expect(
      check.survivorLine(survivor.mutant).hasPrefix(
        "Solutions/Lesson01Arithmetic/Arithmetic.swift:6: delete line  │ if left == 0"))
    #expect(try Data(contentsOf: solution) == before, "Solutions/ is never written")
  }

  @Test("A flood of output neither hangs the grader nor hides the result")
  func flood() throws {
    let lesson = try MiniKata.grade(case: "flood")
    #expect(lesson.tasks.flatMap(\.tests).map(\.status) == [.passed, .passed, .failed])
    let multiplies = try #require(lesson.tasks.last?.tests.first)
    #expect(multiplies.printed.count == 100, "the last 100 lines it printed, no more")
    #expect(
      multiplies.printed.first?.hasPrefix("… (earlier lines left out") == true,
      "the cut is said, not hidden")
    #expect(multiplies.printed.dropFirst().allSatisfy { $0.hasPrefix("noise ") })
    #expect(multiplies.printed.last == "noise 199999", "the last lines are the last printed")
    let text = Report(style: Style(colour: false)).detailed(lesson)
    let shown = text.split(separator: "\n").filter { $0.contains("noise ") }.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(shown.last == "noise 199999", "the report ends with the last line printed:\n\(text)")
    #expect(
      text.contains("left out") && !text.contains("of 50 lines"),
      "the report says the output was cut, not that it was 50 lines:\n\(text)")
    let json = JSONReport(grades: [lesson]).lessons.first?.tests.last?.output
    #expect(json?.hasSuffix("noise 199999") == true, "--json keeps the end: \(json ?? "")")
    #expect(lesson.tasks.first?.tests.allSatisfy { $0.printed.isEmpty } == true)
  }

  @Test("Tests run in a time zone far from UTC, so a shift by the machine's zone fails anywhere")
  func timeZone() throws {
    let lesson = try MiniKata.grade(case: "timezone")
    #expect(lesson.tasks.flatMap(\.tests).map(\.status) == [.failed, .failed, .passed])
  }

  @Test("Text a test prints without a final newline is that test's, not the next one's")
  func partialLines() throws {
    let lesson = try MiniKata.grade(case: "partial")
    let printed = lesson.tasks.flatMap(\.tests).map(\.printed)
    #expect(printed == [["adding 2 and 3"], ["adding 7 and 0"], ["multiplying"]])
  }

  @Test("An idle --watch holds no lock: --hint and another grading in a second terminal finish")
  func idleWatchBlocksNothing() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: nil, in: root)
    let watch = try GraderRun(["--watch", "lesson01"], root: root)
    defer { watch.end() }
    // Bounds below end a hang; they claim nothing about speed.
    try #require(
      watch.waitForOutput(containing: "save to grade again", upTo: 600),
      "the watch's first grading did not finish: \(watch.errors)")
    let hint = try GraderRun(["--hint", "lesson01", "1"], root: root)
    #expect(hint.waitForExit(upTo: 60), "--hint waited behind an idle --watch")
    #expect(hint.status == 0 && hint.output.contains("hint"), "\(hint.output) \(hint.errors)")
    hint.end()
    let grading = try GraderRun(["lesson01"], root: root)
    #expect(grading.waitForExit(upTo: 180), "a grading waited behind an idle --watch")
    #expect(grading.status == 1, "the starter fails some tests: \(grading.errors)")
    grading.end()
    let list = try GraderRun(["--list"], root: root)
    #expect(list.waitForExit(upTo: 60), "--list waited behind an idle --watch")
    list.end()
  }

  @Test("A module cache written over is made again, and the learner's code graded as it is")
  func damagedModuleCacheRebuilt() throws {
    let root = try MiniKata.prepare()
    let starter = try MiniKata.grade(case: nil)
    try #require(starter.compiled, "the starter builds: \(starter.compileErrors ?? [])")
    let cache = root.appending(path: Builder.moduleCachePath)
    let files = (FileManager.default.enumerator(atPath: cache.path)?.allObjects as? [String]) ?? []
    let modules = files.filter { $0.hasSuffix(".pcm") }
    try #require(!modules.isEmpty, "the grader's builds share \(Builder.moduleCachePath)")
    for module in modules {
      try Data(repeating: 7, count: 512).write(to: cache.appending(path: module))
    }
    // An edit, so that the build reads the cache again.
    let exercise = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift")
    let handle = try FileHandle(forWritingTo: exercise)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("\n// edited\n".utf8))
    try handle.close()
    let lesson = try MiniKata.grade(case: nil, keepingExercise: true)
    #expect(lesson.compiled, "not the learner's compile error: \(lesson.compileErrors ?? [])")
    #expect(lesson.passedCount == 1 && lesson.failedCount == 2, "the starter, graded")
  }

  @Test("A learner's own build holding .build (a terminal, an editor) does not hold up grading")
  func learnersBuildFolderNotWaitedFor() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: nil, in: root)
    let scratch = root.appending(path: ".build")
    let descriptor = try Self.holdSwiftPMLock(on: scratch)
    defer { close(descriptor) }
    defer { try? FileManager.default.removeItem(at: scratch.appending(path: ".lock")) }
    let grading = try GraderRun(["lesson01"], root: root)
    defer { grading.end() }
    #expect(grading.waitForExit(upTo: 600), "the grader waited for the learner's build")
    #expect(grading.status == 1, "the starter is graded: \(grading.errors)")
    #expect(!grading.errors.contains("Another SwiftPM process"), "\(grading.errors)")
  }

  @Test(
    "A run behind another SwiftPM process's lock on its build folder says what it waits for")
  func swiftPMLockNamed() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: nil, in: root)
    let scratch = root.appending(path: CodeSource.exercises.scratchPath)
    let descriptor = try Self.holdSwiftPMLock(on: scratch)
    var released = false
    defer { if !released { close(descriptor) } }
    let pid = "\(getpid())"
    let grading = try GraderRun(["lesson01"], root: root)
    defer { grading.end() }
    let said = grading.waitForErrors(containing: "Another SwiftPM process", upTo: 120)
    close(descriptor)
    released = true
    #expect(said, "the wait is named: \(grading.errors)")
    #expect(
      grading.errors.contains("(process \(pid)") && grading.errors.contains("Ctrl-C"),
      "the holder's process id and how to stop: \(grading.errors)")
    #expect(grading.waitForExit(upTo: 600), "the run goes on once the lock is released")
    #expect(grading.status == 1, "the starter is graded: \(grading.errors)")
  }

  /// Holds SwiftPM's own lock on `scratch` as another `swift build` there would: `flock` on
  /// its lock file in the temporary folder, this process's id in `<scratch>/.lock`.
  ///
  /// - Returns: The lock file's descriptor; closing it lets go.
  private static func holdSwiftPMLock(on scratch: URL) throws -> Int32 {
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let lockFile = try #require(
      SwiftPMLock.lockFiles(
        for: scratch, temporaryFolders: [Surroundings.current().temporaryFolder]
      )
      .first)
    let descriptor = open(lockFile.path, O_CREAT | O_RDWR, 0o644)
    try #require(descriptor >= 0)
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      throw CocoaError(.fileLocking)
    }
    try "\(getpid())".write(to: scratch.appending(path: ".lock"), atomically: true, encoding: .utf8)
    return descriptor
  }

  @Test("An exit handler that never returns ends in a verdict, and nothing is left running")
  func atexitHang() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: "atexit", in: root)
    let grading = try GraderRun(["lesson01", "--json"], root: root)
    defer { grading.end() }
    try #require(grading.waitForExit(upTo: 600), "the grader waited for the test process forever")
    #expect(grading.status == 1, "multiply is wrong: \(grading.errors)")
    let json = grading.output
    #expect(json.contains("\"passed\"") && json.contains("\"failed\""), "\(json)")
    let text = try MiniKata.grade(case: "atexit")
    #expect(text.tasks.flatMap(\.tests).map(\.status) == [.passed, .passed, .failed])
    let said = text.notes.joined(separator: " ")
    #expect(said.contains("did not exit within 5 s after its last test"), "\(said)")
    #expect(MiniKata.leftoverTestProcesses() == 0, "the test process was ended")
  }

  @Test(
    "A shell that carries the grader's mark and runs the grader is not ended as a leftover",
    .timeLimit(.minutes(5)))
  func markedShellSpared() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: nil, in: root)
    let grader = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appending(path: "kata-grader")
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    // The shell goes on after the grader: it says so, unless it was killed.
    shell.arguments = ["-c", "\"$0\" lesson01 >/dev/null 2>&1; echo shell lived on", grader.path]
    var environment = ProcessInfo.processInfo.environment
    environment["KATA_ROOT"] = root.path
    environment[ChildProcess.markVariable] = ProcessMarks.mark(
      forBuildFolder: root.appending(path: CodeSource.exercises.scratchPath))
    shell.environment = environment
    let output = Pipe()
    shell.standardOutput = output
    try shell.run()
    let said = output.fileHandleForReading.readDataToEndOfFile()
    shell.waitUntilExit()
    #expect(
      shell.terminationReason == .exit
        && String(decoding: said, as: UTF8.self).contains("lived on"),
      "the grader's own parent shell carried the mark and was killed (status \(shell.terminationStatus))"
    )
  }

  @Test("A child process that outlives the test and keeps its output open is ended")
  func leftoverChild() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: "leftover", in: root)
    let grading = try GraderRun(["lesson01"], root: root)
    defer { grading.end() }
    try #require(grading.waitForExit(upTo: 600), "the grader waited for the child forever")
    #expect(grading.status == 1, "multiply is wrong: \(grading.errors)")
    #expect(grading.output.contains("Adds two numbers"), "\(grading.output)")
    #expect(MiniKata.sleepers() == [], "the learner's child process was ended")
    let lesson = try MiniKata.grade(case: "leftover")
    #expect(lesson.tasks.flatMap(\.tests).map(\.status) == [.passed, .passed, .failed])
    let mark = ProcessMarks.mark(
      forBuildFolder: root.appending(path: CodeSource.exercises.scratchPath))
    let marked = ProcessMarks.marked(by: mark).filter { $0.command.contains("987654") }
    #expect(marked.isEmpty, "no process with the grader's mark is left: \(marked)")
    let report = Report(style: Style(colour: false)).detailed(lesson)
    #expect(report.contains("the grader stopped"), "the report says what was ended:\n\(report)")
    #expect(!report.contains("atexit"), "and blames no exit handler as well:\n\(report)")
    #expect(MiniKata.sleepers() == [], "the learner's child process was ended")
  }

  @Test(
    "An issue recorded after its test ended fails that test; one that names no test fails the lesson"
  )
  func issuesOutsideTheirTest() throws {
    let lesson = try MiniKata.grade(case: "late-issue")
    let tests = lesson.tasks.flatMap(\.tests)
    #expect(
      tests.map(\.status) == [.failed, .passed, .passed],
      "the test whose task recorded an issue after it ended fails: \(tests)")
    let adds = try #require(tests.first, "the first test of add ran")
    #expect(
      adds.failures.flatMap(\.comments) == ["recorded by a task that add(_:_:) left running"],
      "the late issue is the test's: \(adds.failures)")
    #expect(adds.note?.contains("after this test ended") == true, "\(adds.note ?? "no note")")
    #expect(!lesson.isDone, "an issue outside any test keeps the lesson from being done")
    let problem = lesson.problem ?? ""
    #expect(problem.contains("outside any test"), "\(problem)")
    #expect(
      problem.contains("recorded by a detached task that add(_:_:) left running"),
      "the issue's own message is shown: \(problem)")
    #expect(
      problem.contains("Exercises/Lesson01Arithmetic/Arithmetic.swift:24"),
      "and where it was recorded: \(problem)")
    let text = Report(style: Style(colour: false))
    let said =
      text.detailed(lesson)
      + text.closing([lesson], source: .exercises, editedTests: [])
      .joined(separator: "\n")
    #expect(!said.contains("Lesson done"), "\(said)")
    #expect(said.contains("outside any test"), "the text report says why: \(said)")
    let json = try #require(JSONReport(grades: [lesson]).lessons.first, "one lesson in --json")
    #expect(json.status == "error", "--json agrees: \(json.status)")
    #expect(
      json.tests.first?.outcome == "failed" && json.message?.contains("outside any test") == true,
      "\(json)")
    let xml = JUnitReport.xml(for: [lesson])
    #expect(
      xml.contains("<failure") && xml.contains("outside any test"), "--junit agrees:\n\(xml)")
    #expect([lesson].failedCount > 0, "so the grader exits 1")
  }

  @Test(
    "A crash or a failing status after the last test is reported, and the lesson is not done",
    arguments: ["exit-crash", "exit-status"])
  func failureAfterTheLastTest(case name: String) throws {
    let lesson = try MiniKata.grade(case: name)
    let tests = lesson.tasks.flatMap(\.tests)
    #expect(tests.map(\.status) == [.passed, .passed, .passed], "the tests keep their results")
    #expect(!lesson.isDone, "the process did not end cleanly")
    let problem = lesson.problem ?? ""
    #expect(problem.contains("after its last test"), "\(problem)")
    if name == "exit-crash" {
      #expect(problem.contains("Index out of range"), "the runtime's message: \(problem)")
      #if os(Linux)
        #expect(
          problem.contains("Exercises/Lesson01Arithmetic/Arithmetic.swift:8"),
          "the learner's line, from the backtrace: \(problem)")
      #endif
    } else {
      #expect(problem.contains("status"), "the status is named: \(problem)")
    }
    let json = try #require(JSONReport(grades: [lesson]).lessons.first, "one lesson in --json")
    #expect(json.status == "error" && json.message == lesson.problem, "\(json)")
    let xml = JUnitReport.xml(for: [lesson])
    #expect(xml.contains("after its last test"), "--junit names it:\n\(xml)")
    let closing = Report(style: Style(colour: false)).closing(
      [lesson], source: .exercises, editedTests: [])
    #expect(!closing.joined().contains("Lesson done"), "\(closing)")
  }

  @Test("A test that prints SwiftPM's words for a crash does not make a clean run a crash")
  func printedSignalLine() throws {
    let lesson = try MiniKata.grade(case: "printed-signal")
    let tests = lesson.tasks.flatMap(\.tests)
    #expect(tests.map(\.status) == [.passed, .passed, .passed], "\(tests)")
    #expect(lesson.problem == nil, "the process ended with status 0: \(lesson.problem ?? "")")
    #expect(lesson.isDone)
  }

  @Test("A crash in work an earlier test left running says so under the test it interrupted")
  func crashInLeftoverWork() throws {
    let lesson = try MiniKata.grade(case: "leftover-task")
    let tests = lesson.tasks.flatMap(\.tests)
    #expect(tests.map(\.status) == [.passed, .passed, .crashed], "\(tests)")
    let note = tests.last?.note ?? ""
    #expect(note.contains("Index out of range"), "the crash itself: \(note)")
    #if os(Linux)
      #expect(
        note.contains("an earlier test"),
        "the backtrace has no frame of this test: the work may be an earlier test's: \(note)")
    #endif
  }
}

/// A private copy of Fixtures/MiniKata with the real Package.swift and test support.
enum MiniKata {
  private static let root = Mutex<URL?>(nil)

  static func grade(
    case name: String?, source: CodeSource = .exercises, timeLimit: Double = 30,
    keepingExercise: Bool = false
  ) throws -> LessonGrade {
    let root = try prepare()
    if !keepingExercise { try use(case: name, in: root) }
    let course = try Course(root: root)
    let grades = try Grading(course: course, timeLimit: timeLimit, interruption: Interruption())
      .grade(
        course.lessons, from: source)
    return try #require(grades.first)
  }

  /// The grader's work folder for the exercises in the copy (`.build/exercises/kata-grader`).
  static func workFolder() -> URL {
    let root = root.withLock { $0 } ?? URL(fileURLWithPath: "/nonexistent")
    return root.appending(path: CodeSource.exercises.scratchPath).appending(path: "kata-grader")
  }

  /// Puts a broken exercise from Cases/ in place, or the starter back for `nil`.
  static func use(case name: String?, in root: URL) throws {
    let exercise = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift")
    let replacement = root.appending(path: name.map { "Cases/\($0).swift" } ?? "Starter.swift")
    try Data(contentsOf: replacement).write(to: exercise)
  }

  /// Runs a command found on PATH, and requires it to succeed.
  static func run(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(arguments.joined(separator: " ")) failed")
  }

  static func git(_ arguments: [String], in root: URL) throws {
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    git.arguments =
      ["git", "-C", root.path, "-c", "user.name=Kata", "-c", "user.email=kata@example.com"]
      + arguments
    try git.run()
    git.waitUntilExit()
    try #require(git.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
  }

  /// Whether the test process itself (not the build) runs in this copy.
  static func testProcessRuns() -> Bool {
    processes().contains { $0.contains("PackageTests.xctest") && $0.contains("--event-stream") }
  }

  static func processes() -> [String] {
    let path = root.withLock { $0?.path } ?? "-"
    let ps = Process()
    ps.executableURL = URL(fileURLWithPath: "/bin/ps")
    ps.arguments = ["-A", "-o", "args="]
    let pipe = Pipe()
    ps.standardOutput = pipe
    guard (try? ps.run()) != nil else { return [] }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    ps.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
      .filter { $0.contains(path) }
  }

  /// The `sleep 987654` children the `leftover` case starts, by process id.
  static func sleepers() -> [String] {
    let ps = Process()
    ps.executableURL = URL(fileURLWithPath: "/bin/ps")
    ps.arguments = ["-A", "-o", "pid=,args="]
    let pipe = Pipe()
    ps.standardOutput = pipe
    guard (try? ps.run()) != nil else { return [] }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    ps.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
      .filter { $0.hasSuffix("sleep 987654") }
  }

  /// How many processes still work in this copy: a test process, a compiler or a linker.
  static func leftoverTestProcesses() -> Int {
    processes().filter { !$0.contains("/bin/ps") && !$0.hasPrefix("ps ") }.count
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
    for support in ["Tests/KataTestSupport", "Tests/KataOrderedOutput"] {
      try fileManager.copyItem(
        at: kataRoot.appending(path: support), to: target.appending(path: support))
    }
    try fileManager.copyItem(
      at: kataRoot.appending(path: ".swift-format"), to: target.appending(path: ".swift-format"))
    try fileManager.copyItem(
      at: target.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift"),
      to: target.appending(path: "Starter.swift"))
    let manifest = try String(
      contentsOf: kataRoot.appending(path: "Package.swift"), encoding: .utf8)
    let start = try #require(manifest.range(of: "let lessons = ["))
    let end = try #require(manifest[start.upperBound...].firstIndex(of: "]"))
    let rewritten = manifest.replacingCharacters(
      in: start.lowerBound...end, with: "let lessons = [\"Lesson01Arithmetic\"]")
    try rewritten.write(
      to: target.appending(path: "Package.swift"), atomically: true, encoding: .utf8)
    let course = try Course(root: target)
    try Checksums(root: target).write(for: course.lessons)
    root.withLock { $0 = target }
    return target
  }
}

/// The built grader run as a second terminal would: its output read as it comes.
final class GraderRun: @unchecked Sendable {
  private let process = Process()
  private let outputData = Mutex(Data())
  private let errorData = Mutex(Data())

  init(_ arguments: [String], root: URL) throws {
    let grader = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appending(path: "kata-grader")
    try #require(FileManager.default.isExecutableFile(atPath: grader.path), "\(grader.path)")
    process.executableURL = grader
    process.arguments = arguments
    process.currentDirectoryURL = root
    var environment = ProcessInfo.processInfo.environment
    environment["KATA_ROOT"] = root.path
    environment["NO_COLOR"] = "1"
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    Self.read(output) { data in self.outputData.withLock { $0.append(data) } }
    Self.read(errors) { data in self.errorData.withLock { $0.append(data) } }
  }

  private static func read(_ pipe: Pipe, into append: @escaping @Sendable (Data) -> Void) {
    let reader = pipe.fileHandleForReading
    Thread.detachNewThread {
      while true {
        let data = reader.availableData
        if data.isEmpty { break }
        append(data)
      }
    }
  }

  var output: String { String(decoding: outputData.withLock { $0 }, as: UTF8.self) }
  var errors: String { String(decoding: errorData.withLock { $0 }, as: UTF8.self) }
  var status: Int32 { process.isRunning ? -1 : process.terminationStatus }

  /// Whether it ended within `seconds`: a bound against a hang, not a claim about speed.
  func waitForExit(upTo seconds: Double) -> Bool {
    waitFor(seconds) { !self.process.isRunning }
  }

  /// Whether the output holds `text` at least `times` times within `seconds`.
  func waitForOutput(containing text: String, times: Int = 1, upTo seconds: Double) -> Bool {
    waitFor(seconds) { self.output.components(separatedBy: text).count - 1 >= times }
  }

  func waitForErrors(containing text: String, upTo seconds: Double) -> Bool {
    waitFor(seconds) { self.errors.contains(text) }
  }

  private func waitFor(_ seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
      if Date() > deadline || (!process.isRunning && !condition()) { return condition() }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return true
  }

  /// `kill -9`, which no program can answer: what it started lives on.
  func killOutright() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// Sends `number` to the grader, if it still runs.
  func signal(_ number: Int32) {
    if process.isRunning { kill(process.processIdentifier, number) }
  }

  /// Ctrl-C, as the learner would press it.
  func interrupt() {
    if process.isRunning { kill(process.processIdentifier, SIGINT) }
  }

  /// Ends it (and what it started) if it still runs: a failed test leaves nothing behind.
  func end() {
    guard process.isRunning else { return }
    interrupt()
    if !waitForExit(upTo: 10) { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }
}
