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
}
