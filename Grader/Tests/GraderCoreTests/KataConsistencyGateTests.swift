import Foundation
import Testing

@testable import GraderCore
@testable import GraderMaintenance

/// The verify gates that compare files across folders: starters the solution must not change,
/// and the test files every lesson carries a copy of.
@Suite struct KataConsistencyGateTests {
  let lessons = [
    Lesson(module: "Lesson01X", number: 1, title: "Lesson 01 — X", textPath: nil),
    Lesson(module: "Lesson02Y", number: 2, title: "Lesson 02 — Y", textPath: nil),
  ]

  /// A throwaway kata folder holding the given files.
  func kata(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appending(path: "gates-\(UUID())")
    for (path, text) in files {
      let file = root.appending(path: path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
    return root
  }

  @Test("A starter file without a TODO must reach the solution unchanged")
  func untouchedStarter() throws {
    let root = try kata([
      "Exercises/Lesson01X/Live.swift": "struct Live {}\n",
      "Solutions/Lesson01X/Live.swift": "struct Live { init() { report() } }\n",
      "Exercises/Lesson01X/Model.swift": "// TODO: Task 1 — inject it.\nstruct Model {}\n",
      "Solutions/Lesson01X/Model.swift": "struct Model { let live: Live }\n",
      "Exercises/Lesson01X/Same.swift": "struct Same {}\n",
      "Solutions/Lesson01X/Same.swift": "struct Same {}\n",
      "Exercises/Lesson01X/Gone.swift": "struct Gone {}\n",
      "Solutions/Lesson01X/Extra.swift": "struct Extra {}\n",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let problems = QualityGates(root: root, interruption: Interruption()).untouchedStarterFiles(
      of: lessons[0])
    #expect(problems.count == 2, "Live.swift changed and Gone.swift missing: \(problems)")
    #expect(problems.contains { $0.hasPrefix("Solutions/Lesson01X/Live.swift differs") })
    #expect(problems.contains { $0.hasPrefix("Solutions/Lesson01X/Gone.swift differs") })
    #expect(!problems.contains { $0.contains("Model.swift") }, "a TODO file may change")
  }

  @Test("Every lesson's copy of the shared test files is the first lesson's")
  func copiedTestFiles() throws {
    let name = QualityGates.copiedTestFiles[0]
    let same = try kata([
      "Tests/Lesson01XTests/\(name)": "func equal() {}\n",
      "Tests/Lesson02YTests/\(name)": "func equal() {}\n",
    ])
    defer { try? FileManager.default.removeItem(at: same) }
    #expect(
      QualityGates(root: same, interruption: Interruption()).copiedTestFiles(of: lessons).isEmpty)

    let drifted = try kata([
      "Tests/Lesson01XTests/\(name)": "func equal() {}\n",
      "Tests/Lesson02YTests/\(name)": "func equal() { print(1) }\n",
    ])
    defer { try? FileManager.default.removeItem(at: drifted) }
    let problems = QualityGates(root: drifted, interruption: Interruption()).copiedTestFiles(
      of: lessons)
    #expect(
      problems == [
        "Tests/Lesson02YTests/\(name) is missing or differs from Tests/Lesson01XTests/\(name); copy it again"
      ])
  }
}
