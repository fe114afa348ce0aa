import Foundation
import Testing

@testable import GraderCore

@Suite struct SwiftFilesTests {
  @Test("Hidden files are none of the code; a link to nothing is left to SwiftPM to name")
  func hiddenFilesAndDanglingLinks() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "kata-files-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appending(path: "Exercises/Lesson01X")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("let a = 1\n".utf8).write(to: folder.appending(path: "App.swift"))
    try Data("let b = 2\n".utf8).write(to: folder.appending(path: ".Hidden.swift"))
    // Emacs's lock file for App.swift: a link to nothing, with a hidden name.
    try FileManager.default.createSymbolicLink(
      atPath: folder.appending(path: ".#App.swift").path,
      withDestinationPath: "someone@laptop.4242:1733100000")
    try FileManager.default.createSymbolicLink(
      atPath: folder.appending(path: "Dangling.swift").path, withDestinationPath: "Gone.swift")

    #expect(
      SwiftFiles.below(["Exercises/Lesson01X"], in: root) == [
        "Exercises/Lesson01X/App.swift", "Exercises/Lesson01X/Dangling.swift",
      ])
    #expect(SwiftFiles.notRegular(below: ["Exercises/Lesson01X"], in: root).isEmpty)
  }

  @Test(
    "A file name the toolchain cannot build (a line break, a backslash, a quote, 201 bytes) is named, escaped"
  )
  func unbuildableNames() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "kata-files-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appending(path: "Exercises/Lesson01X")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("let a = 1\n".utf8).write(to: folder.appending(path: "App.swift"))
    let longest = String(repeating: "é", count: 97) + ".swift"  // 200 bytes: still built
    try Data("let b = 1\n".utf8).write(to: folder.appending(path: longest))
    #expect(SwiftFiles.unbuildableName(below: ["Exercises/Lesson01X"], in: root) == nil)

    let long = "A" + longest
    try Data("let c = 1\n".utf8).write(to: folder.appending(path: long))
    let tooLong = try #require(SwiftFiles.unbuildableName(below: ["Exercises/Lesson01X"], in: root))
    #expect(tooLong.shown == "Exercises/Lesson01X/\(long)")
    #expect(tooLong.reason.contains("201 bytes long"), "\(tooLong.reason)")
    try FileManager.default.removeItem(at: folder.appending(path: long))

    try Data("let d = 1\n".utf8).write(to: folder.appending(path: "My\nFile.swift"))
    let broken = try #require(SwiftFiles.unbuildableName(below: ["Exercises/Lesson01X"], in: root))
    #expect(broken.shown == "Exercises/Lesson01X/My?File.swift")
    #expect(broken.reason.contains("line break"))
    try FileManager.default.removeItem(at: folder.appending(path: "My\nFile.swift"))

    let odd = folder.appending(path: "Sub\tFolder")
    try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
    try Data("let e = 1\n".utf8).write(to: odd.appending(path: "Inner.swift"))
    let inFolder = try #require(
      SwiftFiles.unbuildableName(below: ["Exercises/Lesson01X"], in: root))
    #expect(inFolder.shown == "Exercises/Lesson01X/Sub?Folder/Inner.swift")
    try FileManager.default.removeItem(at: odd)

    // Break round 10: SwiftPM cannot build these either, and said so only obscurely.
    for (name, said) in [("a\\b.swift", "backslash"), ("a\"b.swift", "double quote")] {
      try Data("let f = 1\n".utf8).write(to: folder.appending(path: name))
      let quoting = try #require(
        SwiftFiles.unbuildableName(below: ["Exercises/Lesson01X"], in: root))
      #expect(quoting.shown == "Exercises/Lesson01X/\(name)")
      #expect(quoting.reason.contains(said), "\(quoting.reason)")
      try FileManager.default.removeItem(at: folder.appending(path: name))
    }
  }

  @Test(
    "A lesson that does not compile fails each @Test of its code, not those in comments or strings")
  func declaredTestsCountCode() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "kata-count-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let tests = """
      /// Use it as `@Test("…") func …`, or `@Test(arguments:)`.
      struct Checks {
        // @Test("an old test, commented out") func old() {}
        let note = "@Test(\\"not one\\")"
        @Test func first() {}
        @Test("Second") func second() {}
        @Test(arguments: [1, 2]) func third(value: Int) {}
      }
      """
    try tests.write(to: folder.appending(path: "A.swift"), atomically: true, encoding: .utf8)
    try "@Test\nfunc fourth() {}\n".write(
      to: folder.appending(path: "B.swift"), atomically: true, encoding: .utf8)
    try "@Test func notSwift() {}\n".write(
      to: folder.appending(path: "C.txt"), atomically: true, encoding: .utf8)
    #expect(Grading.declaredTests(in: folder) == 4)
  }
}
