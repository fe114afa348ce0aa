import Foundation
import Testing

@testable import GraderCore
@testable import GraderMaintenance

/// The scratch copy every variant and mutant of a lesson is built from: it must always be
/// reset to exactly the solution, and must rewrite only what differs, so builds stay small.
@Suite struct ScratchCopyTests {
  /// A kata of one lesson whose solution has two files, in a fresh temporary folder.
  private static func makeCourse() throws -> (Course, Lesson) {
    let root = FileManager.default.temporaryDirectory.appending(path: "kata-copy-\(UUID())")
    let solution = root.appending(path: "Solutions/Lesson01Arithmetic")
    try FileManager.default.createDirectory(at: solution, withIntermediateDirectories: true)
    try "let lessons = [\n  \"Lesson01Arithmetic\",\n]\n".write(
      to: root.appending(path: "Package.swift"), atomically: true, encoding: .utf8)
    try "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n".write(
      to: solution.appending(path: "Add.swift"), atomically: true, encoding: .utf8)
    try "public func multiply(_ a: Int, _ b: Int) -> Int { a * b }\n".write(
      to: solution.appending(path: "Multiply.swift"), atomically: true, encoding: .utf8)
    let course = try Course(root: root)
    return (course, try #require(course.lessons.first))
  }

  private static func date(of file: URL) throws -> Date {
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    return try #require(attributes[.modificationDate] as? Date)
  }

  @Test("Reset writes every file the first time, then only those a variant changed or added")
  func resetRewritesOnlyWhatDiffers() throws {
    let (course, lesson) = try Self.makeCourse()
    defer { try? FileManager.default.removeItem(at: course.root) }
    let copy = ScratchCopy(course: course, lesson: lesson)
    #expect(try copy.reset() == ["Add.swift", "Multiply.swift"])
    #expect(try copy.reset() == [], "an unchanged copy is left alone, dates and all")

    let solution = ScratchCopy.contents(of: copy.module)
    let kept = try Self.date(of: copy.module.appending(path: "Multiply.swift"))
    try "public func add(_ a: Int, _ b: Int) -> Int { a - b }\n".write(
      to: copy.module.appending(path: "Add.swift"), atomically: true, encoding: .utf8)
    try "public let extra = 1\n".write(
      to: copy.module.appending(path: "Extra.swift"), atomically: true, encoding: .utf8)
    #expect(copy.changedFiles(since: solution) == ["Add.swift", "Extra.swift"])

    #expect(try copy.reset() == ["Add.swift", "Extra.swift"])
    #expect(ScratchCopy.contents(of: copy.module) == solution, "back to exactly the solution")
    #expect(try Self.date(of: copy.module.appending(path: "Multiply.swift")) == kept)
  }

  @Test("A file the variant removed is restored, and counted as changed")
  func resetRestoresRemovedFiles() throws {
    let (course, lesson) = try Self.makeCourse()
    defer { try? FileManager.default.removeItem(at: course.root) }
    let copy = ScratchCopy(course: course, lesson: lesson)
    try copy.reset()
    let solution = ScratchCopy.contents(of: copy.module)
    try FileManager.default.removeItem(at: copy.module.appending(path: "Multiply.swift"))
    #expect(copy.changedFiles(since: solution) == ["Multiply.swift"])
    #expect(try copy.reset() == ["Multiply.swift"])
    #expect(ScratchCopy.contents(of: copy.module) == solution)
  }

  @Test("An object older than the edit means the build graded old code")
  func staleObjects() throws {
    let (course, lesson) = try Self.makeCourse()
    defer { try? FileManager.default.removeItem(at: course.root) }
    let copy = ScratchCopy(course: course, lesson: lesson)
    try copy.reset()
    let objects = course.root.appending(path: ".build/variants/1/debug/Lesson01Arithmetic.build")
    try FileManager.default.createDirectory(at: objects, withIntermediateDirectories: true)
    let object = objects.appending(path: "Add.swift.o")
    try Data().write(to: object)
    let edit = Date()
    try FileManager.default.setAttributes(
      [.modificationDate: edit.addingTimeInterval(-5)], ofItemAtPath: object.path)
    #expect(!copy.objectsAreNewer(than: edit, for: ["Add.swift"]))
    #expect(copy.objectsAreNewer(than: edit, for: ["Multiply.swift"]), "no object: nothing to say")

    try FileManager.default.setAttributes(
      [.modificationDate: edit.addingTimeInterval(1)], ofItemAtPath: object.path)
    #expect(copy.objectsAreNewer(than: edit, for: ["Add.swift"]))
    copy.forgetModuleBuild()
    #expect(!FileManager.default.fileExists(atPath: objects.path))
  }
}
