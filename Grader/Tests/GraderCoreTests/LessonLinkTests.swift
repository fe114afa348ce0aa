import Foundation
import Testing

@testable import GraderCore

/// Links in a lesson's folders, which SwiftPM follows: the grader's own walk finds them on
/// every run, and the check after the build names a link as a link.
@Suite struct LessonLinkTests {
  private static let lesson = Lesson(
    module: "Lesson01Arithmetic", number: 1, title: "Lesson 01", textPath: nil)
  private static let folder = "Exercises/Lesson01Arithmetic"

  /// A kata with the lesson's folder and a folder outside it holding a Swift file.
  private static func makeKata() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appending(path: "kata-links-\(UUID())")
    let module = root.appending(path: folder)
    try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
    try Data("// mine\n".utf8).write(to: module.appending(path: "Arithmetic.swift"))
    let elsewhere = root.appending(path: "Elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try Data("// not mine\n".utf8).write(to: elsewhere.appending(path: "Helper.swift"))
    return root
  }

  @Test("A file SwiftPM compiled through a folder link is blamed on the link, not Package.swift")
  func compiledThroughALink() throws {
    let root = try Self.makeKata()
    defer { try? FileManager.default.removeItem(at: root) }
    let link = root.appending(path: "\(Self.folder)/Extra")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: root.appending(path: "Elsewhere"))
    let list = root.appending(path: ".build/debug/Lesson01Arithmetic.build")
    try FileManager.default.createDirectory(at: list, withIntermediateDirectories: true)
    let mine = root.appending(path: "\(Self.folder)/Arithmetic.swift").path
    let linked = link.appending(path: "Helper.swift").path
    try Data("\(mine)\n\(linked)\n".utf8).write(to: list.appending(path: "sources"))
    let message =
      PackagePlan.builtElsewhere(
        Self.lesson, folder: Self.folder, scratchPath: ".build", root: root) ?? ""
    #expect(message.contains("\(Self.folder)/Extra is a link"), "the link is named: \(message)")
    #expect(!message.contains("Package.swift"), "Package.swift is not blamed: \(message)")
  }
}
