import Foundation
import Testing

@testable import GraderCore

/// The grader teaches injection; its own parts are given what they depend on. These tests read
/// the grader's sources for state a part could reach without being given it.
@Suite struct HiddenStateTests {
  /// Every Swift file of the grader's programs, with comments and string literals left out.
  static let sources: [(path: String, code: String)] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appending(path: "../../Sources").standardizedFileURL
    let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }
    return (files ?? []).filter { $0.hasSuffix(".swift") }.sorted().compactMap { path in
      guard let text = try? String(contentsOf: root.appending(path: path), encoding: .utf8)
      else { return nil }
      return (path, CodeText.withoutCommentsAndLiterals(text))
    }
  }()

  /// The one global the grader keeps, and why: a C signal handler cannot capture a value.
  static let allowed = ["GraderCore/ChildProcess.swift: public static let signals = Interruption()"]

  /// Declarations of state that outlives a call and is shared by whoever reaches for it.
  static func hiddenState(in code: String, path: String) -> [String] {
    // `static` cannot appear in a function body, so these count at any depth.
    let anywhere = [
      #"\bstatic var \w+(\s*:[^={]*)?\s*="#,  // stored (a computed one has a body instead)
      #"\bstatic let \w+(\s*:[^=]*)?\s*=\s*(Mutex|Atomic|NSLock|Interruption)\b"#,
      #"nonisolated\(unsafe\)"#,
    ]
    // A global is a declaration at file scope.
    let global = [
      #"^(public |package |private |fileprivate )?var \w+"#,
      #"^(public |package |private |fileprivate )?let \w+(\s*:[^=]*)?\s*=\s*(Mutex|Atomic|NSLock|Interruption)\b"#,
    ]
    var found: [String] = []
    var depth = 0
    for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
      let text = String(line)
      let patterns = depth == 0 ? anywhere + global : anywhere
      if patterns.contains(where: { text.range(of: $0, options: .regularExpression) != nil }) {
        let entry = "\(path): \(text.trimmingCharacters(in: .whitespaces))"
        if !allowed.contains(entry) { found.append(entry) }
      }
      depth += text.filter { $0 == "{" }.count - text.filter { $0 == "}" }.count
    }
    return found
  }

  @Test("The grader keeps no global or static mutable state: each part is given what it uses")
  func noGlobalMutableState() {
    #expect(Self.sources.count > 20, "the grader's sources were found")
    let found = Self.sources.flatMap { Self.hiddenState(in: $0.code, path: $0.path) }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  /// The files that may read the process's own facts: ``Surroundings/current()``, which each
  /// program's `main` calls once, and the two that hand a child the environment it inherits
  /// (the operating system passes it on; the grader only adds to it).
  static let readsFacts = [
    "GraderCore/Surroundings.swift", "GraderCore/ChildProcess.swift",
    "GraderMaintenance/Variant.swift",
  ]

  /// Reads of the process's environment, terminals or processors in `code`.
  static func factReads(in code: String, path: String) -> [String] {
    let patterns = [
      #"ProcessInfo\.processInfo\.(environment|activeProcessorCount|processorCount)"#,
      #"\b(isatty|getenv)\("#,
    ]
    return code.split(separator: "\n").filter { line in
      patterns.contains { line.range(of: $0, options: .regularExpression) != nil }
    }.map { "\(path): \($0.trimmingCharacters(in: .whitespaces))" }
  }

  @Test(
    "Only main reads the environment, the terminals and the processors; each part is handed them")
  func factsReadOnce() {
    let found = Self.sources.filter { !Self.readsFacts.contains($0.path) }
      .flatMap { Self.factReads(in: $0.code, path: $0.path) }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    let samples = [
      "let home = ProcessInfo.processInfo.environment[\"HOME\"]", "if isatty(1) == 1 {}",
      "let n = ProcessInfo.processInfo.activeProcessorCount", "let t = getenv(\"TERM\")",
    ]
    for sample in samples {
      #expect(Self.factReads(in: sample, path: "x.swift").count == 1, "\(sample)")
    }
    #expect(Self.factReads(in: "let host = ProcessInfo.processInfo.hostName", path: "x").isEmpty)
  }

  @Test("The check finds each kind of hidden state it looks for")
  func checkFindsHiddenState() {
    let samples = [
      "var shared = Cache()",
      "let lock = Mutex<Int>(0)",
      "enum Clock {\n  static var now = Date()\n}",
      "struct Cache {\n  nonisolated(unsafe) static var entries: [String] = []\n}",
      "enum Interrupts {\n  static let flag = Atomic<Bool>(false)\n}",
      "enum A {\n  struct B {\n    static var cache: [Int] = []\n  }\n}",
    ]
    for sample in samples {
      #expect(Self.hiddenState(in: sample, path: "x.swift").count == 1, "\(sample)")
    }
    let fine = [
      "enum Paths {\n  static let root = \"/\"\n  static var home: String { root }\n}",
      "struct Run {\n  var count = 0\n  func go() {\n    var seen = 0\n    let lock = Mutex(0)\n  }\n}",
      "let root = URL(fileURLWithPath: \"/\")",
    ]
    for sample in fine {
      #expect(Self.hiddenState(in: sample, path: "x.swift").isEmpty, "\(sample)")
    }
  }
}
