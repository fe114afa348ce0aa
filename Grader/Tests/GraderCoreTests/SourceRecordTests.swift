import Foundation
import Testing

@testable import GraderCore

/// The record of what each lesson module was last built from, which finds the changes
/// SwiftPM misses because a file's date did not move.
@Suite struct SourceRecordTests {
  /// A module folder with one file, and a record folder, in a fresh temporary folder.
  private static func makeModule() throws -> (root: URL, record: SourceRecord) {
    let root = FileManager.default.temporaryDirectory.appending(path: "kata-record-\(UUID())")
    let module = root.appending(path: "Exercises/Lesson01Arithmetic")
    try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
    try "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n".write(
      to: module.appending(path: "Add.swift"), atomically: true, encoding: .utf8)
    return (root, SourceRecord(folder: root.appending(path: ".build/kata-grader/sources")))
  }

  private static let folder = "Exercises/Lesson01Arithmetic"
  private static let file = "Exercises/Lesson01Arithmetic/Add.swift"

  @Test(
    "New content with an old or a future date is a hidden change; the same content or a newer date is not"
  )
  func hiddenChanges() throws {
    let (root, record) = try Self.makeModule()
    defer { try? FileManager.default.removeItem(at: root) }
    let before = SourceRecord.contents(of: Self.folder, in: root)
    #expect(before.keys.sorted() == [Self.file])
    #expect(
      !record.hasHiddenChanges("Lesson01Arithmetic", now: before) { _ in .distantPast },
      "without a record, the first build compiles everything anyway")
    record.record(before, for: "Lesson01Arithmetic")
    // Recorded an hour ago, so that a date after the record is not in the future.
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-3600)],
      ofItemAtPath: root.appending(path: ".build/kata-grader/sources/Lesson01Arithmetic.txt").path)
    let recordedAt = try #require(record.recorded("Lesson01Arithmetic")?.date)

    #expect(!record.hasHiddenChanges("Lesson01Arithmetic", now: before) { _ in .distantPast })

    // The same size, other bytes: a date check and a size check both miss it.
    try "public func add(_ a: Int, _ b: Int) -> Int { a - b }\n".write(
      to: root.appending(path: Self.file), atomically: true, encoding: .utf8)
    let after = SourceRecord.contents(of: Self.folder, in: root)
    #expect(after != before)
    #expect(
      record.hasHiddenChanges("Lesson01Arithmetic", now: after) { _ in
        recordedAt.addingTimeInterval(-3600)
      }, "a file replaced with new content and an old date (cp -p, unzip) is found")
    #expect(
      record.hasHiddenChanges("Lesson01Arithmetic", now: after) { _ in recordedAt },
      "a date in the same instant as the record is not newer")
    #expect(
      !record.hasHiddenChanges("Lesson01Arithmetic", now: after) { _ in
        recordedAt.addingTimeInterval(5)
      }, "a newer date SwiftPM sees itself")
    #expect(
      record.hasHiddenChanges("Lesson01Arithmetic", now: [:]) { _ in nil },
      "a removed file counts as a change")
    #expect(
      record.hasHiddenChanges("Lesson01Arithmetic", now: after) { _ in
        Date().addingTimeInterval(3 * 365 * 86_400)
      }, "new content dated in the future (two versions may carry the same date) is found")
    #expect(
      !record.hasHiddenChanges("Lesson01Arithmetic", now: before) { _ in
        Date().addingTimeInterval(3 * 365 * 86_400)
      }, "the same content dated in the future is no change")
  }

  @Test("The record keeps paths with spaces")
  func pathsWithSpaces() throws {
    let (root, record) = try Self.makeModule()
    defer { try? FileManager.default.removeItem(at: root) }
    let entries = [
      "Exercises/Lesson01Arithmetic/Add two.swift": SourceRecord.entry(for: Data("x".utf8))
    ]
    record.record(entries, for: "Lesson01Arithmetic")
    #expect(record.recorded("Lesson01Arithmetic")?.entries == entries)
  }
}
