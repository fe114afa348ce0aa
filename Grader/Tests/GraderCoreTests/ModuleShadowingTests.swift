import Foundation
import Testing

@testable import GraderCore

/// A learner's type named like a module the tests use would take over their checks.
@Suite struct ModuleShadowingTests {
  /// The tests of the small lesson the checks read: they record issues and run work at once
  /// with the shared support's helper.
  static let tests = """
    import Testing
    @Test func loads() async {
      await runConcurrently(100) { _ in }
      Issue.record("never")
    }
    """

  /// The shared support: one public helper, one internal.
  static let support = """
    /// Runs `body` on `count` threads.
    @discardableResult
    public func runConcurrently(_ count: Int, _ body: @escaping (Int) -> Void) async -> Bool {
      true
    }
    func quietly() {}
    public struct Bounded { public var value: Int }
    """

  /// The lesson's other file: its API, which the tests use.
  static let lessonAPI = """
    public protocol Store { func save() }
    public struct Box {}
    public func makeBox() -> Box { Box() }
    """

  /// Tests that use the lesson's API and names of their own, unqualified, beside Swift
  /// Testing's and the standard library's; a test double conforms to the lesson's protocol.
  static let testsWithDouble = """
    import Testing
    struct FakeStore: Store {
      func save() { Issue.record("saved") }
    }
    func register<Service>(_ service: Service) {}
    @Test func boxes() {
      let build = "staging"
      register(build)
      let box = makeBox()
      #expect(Mirror(reflecting: box).children.isEmpty)
      let saved: [String] = []
      #expect(saved.isEmpty)
    }
    """

  /// The lesson of the learner's `source`, with the tests and the support beside it.
  ///
  /// - Parameters:
  ///   - tests: The lesson's tests.
  ///   - other: The lesson's other file.
  private func problem(
    in source: String, tests: String, other: String = Self.lessonAPI
  ) throws -> Diagnostic? {
    let root = FileManager.default.temporaryDirectory.appending(path: "kata-shadow-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let files = [
      "Exercises/Lesson01X/A.swift": other, "Exercises/Lesson01X/B.swift": source,
      "Tests/Lesson01XTests/T.swift": tests, "Tests/KataTestSupport/S.swift": Self.support,
    ]
    for (path, text) in files {
      let file = root.appending(path: path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
    }
    return ModuleShadowing.problem(
      in: "Exercises/Lesson01X", testsFolder: "Tests/Lesson01XTests", root: root)
  }

  @Test(
    "A shadow the text cannot see by name: a retroactive conformance, a decoy type, a nested alias, a protocol's member, a name from elsewhere",
    arguments: [
      (
        "public protocol Listing: RandomAccessCollection {}\nextension Listing {\n  public var isEmpty: Bool { true }\n}\nextension Array: Listing where Element == Int {}",
        "conform to Listing", 5
      ),
      (
        "enum Drafts { struct Array {} }\nextension Array {\n  public var isEmpty: Bool { true }\n}",
        "public member to Array", 2
      ),
      (
        "#if false\nstruct Array {}\n#endif\nextension Array {\n  public var isEmpty: Bool { true }\n}",
        "public member to Array", 4
      ),
      (
        "public enum Log { public typealias Entries = [Int] }\nextension Log.Entries {\n  public var isEmpty: Bool { true }\n}",
        "public member to Log.Entries (Array)", 2
      ),
      (
        "extension Store {\n  public typealias Issue = Never\n}", "declares a public Issue,", 2
      ),
      (
        "public protocol Saving {\n  var count: Int { get }\n  associatedtype Issue\n}",
        "declares a public Issue,", 3
      ),
      ("public struct Mirror {}", "declares a public Mirror,", 1),
      // Break round 6: a chain of protocols, an alias, a decoy of another standard name, an
      // operator, a module the tests name only where it exists.
      (
        "public protocol Listing: Collection {}\nextension Listing where Element: Equatable {\n  public var isEmpty: Bool { true }\n}\npublic protocol Checkout: Listing {}\nextension Array: Checkout {}",
        "conform to Checkout", 6
      ),
      (
        "public protocol Text: StringProtocol {}\nextension Text {\n  public func contains(_ s: String) -> Bool { true }\n}\npublic protocol ErrorText: Text {}\nextension String: ErrorText {}",
        "conform to ErrorText", 6
      ),
      (
        "public protocol Listing: Collection {}\nextension Listing {\n  public var isEmpty: Bool { true }\n}\npublic typealias Shown = Listing\nextension Array: Shown {}",
        "conform to Listing", 6
      ),
      (
        "#if false\n  protocol ExpressibleByArrayLiteral {}\n#endif\nextension ExpressibleByArrayLiteral where Self: Collection {\n  public var isEmpty: Bool { true }\n}",
        "public member to ExpressibleByArrayLiteral", 4
      ),
      (
        "public typealias Shelf = Store\nextension Shelf {\n  public typealias Issue = Never\n}",
        "declares a public Issue,", 3
      ),
      (
        "public func ~= (pattern: String, value: String) -> Bool { true }", "declares a public ~=,",
        1
      ),
      (
        "public func ?? (lhs: String?, rhs: @autoclosure () -> String) -> String { \"\" }",
        "declares a public ??,", 1
      ),
      ("public enum Runtime { public struct Backtrace {} }", "the name of a module", 1),
      ("import Testing\npublic let (Testing, x) = (Never.self, 0)", "the name of a module", 2),
      ("public let (Runtime, _) = (Never.self, 0)", "the name of a module", 1),
      ("public let (x, (y, Issue)) = (0, (1, Never.self))", "declares a public Issue,", 1),
      // Break round 8: an attribute that hides a declaration from the symbol graph, and an
      // underscored protocol, whose extensions the graph leaves out.
      (
        "public enum Checks {}\n@_documentation(visibility: private) public let marker = 0, Testing = Checks.self",
        "uses @_documentation", 2
      ),
      (
        "struct _ExpressibleByBuiltinStringLiteral {}\nextension Swift._ExpressibleByBuiltinStringLiteral {}",
        "uses an extension of _ExpressibleByBuiltinStringLiteral", 2
      ),
      ("@_spi(Hidden) public func helper() {}", "uses @_spi", 1),
      // Break round 9: a decoy of a standard name behind a module's qualifier, a `consuming`
      // member, a NUL between tokens.
      (
        "enum Unicode {}\nextension Swift.Unicode.Encoding {\n  public func decodes() -> Bool { true }\n}",
        "public member to Swift.Unicode.Encoding", 2
      ),
      (
        "extension String {\n  public consuming func contains(_ s: String) -> Bool { true }\n}",
        "public member to String", 1
      ),
      ("public\u{0}enum\u{0}Issue {}", "declares a public Issue,", 1),
      // Break round 7, C24: the advice for a witness of a public protocol can be followed.
      (
        "public protocol Fetching { func fetch() }\nextension URLSession: Fetching {\n  public func fetch() {}\n}",
        "wrap the URLSession in a type of your own that conforms instead", 2
      ),
      // Break round 10: a testing library in the lesson (`withKnownIssue` around the calls
      // into the tests' doubles dropped the failures they recorded).
      (
        "import Foundation\nimport Testing\nfunc retry() { withKnownIssue { } }",
        "imports Swift Testing", 2
      ),
      ("@preconcurrency import func Testing.withKnownIssue", "imports Swift Testing", 1),
      ("import _Testing_Foundation", "imports Swift Testing", 1),
      ("@testable import XCTest", "imports XCTest", 1),
    ])
  func shadowsBeyondNames(source: String, said: String, line: Int) throws {
    let found = try #require(try problem(in: source, tests: Self.testsWithDouble), "\(source)")
    #expect(found.message.contains(said), "\(found.message)")
    #expect(found.location?.line == line, "\(source)")
  }

  @Test(
    "The lesson's own API, a protocol extension of its own, and a conformance that adds no public member are fine",
    arguments: [
      "public struct Box2 {}", "public func makeBox2() -> Box { Box() }",
      "extension Store {\n  public func saveTwice() { save(); save() }\n}",
      "public protocol Fetching {}\nextension URLSession: Fetching {}",
      "public struct Box3 {}\nextension Box3 {\n  public typealias Issue = Int\n}",
      // Break round 6: a test's local (`build`) and generic parameter (`Service`) are no names
      // a lesson can take over; `open` as a parameter makes no extension public.
      "public protocol ScreenBuilding {\n  func build() -> Box\n}",
      "public protocol Service: AnyObject {}\npublic struct Entry {}",
      "extension NSCondition {\n  func wait(until open: () -> Bool) {\n    while !open() { wait() }\n  }\n}",
      "extension Array {\n  func opened(by gate: Gate) -> Bool { gate.open() }\n}",
      "public let (total, count) = (0, 1)\nlet (Issue, other) = (0, 1)",
      // A property wrapper's storage and a name with an underscore inside are no underscored
      // feature; nor is one in a comment or a string.
      "struct Holder {\n  var _service: Int = 0\n  var snake_Case = \"@_spi\"\n  // @_documentation\n}",
      "private final class _Storage {}\nstruct Box4 { let storage = _Storage() }",
      // A testing library named in a comment, a string, or a name of the lesson's own.
      "// import Testing\nlet note = \"import XCTest\"\nstruct TestingDesk {}\nlet importTesting = 1",
    ])
  func ownShapesAreFine(source: String) throws {
    #expect(try problem(in: source, tests: Self.testsWithDouble) == nil, "\(source)")
  }

  private func problem(in source: String) throws -> Diagnostic? {
    try problem(in: source, tests: Self.tests, other: "struct Fine {}\n")
  }

  @Test(
    "A type, protocol or alias named like the testing library or a module the tests import is an error",
    arguments: [
      "public enum Testing {\n  static func check() {}\n}\n",
      "let a = 1\n@frozen public struct Swift {}\n",
      "  public final class Foundation {}\n",
      "public typealias Synchronization = Int\n",
      "@available(macOS 15, *) package protocol KataTestSupport {}\n",
      "public enum `Testing` {}\n", "public enum\n  Testing {}\n", "let a = 0; enum Testing {}\n",
      "enum /* hidden */ Testing {}\n", "@available(*, message: \"a)b\") enum Testing {}\n",
      "public let Testing = Forger()\n",
    ])
  func shadowingIsAnError(source: String) throws {
    let found = try #require(try problem(in: source))
    #expect(found.location?.file == "Exercises/Lesson01X/B.swift")
    #expect(found.message.contains("the name of a module the tests use"))
  }

  @Test(
    "Other names, and the words in comments or strings, are not",
    arguments: [
      "struct TestingHelper {}\n", "// enum Testing {}\n", "let s = \"enum Testing\"\n",
      "enum Swiftness {}\n", "import Foundation\n", "func Testing() {}\n",
      "let text = \"\"\"\n  enum Testing {}\n  \"\"\"\n", "/* enum Testing {}\n */\n",
      "enum Testing_ {}\n", "let s = \"a \\\" enum Testing\"\n",
    ])
  func otherNamesAreFine(source: String) throws {
    #expect(try problem(in: source) == nil)
  }

  @Test(
    "A public member added to a standard type is an error: the tests would call it",
    arguments: [
      "extension Array {\n  public var isEmpty: Bool { true }\n}",
      "public extension Collection {\n  var isEmpty: Bool { true }\n}",
      "extension Swift.Optional {\n  open func map() {}\n}",
      "struct A {}\nextension String where Self == String {\n  public func contains(_ x: String) -> Bool { true }\n}",
    ])
  func publicStandardExtension(source: String) throws {
    let found = try #require(try problem(in: source))
    #expect(found.message.contains("adds a public member to"), "\(found.message)")
    #expect(found.location?.line == (source.hasPrefix("struct") ? 2 : 1))
  }

  @Test(
    "A public member added through sugar, a module name, generic arguments, an optional or an alias is an error too",
    arguments: [
      ("extension [String] {\n  public var isEmpty: Bool { true }\n}", "[String] (Array)"),
      ("extension [String: Int] {\n  public var count: Int { 0 }\n}", "[String: Int] (Dictionary)"),
      ("extension [[String: Int]] {\n  public var count: Int { 0 }\n}", "[[String: Int]] (Array)"),
      ("extension String? {\n  public var isNone: Bool { true }\n}", "String? (Optional)"),
      (
        "extension Swift.Array<Int> {\n  public var isEmpty: Bool { true }\n}",
        "Swift.Array<Int>"
      ),
      ("package extension Set {\n  var isEmpty: Bool { true }\n}", "Set"),
      ("extension Array {\n  package var isEmpty: Bool { true }\n}", "Array"),
      ("extension Sendable {\n  public var isEmpty: Bool { true }\n}", "Sendable"),
      (
        "public typealias Text = String\nextension Text {\n  public var isEmpty: Bool { true }\n}",
        "Text (String)"
      ),
      (
        "typealias Lines = [String]\ntypealias Shown = Lines\nextension Shown {\n  public var isEmpty: Bool { true }\n}",
        "Shown (Array)"
      ),
      (
        "extension Notification.Name {\n  public static let went = Self(\"went\")\n}",
        "Notification.Name"
      ),
    ])
  func publicForeignExtension(source: String, type: String) throws {
    let found = try #require(try problem(in: source))
    #expect(found.message.contains("adds a public member to \(type):"), "\(found.message)")
    #expect(
      found.location?.line == source.split(separator: "\n").firstIndex { $0.contains("extension") }!
        + 1)
  }

  @Test(
    "A public extension of the lesson's own type, written through an alias or the module's name, is fine",
    arguments: [
      "public final class ServiceLocator {}\npublic typealias Registry = ServiceLocator\nextension Registry {\n  public func reset() {}\n}",
      "public struct Box {}\nextension Lesson01X.Box {\n  public var isEmpty: Bool { true }\n}",
      "public enum Outer { public struct Inner {} }\nextension Outer.Inner {\n  public var name: String { \"\" }\n}",
      "public protocol Store {}\nextension Store {\n  public func save() {}\n}",
      "public struct Box<Value> {}\nextension Box<Int> {\n  public var total: Int { 0 }\n}",
      "public struct Box {}\nextension Box: Equatable {\n  public static func == (a: Box, b: Box) -> Bool { true }\n}",
    ])
  func ownTypeExtension(source: String) throws {
    #expect(try problem(in: source) == nil, "\(source)")
  }

  @Test(
    "A public name the tests take from Swift Testing or the test support is an error",
    arguments: [
      (
        "import Testing\npublic enum Issue {\n  public static func record(_ c: Comment? = nil) {}\n}",
        "Issue", 2
      ),
      (
        "@discardableResult public func runConcurrently(_ n: Int, _ b: (Int) -> Void) async -> Bool { true }",
        "runConcurrently", 1
      ),
      ("let a = 1\n@MainActor\npublic\nfunc runConcurrently() {}", "runConcurrently", 4),
      ("package struct Issue {}", "Issue", 1),
      ("public typealias Issue = Never", "Issue", 1),
      ("public let Issue = 0", "Issue", 1),
      ("public final class `Issue` {}", "Issue", 1),
      ("public struct Test {}", "Test", 1),
    ])
  func borrowedName(source: String, name: String, line: Int) throws {
    let found = try #require(try problem(in: source))
    #expect(found.message.contains("declares a public \(name),"), "\(found.message)")
    #expect(found.location?.line == line)
  }

  @Test(
    "The same names kept internal, nested, or not used by the tests, are fine",
    arguments: [
      "func runConcurrently() {}", "enum Issue {}",
      "public let total = 1\nfunc runConcurrently() {}",
      "public struct Report {\n  public enum Issue { case late }\n  public func runConcurrently() {}\n}",
      "public struct Tag {}", "public func quietly() {}", "public struct Bounded {}",
      "// public enum Issue {}", "let s = \"public enum Issue\"",
    ])
  func borrowedNameKept(source: String) throws {
    #expect(try problem(in: source) == nil, "\(source)")
  }

  @Test("No starter, reference solution or right variant of the kata is refused")
  func kataPasses() throws {
    let fileManager = FileManager.default
    let root = fileManager.temporaryDirectory.appending(path: "kata-shadow-\(UUID())")
    defer { try? fileManager.removeItem(at: root) }
    try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
    try fileManager.copyItem(
      at: kataRoot.appending(path: "Tests"), to: root.appending(path: "Tests"))
    var checked = 0
    let modules = try fileManager.contentsOfDirectory(
      atPath: kataRoot.appending(path: "Solutions").path
    ).filter { $0.hasPrefix("Lesson") }
    for module in modules {
      let tests = "Tests/\(module)Tests"
      for folder in ["Solutions", "Exercises"] {
        let found = ModuleShadowing.problem(
          in: "\(folder)/\(module)", testsFolder: tests, root: kataRoot)
        #expect(found == nil, "\(folder)/\(module): \(found?.message ?? "")")
        checked += 1
      }
      // A right variant is laid over the solution, as --verify builds it.
      let variants = kataRoot.appending(path: "Variants/\(module)")
      for variant in try fileManager.contentsOfDirectory(atPath: variants.path)
      where variant.hasPrefix("right-") && !variant.hasSuffix(".patch") {
        let copy = root.appending(path: "Copies/\(variant)/\(module)")
        try fileManager.createDirectory(
          at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fileManager.copyItem(at: kataRoot.appending(path: "Solutions/\(module)"), to: copy)
        for file in try fileManager.contentsOfDirectory(
          atPath: variants.appending(path: variant).path)
        {
          try? fileManager.removeItem(at: copy.appending(path: file))
          try fileManager.copyItem(
            at: variants.appending(path: "\(variant)/\(file)"), to: copy.appending(path: file))
        }
        let found = ModuleShadowing.problem(
          in: "Copies/\(variant)/\(module)", testsFolder: tests, root: root)
        #expect(found == nil, "\(variant): \(found?.message ?? "")")
        checked += 1
      }
    }
    #expect(checked > 20)
  }

  @Test("A CRLF file's declaration is named on its own line")
  func crlfLines() throws {
    let source = "let a = 1\r\nlet b = 2\r\npublic enum Testing {}\r\n"
    #expect(try problem(in: source)?.location?.line == 3)
  }

  @Test(
    "An internal helper on a standard type, or a public extension of the learner's own type, is fine",
    arguments: [
      "extension Array {\n  var second: Element? { dropFirst().first }\n}",
      "public struct Box {}\nextension Box {\n  public var isEmpty: Bool { true }\n}",
      "// extension Array { public var isEmpty: Bool { true } }",
      "struct StringBuilder {}\nextension StringBuilder {\n  public func go() {}\n}",
    ])
  func fineExtensions(source: String) throws {
    #expect(try problem(in: source) == nil)
  }

  /// Swift's other literal forms: raw strings (where `\\` escapes nothing and `"` may stand
  /// alone), multi-line raw strings, interpolation, and regex literals (`/…/`, `#/…/#`).
  static let literalsBeforeADeclaration = [
    ##"let backslash = #"\"#"##,
    ##"let quoteMark = #"a "quoted" word, and a lone " too"#"##,
    ###"let text = ##"a "# and a \# "##"###,
    ["let text = #\"\"\"", #"  a lone " and a \ and "" "#, ##"  """#"##].joined(separator: "\n"),
    ##"let path = #"\#(folder)\"#"##,
    #"let said = "\(words.joined(separator: ")")) said"; let quote = "\"""#,
    #"let quote = /"/"#,
    ##"let quote = #/"/#"##,
    #"let pattern = /[a-z]+"\/"/"#,
    ["let pattern = #/", #"  " (?<word>\w+)"#, "  /#"].joined(separator: "\n"),
    "let half = (total / 2) / 1 // \"",
  ]

  @Test(
    "A name after a raw string or a regex literal is still found, on its own line",
    arguments: literalsBeforeADeclaration)
  func declarationAfterLiteral(literal: String) throws {
    let source = literal + "\n\npublic enum Testing {}\n"
    let line = literal.split(separator: "\n", omittingEmptySubsequences: false).count + 2
    let found = try #require(try problem(in: source), "the enum after the literal is found")
    #expect(found.message.contains("the name of a module the tests use"), "\(found.message)")
    #expect(found.location?.line == line, "the enum's own line, \(line)")
  }

  @Test(
    "A public member added to a standard type after a raw string is found",
    arguments: literalsBeforeADeclaration)
  func extensionAfterLiteral(literal: String) throws {
    let source =
      literal + "\n\npublic extension Array {\n  var isEmpty: Bool { true }\n}\n"
    let found = try #require(try problem(in: source), "the extension after the literal is found")
    #expect(found.message.contains("adds a public member to Array"), "\(found.message)")
  }

  @Test(
    "A name inside a raw string, a regex literal, an interpolation or a nested comment is not a declaration",
    arguments: [
      ##"let text = #"enum Testing {}"#"##,
      ###"let text = ##"a "# enum Testing {}"##"###,
      ["let text = #\"\"\"", "  enum Testing {}", ##"  """#"##].joined(separator: "\n"),
      "let pattern = /enum Testing/",
      ["let pattern = #/", "  enum Testing", "  /#"].joined(separator: "\n"),
      #"let text = "\(value) enum Testing""#,
      "/* outer /* inner */ enum Testing {} */",
    ])
  func namesInsideLiterals(source: String) throws {
    #expect(try problem(in: source) == nil, "no declaration in: \(source)")
  }

  @Test("The line named is the declaration's, after comments and strings that span lines")
  func lineOfTheDeclaration() throws {
    let source =
      "let a = 1\n/* one\n two */\nlet b = \"\"\"\n  x\n  \"\"\"\npublic enum Testing {}\n"
    #expect(ModuleShadowing.declaration(in: source)?.line == 7)
    #expect(try problem(in: source)?.location?.line == 7)
  }

  @Test("The tests' functions are their top-level helpers, not the methods of their doubles")
  func testsFunctionsAreTopLevel() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "kata-functions-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let tests = root.appending(path: "Tests/LessonTests")
    try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
    try Data(
      """
      final class SpyLogger: AccountsLogger {
        func log(_ failure: any Error) {}
        static func make() -> SpyLogger { SpyLogger() }
      }
      func holding(of target: AnyObject, in root: Any) -> Holding { .notVisible }
      extension Holding { func describe() -> String { "" } }
      private func `storedContainers`(in value: Any) -> [String] { [] }
      """.utf8
    ).write(to: tests.appending(path: "TestDoubles.swift"))
    #expect(
      ModuleShadowing.testsFunctions(testsFolder: "Tests/LessonTests", root: root)
        == ["holding", "storedContainers"])
  }
}
