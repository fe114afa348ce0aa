import Foundation
import Testing

@testable import GraderCore

/// A workshop may delete `Solutions/` from the learners' copy and hand the solutions out
/// later: the grader then points to no solution and to no way of restoring it.
@Suite struct SolutionsGoneTests {
  /// A kata of one lesson, done, with or without its `Solutions/` folder.
  private static func makeKata(withSolutions: Bool) throws -> (URL, LessonGrade) {
    let root = FileManager.default.temporaryDirectory.appending(path: "kata-solutions-\(UUID())")
    var folders = ["Exercises/Lesson01X", "Tests/Lesson01XTests"]
    if withSolutions { folders.append("Solutions/Lesson01X") }
    for folder in folders {
      try FileManager.default.createDirectory(
        at: root.appending(path: folder), withIntermediateDirectories: true)
    }
    try Data("let lessons = [\"Lesson01X\"]\n".utf8).write(
      to: root.appending(path: "Package.swift"))
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
    return (root, grade)
  }

  @Test(
    "A done lesson points to its solution only when the kata has one", arguments: [false, true])
  func doneLesson(withSolutions: Bool) throws {
    let (root, grade) = try Self.makeKata(withSolutions: withSolutions)
    defer { try? FileManager.default.removeItem(at: root) }
    let report = Report(style: Style(colour: false), root: root)
    let closing = report.closing([grade], source: .exercises, editedTests: [])
      .joined(separator: "\n")
    #expect(closing.contains("Lesson done"), "the lesson is done:\n\(closing)")
    #expect(
      closing.contains("Compare with Solutions/") == withSolutions,
      "Solutions/ is named only when it is there:\n\(closing)")
    #expect(closing.contains("Check yourself"), "the questions are still asked:\n\(closing)")
    let hints = Hints(course: try Course(root: root), style: Style(colour: false))
    guard case .none(let lines, let status) = hints.nextTask(in: grade) else {
      Issue.record("a done lesson has no next task")
      return
    }
    #expect(status == 0, "every task passes")
    #expect(
      lines.joined().contains("Solutions/Lesson01X") == withSolutions,
      "--hint names the solution only when it is there: \(lines)")
  }
}
