import Foundation
import Testing

@testable import GraderCore

/// The compiler's view of a lesson's public declarations: each case is a module built with
/// SwiftPM and read with `swift symbolgraph-extract`, as the grader reads a lesson after its
/// build. The cases are shadows the text check (``ModuleShadowing``) was shown to miss or
/// could miss, and correct declarations that must not be refused.
@Suite(.serialized) struct CompiledShadowingTests {
  /// Names the tests take from elsewhere, as ``ModuleShadowing/borrowedNames(testsFolder:root:)``
  /// would find them.
  static let borrowed: Set<String> = [
    "Issue", "Result", "runConcurrently", "Mirror", "CaseIterable",
  ]

  /// Each module's source, and a part of the message that refuses it (`nil`: not refused).
  static let cases: [(module: String, source: String, refusal: String?)] = [
    (
      "AliasChain",
      """
      typealias Words = Array<String>
      typealias Alias = Words
      extension Alias { public var isEmpty: Bool { true } }
      """,
      "adds a public member, isEmpty, to Swift.Array"
    ),
    (
      "ConformanceChain",
      """
      public protocol Base {}
      extension Base { public func contains(_ text: String) -> Bool { true } }
      public protocol Listing: Base {}
      typealias Text = String
      extension Text: Listing {}
      """,
      "conform to"
    ),
    (
      "GenericPatternOperator",
      """
      public func ~= <T>(pattern: T, value: T) -> Bool { true }
      """,
      "operator ~="
    ),
    (
      "OperatorOnArrayOfOwn",
      """
      public struct Order {}
      public func == (lhs: [Order], rhs: [Order]) -> Bool { true }
      """,
      "operator =="
    ),
    (
      "PackageOperator",
      """
      package func ?? (lhs: Int?, rhs: @autoclosure () -> Int) -> Int { 0 }
      """,
      "operator ??"
    ),
    (
      "TupleModuleName",
      """
      public enum Checks {}
      public let (Testing, other) = (Checks.self, 0)
      """,
      "the name of a module the tests use"
    ),
    (
      "ModuleNamedMemberType",
      """
      public struct Account {
        public enum Testing {}
      }
      """,
      "the name of a module the tests use"
    ),
    (
      "BorrowedBehindIf",
      """
      #if true
      public typealias Issue = Int
      #endif
      """,
      "a public Issue"
    ),
    (
      "BorrowedInProtocolExtension",
      """
      public protocol Store {}
      extension Store { public func runConcurrently(_ count: Int) {} }
      """,
      "a public runConcurrently"
    ),
    (
      "BorrowedInOpenClass",
      """
      open class Screen {
        public typealias Issue = String
        public init() {}
      }
      """,
      "a public Issue"
    ),
    // Break round 8: what `@_documentation(visibility: private)` hides from a graph read at
    // the public level, a conformance through a composition alias, a member three names deep,
    // an operand that is an alias of the lesson's for a standard type.
    (
      "HiddenMember",
      """
      extension String {
        @_documentation(visibility: private)
        public func contains(_ text: String) -> Bool { true }
      }
      """,
      "adds a public member, contains, to Swift.String"
    ),
    (
      "HiddenOperator",
      """
      @_documentation(visibility: private)
      public func == (lhs: [Int], rhs: [Int]) -> Bool { true }
      """,
      "operator =="
    ),
    (
      "HiddenModuleName",
      """
      public enum Checks {}
      @_documentation(visibility: private)
      public let marker = 0, Testing = Checks.self
      """,
      "the name of a module the tests use"
    ),
    (
      "CompositionAlias",
      """
      public protocol MessageText {}
      extension MessageText { public func contains(_ text: String) -> Bool { true } }
      public typealias SendableText = Sendable & MessageText
      extension String: SendableText {}
      """,
      "conform to MessageText"
    ),
    (
      "NestedProtocolMember",
      """
      public enum Seams { public protocol Repository {} }
      public typealias AccountsRepository = Seams.Repository
      extension Seams.Repository { public typealias Issue = Int }
      """,
      "a public Issue"
    ),
    (
      "OperandAliasOfStandard",
      """
      public enum Order { public typealias Lines = [String] }
      public func == (lhs: Order.Lines, rhs: Order.Lines) -> Bool { true }
      """,
      "operator =="
    ),
    // Break round 9: a mirror of the lesson's own, an identity operator on a lesson
    // protocol, an overload of a tests' helper, a protocol named like a standard one.
    (
      "CustomMirror",
      """
      public final class Service {}
      extension Service: CustomReflectable {
        public var customMirror: Mirror { Mirror(self, children: [:]) }
      }
      """,
      "a mirror of its own"
    ),
    (
      "IdentityOnProtocol",
      """
      public protocol Repository: AnyObject {}
      public func === (lhs: any Repository, rhs: any Repository) -> Bool { true }
      """,
      "a public ==="
    ),
    (
      "IdentityOnOwnClass",
      """
      public final class Container {
        public static func === (lhs: Container, rhs: Container) -> Bool { true }
      }
      """,
      "a public ==="
    ),
    (
      "OverloadOfTestsHelper",
      """
      public struct Checkout {}
      public func holding(of target: AnyObject, in root: Checkout) -> Int { 0 }
      """,
      "a function of the tests' own"
    ),
    (
      "StandardProtocolName",
      """
      public protocol CaseIterable {}
      """,
      "a public CaseIterable"
    ),
    (
      "OwnOperatorsAndNames",
      """
      import Foundation
      public struct Money: Equatable, Comparable {
        public var cents: Int
        public static func == (lhs: Money, rhs: Money) -> Bool { lhs.cents == rhs.cents }
        public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }
      }
      public protocol Ranked { static func < (lhs: Self, rhs: Self) -> Bool }
      public struct Checkout {
        public enum Result { case paid, declined }
        public var result: Result = .paid
      }
      public protocol Decoding {
        func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
      }
      extension JSONDecoder: Decoding {}
      extension NSCondition {
        func waitOpen(open: Bool) {}
      }
      public func build() -> Checkout { Checkout() }
      public struct Stamped<Value> {
        public static func == (lhs: Stamped<Value>, rhs: Stamped<Value>) -> Bool { true }
      }
      public enum Screens {
        public struct Row: Equatable {
          public static func == (lhs: Screens.Row, rhs: Screens.Row) -> Bool { true }
        }
      }
      extension Screens.Row {
        public static func < (lhs: inout Screens.Row, rhs: Int) -> Bool { true }
      }
      public protocol Repository: AnyObject {}
      public func == (lhs: any Repository, rhs: any Repository) -> Bool { lhs === rhs }
      private final class _Storage {}
      protocol Internal {}
      extension Internal { public func print() {} }
      """,
      nil
    ),
  ]

  /// The cases, each a module of one package, built once with the grader's build system and
  /// read as the grader reads a lesson.
  static let graphs: [String: [String: CompiledShadowing.Graph]] = {
    let fileManager = FileManager.default
    let root = fileManager.temporaryDirectory.appending(path: "kata-compiled-\(UUID())")
    defer { try? fileManager.removeItem(at: root) }
    var targets: [String] = []
    for (module, source, _) in cases {
      let folder = root.appending(path: "Sources/\(module)")
      try? fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
      try? source.write(
        to: folder.appending(path: "\(module).swift"), atomically: true, encoding: .utf8)
      targets.append(".target(name: \"\(module)\")")
    }
    let manifest = """
      // swift-tools-version: 6.0
      import PackageDescription
      let package = Package(
        name: "Shadows", platforms: [.macOS(.v15)],
        targets: [\(targets.joined(separator: ", "))])
      """
    try? manifest.write(
      to: root.appending(path: "Package.swift"), atomically: true, encoding: .utf8)
    let cache = root.appending(path: ".build/module-cache").path
    let build = Process()
    build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    build.arguments =
      ["swift", "build", "--build-system", "native", "--scratch-path", ".build/s"]
      + ["-Xswiftc", "-module-cache-path", "-Xswiftc", cache]
    build.currentDirectoryURL = root
    build.standardOutput = FileHandle.standardError
    build.standardError = FileHandle.standardError
    try? build.run()
    build.waitUntilExit()
    var graphs: [String: [String: CompiledShadowing.Graph]] = [:]
    for (module, _, _) in cases {
      graphs[module] =
        (try? CompiledShadowing.graphs(
          of: module, scratch: root.appending(path: ".build/s"), moduleCache: cache, root: root,
          interruption: Interruption())) ?? nil
    }
    return graphs
  }()

  @Test(arguments: cases.map(\.module))
  func refusesWhatShadowsTheTestsAndNothingElse(module: String) throws {
    let expected = try #require(Self.cases.first { $0.module == module }).refusal
    let graphs = try #require(Self.graphs[module], "no symbol graph for \(module)")
    let problem = CompiledShadowing.problem(
      in: graphs, module: module, borrowed: Self.borrowed, testsFunctions: ["holding"],
      root: URL(fileURLWithPath: "/nowhere"))
    if let expected {
      let message = try #require(problem?.message, "\(module) should be refused")
      #expect(message.contains(expected), "\(message)")
    } else {
      #expect(problem == nil, "\(problem?.description ?? "")")
    }
  }

  /// The refusal points at the learner's line, relative to the kata's root.
  @Test func locationIsTheDeclarationsLine() throws {
    let symbol = try JSONDecoder().decode(
      CompiledShadowing.Symbol.self,
      from: Data(
        """
        {"kind": {"identifier": "swift.func.op"}, "identifier": {"precise": "s:x"},
         "pathComponents": ["==(_:_:)"], "accessLevel": "public",
         "location": {"uri": "file:///kata/Exercises/Lesson01/Sneaky%20File.swift",
                      "position": {"line": 4, "character": 12}}}
        """.utf8))
    let location = CompiledShadowing.location(of: symbol, root: URL(fileURLWithPath: "/kata"))
    #expect(location == Location(file: "Exercises/Lesson01/Sneaky File.swift", line: 5))
    #expect(CompiledShadowing.location(of: symbol, root: URL(fileURLWithPath: "/other")) == nil)
  }

  /// On macOS, `swift -print-target-info` (through Xcode's `xcrun`) names the SDK, which the
  /// extraction must be given; on Linux there is none. Recorded shapes of both.
  @Test func targetAndSDKAreGivenWhenKnown() throws {
    let mac = try JSONDecoder().decode(
      CompiledShadowing.TargetInfo.self,
      from: Data(
        """
        {"compilerVersion": "Apple Swift version 6.2",
         "target": {"triple": "arm64-apple-macosx15.0", "unversionedTriple": "arm64-apple-macosx",
                    "moduleTriple": "arm64-apple-macos", "librariesRequireRPath": false},
         "paths": {"sdkPath": "/Applications/Xcode.app/Contents/Developer/Platforms/MacOSX.platform/Developer/SDKs/MacOSX.sdk",
                   "runtimeLibraryPaths": [], "runtimeLibraryImportPaths": [],
                   "runtimeResourcePath": "/Applications/Xcode.app/usr/lib/swift"}}
        """.utf8))
    let macArguments = CompiledShadowing.arguments(
      module: "Lesson01", modulesFolders: ["/k/debug/Modules"], output: "/k/out",
      moduleCache: "/k/cache", target: mac)
    #expect(macArguments.contains("-sdk"))
    #expect(
      macArguments.split(separator: "-target").count == 2
        && macArguments[macArguments.firstIndex(of: "-target")! + 1] == "arm64-apple-macosx15.0")
    let linux = try JSONDecoder().decode(
      CompiledShadowing.TargetInfo.self,
      from: Data(
        """
        {"target": {"triple": "x86_64-unknown-linux-gnu"},
         "paths": {"runtimeLibraryPaths": ["/opt/swift/usr/lib/swift/linux"],
                   "runtimeResourcePath": "/opt/swift/usr/lib/swift"}}
        """.utf8))
    let linuxArguments = CompiledShadowing.arguments(
      module: "Lesson01", modulesFolders: ["/k/debug/Modules"], output: "/k/out",
      moduleCache: "/k/cache", target: linux)
    #expect(!linuxArguments.contains("-sdk"))
    #expect(linuxArguments.contains("x86_64-unknown-linux-gnu"))
    #expect(
      CompiledShadowing.arguments(
        module: "Lesson01", modulesFolders: [], output: "/k/out", moduleCache: "/k/cache",
        target: nil
      ).contains("-target") == false)
  }

  /// A module that cannot be read gives no graph (the text check alone then decides): no
  /// refusal, no error.
  @Test func noGraphWhenTheModuleIsNotThere() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "kata-nograph-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let graphs = try CompiledShadowing.graphs(
      of: "Missing", scratch: root.appending(path: ".build/s"),
      moduleCache: root.appending(path: "cache").path, root: root, interruption: Interruption())
    #expect(graphs == nil)
  }
}
