import Foundation
import Testing

@testable import GraderCore

/// A learner's type named like a module the tests use would take over their checks.
@Suite struct ModuleShadowingTests {
  private func problem(in source: String) throws -> Diagnostic? {
    let root = FileManager.default.temporaryDirectory.appending(path: "kata-shadow-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appending(path: "Exercises/Lesson01X")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "struct Fine {}\n".write(
      to: folder.appending(path: "A.swift"), atomically: true, encoding: .utf8)
    try source.write(to: folder.appending(path: "B.swift"), atomically: true, encoding: .utf8)
    return ModuleShadowing.problem(in: "Exercises/Lesson01X", root: root)
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
      "enum Swiftness {}\n", "import Testing\n", "func Testing() {}\n",
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
    "An internal helper on a standard type, or a public extension of the learner's own type, is fine",
    arguments: [
      "extension Array {\n  var second: Element? { dropFirst().first }\n}",
      "public struct Box {}\nextension Box {\n  public var isEmpty: Bool { true }\n}",
      "// extension Array { public var isEmpty: Bool { true } }",
      "extension StringBuilder {\n  public func go() {}\n}",
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
}
