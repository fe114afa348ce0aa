import Foundation
import Synchronization
import Testing

@testable import GraderCore

/// End-to-end cases on the MiniKata copy: members of ``EndToEndTests``, so they run one at a
/// time with the others that share the copy.
extension EndToEndTests {
  /// Grades every lesson of the copy, with Ctrl-C requested after `seconds`: a grade that
  /// would not end on its own (a build that never ends) ends then, as `nil`.
  static func gradeWithin(_ seconds: Double, root: URL) throws -> LessonGrade? {
    let course = try Course(root: root)
    let bound = Interruption()
    let finished = Atomic<Bool>(false)
    Thread.detachNewThread {
      let deadline = Date().addingTimeInterval(seconds)
      while !finished.load(ordering: .relaxed) && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.1)
      }
      bound.request()
    }
    defer { finished.store(true, ordering: .relaxed) }
    return try? Grading(course: course, timeLimit: 30, interruption: bound).grade(
      course.lessons, from: .exercises
    ).first
  }

  @Test(
    "A link to a folder, or to a file out of the lesson, made after SwiftPM's plan was kept, is refused before the build and named",
    arguments: ["..", ".", "folder outside", "file outside"])
  func linksRefusedBeforeTheBuild(kind: String) throws {
    let root = try MiniKata.prepare()
    // Any earlier grading keeps SwiftPM's plan, which a link made since does not change.
    let starter = try MiniKata.grade(case: nil)
    try #require(starter.compiled, "the starter builds")
    let outside = root.appending(path: "Extra")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    try Data("func helper() -> Int { 1 }\n".utf8).write(to: outside.appending(path: "Helper.swift"))
    let name = kind == "file outside" ? "Extra.swift" : "Linked"
    let link = root.appending(path: "Exercises/Lesson01Arithmetic/\(name)")
    defer {
      try? FileManager.default.removeItem(at: link)
      try? FileManager.default.removeItem(at: outside)
    }
    let destination =
      switch kind {
      case "..", ".": kind
      case "folder outside": outside.path
      default: outside.appending(path: "Helper.swift").path
      }
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: destination)

    let grade = try #require(
      try Self.gradeWithin(120, root: root),
      "the grading ended within 120 s (a build that never ends is stopped then)")
    let message = grade.compileErrors?.map(\.message).joined(separator: "\n") ?? "compiled"
    #expect(grade.refused && !grade.compiled, "not built: \(message)")
    #expect(
      message.hasPrefix("Exercises/Lesson01Arithmetic/\(name) is a link"),
      "the link is named first: \(message)")
    #expect(
      !message.contains("Package.swift") && !message.contains("Compiling Swift Module"),
      "neither Package.swift nor the compiler's duplicates: \(message)")
    #expect(message.contains("rm ") || kind == "file outside", "it says what to do: \(message)")
  }

  @Test("--junit to a named pipe is refused at once, before anything is graded")
  func junitToAPipe() throws {
    let root = try MiniKata.prepare()
    let folder = try BlockingPathTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pipe = folder.appending(path: "report.xml")
    try BlockingPathTests.makePipe(at: pipe)
    let link = folder.appending(path: "linked.xml")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: pipe)
    for target in [pipe, link] {
      let run = try GraderRun(["lesson01", "--junit", target.path], root: root)
      defer { run.end() }
      #expect(run.waitForExit(upTo: 30), "the grader waited on the pipe: \(run.errors)")
      #expect(run.status == 2, "a usage error: \(run.errors)")
      #expect(
        run.errors.contains("\(target.path) is a named pipe")
          && run.errors.contains("regular file"),
        "the pipe is named, and what --junit needs: \(run.errors)")
      #expect(!run.errors.contains("Building"), "nothing is graded: \(run.errors)")
    }
  }

  @Test("--solutions in a copy without Solutions/ says so, and not how to restore it")
  func solutionsDeleted() throws {
    let root = try MiniKata.prepare()
    let solutions = root.appending(path: "Solutions")
    let aside = root.appending(path: "Solutions-aside")
    try FileManager.default.moveItem(at: solutions, to: aside)
    defer { try? FileManager.default.moveItem(at: aside, to: solutions) }
    let run = try GraderRun(["--solutions", "lesson01"], root: root)
    defer { run.end() }
    #expect(run.waitForExit(upTo: 120), "the grader ends: \(run.errors)")
    #expect(run.status == 2, "it cannot run: \(run.errors)")
    #expect(
      run.errors.contains("no Solutions/ folder") && !run.errors.contains("git checkout"),
      "it says the solutions are not in this copy, and nothing untrue: \(run.errors)")
  }

  @Test(
    "--watch grades the last save when the learner saves during two gradings in a row",
    .timeLimit(.minutes(10)))
  func watchGradesTheLastSave() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: nil, in: root)
    defer { try? MiniKata.use(case: nil, in: root) }
    let exercise = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift")
    let starter = try String(contentsOf: root.appending(path: "Starter.swift"), encoding: .utf8)
    let broken = try String(contentsOf: root.appending(path: "Cases/broken.swift"), encoding: .utf8)
    let run = try GraderRun(["--watch", "lesson01"], root: root)
    defer { run.end() }
    func count(_ text: String) -> Int { run.output.components(separatedBy: text).count - 1 }
    func waitFor(_ text: String, times: Int, upTo seconds: Double) -> Bool {
      run.waitForOutput(containing: text, times: times, upTo: seconds)
    }
    let grading = "Grading lesson01"
    let watching = "Watching Exercises/Lesson01Arithmetic/"
    try #require(waitFor(watching, times: 1, upTo: 300), "the first grading: \(run.errors)")
    // A save while the watch is idle, then one a second into each of the next two gradings
    // (each builds and tests for several seconds), as an editor's autosave would.
    Thread.sleep(forTimeInterval: 1)
    try (starter + "// save 1\n").write(to: exercise, atomically: true, encoding: .utf8)
    try #require(waitFor(grading, times: 2, upTo: 60), "the save is graded: \(run.output)")
    Thread.sleep(forTimeInterval: 1)
    try (starter + "// save 2\n").write(to: exercise, atomically: true, encoding: .utf8)
    try #require(waitFor(grading, times: 3, upTo: 300), "the save during it: \(run.output)")
    Thread.sleep(forTimeInterval: 1)
    try broken.write(to: exercise, atomically: true, encoding: .utf8)
    // The last save is graded: a fourth grading, which finds the compile error.
    _ = waitFor(watching, times: 3, upTo: 300)
    _ = waitFor(watching, times: 4, upTo: 60)
    let output = run.output
    #expect(count(grading) == 4, "four gradings, the last of the last save:\n\(output)")
    let last = output.components(separatedBy: grading).last ?? ""
    #expect(last.contains("cannot convert"), "the last grading is of the last save:\n\(last)")
    #expect(
      !output.contains("the code under test writes it"),
      "the learner's saves are not taken for the tests' writes:\n\(output)")
  }
}

extension EndToEndTests {
  @Test(
    "--watch with no lesson still says it watches every lesson after grading one",
    .timeLimit(.minutes(10)))
  func watchAllSaysWhatItWatches() throws {
    let root = try MiniKata.prepare()
    try MiniKata.use(case: nil, in: root)
    defer { try? MiniKata.use(case: nil, in: root) }
    let exercise = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift")
    let starter = try String(contentsOf: root.appending(path: "Starter.swift"), encoding: .utf8)
    let run = try GraderRun(["--watch"], root: root)
    defer { run.end() }
    func waitFor(_ text: String, upTo seconds: Double) -> Bool {
      run.waitForOutput(containing: text, upTo: seconds)
    }
    try #require(waitFor("Watching Exercises/.", upTo: 60), "\(run.errors)")
    Thread.sleep(forTimeInterval: 1)
    try (starter + "// saved\n").write(to: exercise, atomically: true, encoding: .utf8)
    try #require(waitFor("Grading lesson01", upTo: 60), "the save is graded: \(run.output)")
    #expect(waitFor("Watching Exercises/ —", upTo: 300), "\(run.output)")
    #expect(
      !run.output.contains("Watching Exercises/Lesson01Arithmetic/"),
      "it watches every lesson, not the one it graded:\n\(run.output)")
  }
}

/// Which lesson `--watch` grades after a change, and what it leaves for the next grading.
@Suite struct WatchNextLessonTests {
  let lessons = [1, 2, 3].map {
    Lesson(module: "Lesson0\($0)X", number: $0, title: "Lesson 0\($0) — X", textPath: nil)
  }

  @Test("A change that touches two lessons grades one, and leaves the other's for the next")
  func twoLessonsOneChange() throws {
    let changed: Set = ["Exercises/Lesson03X/A.swift", "Exercises/Lesson01X/B.swift"]
    let next = try #require(Watch.next(changed, watched: nil, among: lessons))
    #expect(next.lesson.id == "lesson01" && next.changed == ["Exercises/Lesson01X/B.swift"])
    #expect(next.pending == ["Exercises/Lesson03X/A.swift"], "not lost (break round 12, case 12)")
    let then = try #require(Watch.next(next.pending, watched: nil, among: lessons))
    #expect(then.lesson.id == "lesson03" && then.pending.isEmpty)
    #expect(Watch.next(["Exercises/Other/C.swift"], watched: nil, among: lessons) == nil)
    // Watching one lesson, every change grades it.
    let one = try #require(Watch.next(changed, watched: lessons[1], among: lessons))
    #expect(one.lesson.id == "lesson02" && one.changed == changed && one.pending.isEmpty)
  }
}

/// How `--watch` tells the code under test's writes into its lesson from the learner's saves.
@Suite struct WatchWriteRuleTests {
  @Test("Saves during two gradings in a row, the first set off by a save, are the learner's")
  func learnersSaves() {
    var rule = Watch.WrittenByTests()
    #expect(rule.graded(setOffBy: nil, changedWhileGrading: []).isEmpty, "the first grading")
    // Saved while idle (A), then during A, then during B, which A's change set off.
    #expect(rule.graded(setOffBy: ["P"], changedWhileGrading: ["P"]).isEmpty, "A")
    #expect(rule.graded(setOffBy: ["P"], changedWhileGrading: ["P"]).isEmpty, "B")
    #expect(rule.graded(setOffBy: ["P"], changedWhileGrading: []).isEmpty, "C grades the last save")
    #expect(rule.files.isEmpty, "no file is taken for the tests'")
  }

  @Test(
    "A file that changes during three gradings in a row, each set off by the last, is the tests'")
  func testsWrites() {
    var rule = Watch.WrittenByTests()
    #expect(rule.graded(setOffBy: nil, changedWhileGrading: ["G"]).isEmpty, "the first grading")
    #expect(rule.graded(setOffBy: ["G"], changedWhileGrading: ["G"]).isEmpty, "the second")
    #expect(rule.graded(setOffBy: ["G"], changedWhileGrading: ["G"]) == ["G"], "the third")
    #expect(rule.graded(setOffBy: ["P"], changedWhileGrading: ["G"]).isEmpty, "found once")
    #expect(rule.files == ["G"], "and kept")
  }

  @Test("A save while the watch is idle breaks a row: that grading is the learner's")
  func idleSaveBreaksTheRow() {
    var rule = Watch.WrittenByTests()
    _ = rule.graded(setOffBy: nil, changedWhileGrading: ["P"])
    _ = rule.graded(setOffBy: ["P"], changedWhileGrading: ["P"])
    // The same file, saved again once the grading had ended.
    #expect(
      rule.graded(setOffBy: ["P"], savedWhileIdle: ["P"], changedWhileGrading: ["P"]).isEmpty,
      "not the third in a row")
    #expect(rule.files.isEmpty, "no file is taken for the tests'")
  }
}
