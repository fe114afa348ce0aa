import Foundation
import Testing

@testable import GraderCore

@Suite struct SmellSearchTests {
  @Test("A lesson text declares its searches in a comment, each a file and its terms")
  func declaredSearches() {
    let markdown = """
      # Lesson 01 — X
      Search it for `Live` and `Date()`.
      <!-- search when done: ProfileViewModel.swift: Live*, Date() -->
        <!-- search when done: *: shared, static var -->
      <!-- search when done: nothing after the colon: -->
      <!-- a comment of another kind: Live* -->
      """
    #expect(
      SmellSearch.declared(in: markdown) == [
        SmellSearch(file: "ProfileViewModel.swift", terms: ["Live*", "Date()"]),
        SmellSearch(file: "*", terms: ["shared", "static var"]),
      ])
    #expect(LessonText(path: "x.md", markdown: markdown).searches.count == 2)
  }

  @Test("A search finds code only: not comments or strings, not a part of a longer name")
  func findsCodeOnly() throws {
    let root = try Self.lesson(files: [
      "ProfileViewModel.swift": """
      /// Hands it LiveProfileService in the app.
      let label = "LiveProfileService()"
      init(service: any ProfileService = LiveProfileService()) {}
      let sharedCache = 1 /* static var */
      static var shared = Cache()
      let now = Date()
      """,
      "Other.swift": "let other = LiveAnalytics()\n",
    ])
    defer { try? FileManager.default.removeItem(at: root) }

    let live = SmellSearch(file: "ProfileViewModel.swift", terms: ["Live*", "Date()"])
    #expect(
      live.hits(in: "Exercises/Lesson01X", root: root) == [
        "Exercises/Lesson01X/ProfileViewModel.swift:3: "
          + "init(service: any ProfileService = LiveProfileService()) {}",
        "Exercises/Lesson01X/ProfileViewModel.swift:6: let now = Date()",
      ])
    let global = SmellSearch(file: "*", terms: ["shared", "static var"])
    #expect(
      global.hits(in: "Exercises/Lesson01X", root: root) == [
        "Exercises/Lesson01X/ProfileViewModel.swift:5: static var shared = Cache()"
      ])
  }

  @Test("A search finds a type under any alias the lesson declares for it, in any of its files")
  func findsAliases() throws {
    let root = try Self.lesson(files: [
      "Aliases.swift": """
      typealias Registry = ServiceLocator
      typealias Lookup = Registry
      public typealias Profiles<T> = Lesson01X.LiveProfileService
      """,
      "CheckoutService.swift": """
      init(registry: Registry) {}
      init(lookup: Lookup) { let made = Lookup() }
      let service = Profiles<Int>()
      let locatorName = "Registry"
      init(gateway: any PaymentGateway) {}
      """,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let search = SmellSearch(file: "CheckoutService.swift", terms: ["ServiceLocator", "Live*"])
    #expect(
      search.hits(in: "Exercises/Lesson01X", root: root) == [
        "Exercises/Lesson01X/CheckoutService.swift:1: init(registry: Registry) {}",
        "Exercises/Lesson01X/CheckoutService.swift:2: init(lookup: Lookup) { let made = Lookup() }",
        "Exercises/Lesson01X/CheckoutService.swift:3: let service = Profiles<Int>()",
      ])
    #expect(
      SmellSearch.withAliases(
        ["ServiceLocator()"], declaredIn: ["typealias Registry = ServiceLocator"])
        == ["ServiceLocator()", "Registry()"])
    #expect(
      SmellSearch.withAliases(["shared", "static let"], declaredIn: ["typealias X = Y"])
        == ["shared", "static let"], "no alias, no new term")
  }

  @Test(
    "Lesson done lists what the text's searches still find, a line two of them find once; a clean folder lists nothing"
  )
  func doneLessonListsSmells() throws {
    let root = try Self.lesson(files: ["App.swift": "static var shared = App()\n"])
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: root.appending(path: "lessons"), withIntermediateDirectories: true)
    try """
    # Lesson 01 — X
    <!-- search when done: *: shared -->
    <!-- search when done: App.swift: static -->

    """.write(to: root.appending(path: "lessons/01-x.md"), atomically: true, encoding: .utf8)
    let location = Location(file: "Tests/Lesson01XTests/T.swift", line: 6)
    var grade = LessonGrade(
      lesson: Lesson(module: "Lesson01X", number: 1, title: "X", textPath: "lessons/01-x.md"),
      declaredTests: 1)
    grade.tasks = [
      TaskGrade(
        title: "Task 1 — A",
        tests: [TestResult(id: "a", name: "A", location: location, status: .passed)],
        location: location)
    ]
    let report = Report(style: Style(colour: false), root: root)

    let done = report.closing([grade], source: .exercises, editedTests: []).joined(separator: "\n")
    #expect(done.contains("Lesson done"))
    #expect(done.contains("No test can see these"), "\(done)")
    #expect(
      done.components(separatedBy: "Exercises/Lesson01X/App.swift:1: static var shared = App()")
        .count == 2,
      "the line should be listed exactly once: \(done)")

    try "struct App {}\n".write(
      to: root.appending(path: "Exercises/Lesson01X/App.swift"), atomically: true, encoding: .utf8)
    let clean = report.closing([grade], source: .exercises, editedTests: []).joined(separator: "\n")
    #expect(!clean.contains("No test can see these"), "\(clean)")
  }

  /// A kata root with `Exercises/Lesson01X/` holding `files`.
  static func lesson(files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appending(path: "kata-smells-\(UUID())")
    let folder = root.appending(path: "Exercises/Lesson01X")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in files {
      try text.write(to: folder.appending(path: name), atomically: true, encoding: .utf8)
    }
    return root
  }
}
