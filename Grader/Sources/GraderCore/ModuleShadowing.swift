import Foundation

/// Finds a learner's declaration that would change what the tests' own code means.
///
/// The test module imports the learner's module, and Swift prefers a declaration of a module
/// over one of a module it imports (the compiler's `removeShadowedDecls`). So a name the
/// learner declares can take over a name the tests use from elsewhere:
/// - a module's name: Swift Testing's `#expect` expands to calls qualified by it
///   (`Testing.__checkBinaryOperation(…)`), and a `public enum Testing` whose functions
///   answer "success" turns every check green;
/// - a member of a type the lesson does not declare: a public `isEmpty` on `Array` (written
///   `extension Array`, `extension [String]`, `extension String?` or through a typealias)
///   replaces the standard one in the tests' checks;
/// - a name the tests take from Swift Testing or the kata's test support, declared public at
///   the top level: a public `Issue` swallows the tests' `Issue.record(…)`, a public
///   `runConcurrently` runs the tests' hundred threads one after another.
/// No lesson needs any of these, so a lesson that declares one is not graded.
///
/// The check reads the source with comments and literals left out (``CodeText``), so a name
/// in backticks, on the next line, after a `;`, a comment or a raw string is found as well;
/// it cannot see names that macros or other generated code declare.
enum ModuleShadowing {
  /// The modules the tests' own code names: the testing library, the standard library and
  /// the toolchain's modules the test files import.
  static let modules = ["Testing", "Swift", "Foundation", "Synchronization", "KataTestSupport"]

  /// The shared test support every lesson's tests import.
  static let supportFolder = "Tests/KataTestSupport"

  /// The first declaration in `folder` that would change what the tests' code means, as an
  /// error for the lesson; `nil` when there is none.
  ///
  /// - Parameters:
  ///   - folder: The lesson's source folder, relative to `root`; its last component is the
  ///     module's name.
  ///   - testsFolder: The lesson's tests, relative to `root`: what they use from elsewhere.
  ///   - root: The kata's root.
  static func problem(in folder: String, testsFolder: String, root: URL) -> Diagnostic? {
    let sources = SwiftFiles.below([folder], in: root).compactMap { file in
      (try? String(contentsOf: root.appending(path: file), encoding: .utf8)).map {
        (file: file, code: CodeText.withoutCommentsAndLiterals($0))
      }
    }
    for (file, code) in sources {
      guard let (name, line) = declaration(inCode: code) else { continue }
      return Diagnostic(
        severity: "error", location: Location(file: file, line: line),
        message:
          "this declares something named \(name), the name of a module the tests use: their "
          + "checks would call it instead of the module, so no verdict could be trusted. "
          + "Give it another name.")
    }
    let own = OwnTypes(codes: sources.map(\.code), module: folder.split(separator: "/").last)
    for (file, code) in sources {
      guard let (type, line) = publicExtension(inCode: code, own: own) else { continue }
      return Diagnostic(
        severity: "error", location: Location(file: file, line: line),
        message:
          "this adds a public member to \(type): the tests import your module, so they would "
          + "call yours instead of the standard one (an `isEmpty` that is always true turns "
          + "their checks green). Drop `public`: nothing outside your module needs it.")
    }
    let borrowed = borrowedNames(testsFolder: testsFolder, root: root)
    for (file, code) in sources {
      guard let (name, line) = publicTopLevelDeclaration(inCode: code, among: borrowed)
      else { continue }
      return Diagnostic(
        severity: "error", location: Location(file: file, line: line),
        message:
          "this declares a public \(name), a name the tests take from Swift Testing, the "
          + "standard library or the kata's test support: the tests import your module, so "
          + "they would use yours instead, and no verdict could be trusted. Give it another "
          + "name, or drop `public`.")
    }
    return nil
  }

  /// Swift Testing's public names at the top level (its API, as documented).
  static let testingNames: Set<String> = [
    "Test", "Suite", "Issue", "Comment", "Confirmation", "Tag", "Trait", "TestTrait", "SuiteTrait",
    "TestScoping", "Bug", "ConditionTrait", "TimeLimitTrait", "ParallelizationTrait",
    "SourceLocation", "Attachment", "Attachable", "AttachableWrapper", "ExitTest", "Expectation",
    "ExpectationFailedError", "KnownIssueMatcher", "confirmation", "withKnownIssue",
  ]

  /// The standard types the tests' code calls members of.
  static let standardTypes = [
    "Array", "Dictionary", "Set", "String", "Substring", "Character", "Optional", "Result",
    "Sequence", "Collection", "BidirectionalCollection", "RandomAccessCollection",
    "RangeReplaceableCollection", "MutableCollection", "StringProtocol", "Int", "Double", "Bool",
    "Equatable", "Hashable", "Comparable", "Error", "Range", "ClosedRange", "Date", "URL", "UUID",
    "Data", "Duration",
  ]

  /// The standard library's and Foundation's other names the tests use for waiting, locking
  /// and timing, which a lesson never declares.
  static let standardNames: Set<String> = [
    "Task", "TaskGroup", "Mutex", "Atomic", "NSLock", "NSCondition", "NSRecursiveLock", "Thread",
    "DispatchQueue", "DispatchGroup", "DispatchSemaphore", "ContinuousClock", "SuspendingClock",
    "URLError", "CancellationError", "ObjectIdentifier", "withTaskGroup",
    "withThrowingTaskGroup", "withCheckedContinuation", "withCheckedThrowingContinuation",
    "withExtendedLifetime", "print", "min", "max", "zip", "stride",
  ]

  /// The names the tests at `testsFolder` use that come from Swift Testing, the standard
  /// library or the shared test support's public declarations.
  static func borrowedNames(testsFolder: String, root: URL) -> Set<String> {
    var used = Set<String>()
    var support = Set<String>()
    for file in SwiftFiles.below([testsFolder, supportFolder], in: root) {
      guard let text = try? String(contentsOf: root.appending(path: file), encoding: .utf8)
      else { continue }
      let code = CodeText.withoutCommentsAndLiterals(text)
      if file.hasPrefix(supportFolder + "/") {
        support.formUnion(
          topLevelDeclarations(inCode: code).filter(\.isPublic).map(\.name))
      } else {
        used.formUnion(code.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.output) })
      }
    }
    return used.intersection(
      testingNames.union(support).union(standardTypes).union(standardNames))
  }

  /// The first public (or `package`, or `open`) declaration at the top level of `code` named
  /// one of `names`, and its line.
  static func publicTopLevelDeclaration(inCode code: String, among names: Set<String>)
    -> (name: String, line: Int)?
  {
    topLevelDeclarations(inCode: code).first { $0.isPublic && names.contains($0.name) }
      .map { ($0.name, $0.line) }
  }

  /// The declarations at the top level of `code` (outside every brace): their names, whether
  /// other modules see them, and their lines.
  static func topLevelDeclarations(inCode code: String)
    -> [(name: String, isPublic: Bool, line: Int)]
  {
    let keyword =
      /\b(?:enum|struct|class|actor|protocol|typealias|let|var|func|macro)\s+`?([A-Za-z_][A-Za-z0-9_]*)`?/
    var found: [(name: String, isPublic: Bool, line: Int)] = []
    var depth = 0
    var previous = code.startIndex
    for match in code.matches(of: keyword) {
      let between = code[previous..<match.range.lowerBound]
      for character in between {
        if character == "{" { depth += 1 }
        if character == "}" { depth = max(0, depth - 1) }
      }
      previous = match.range.lowerBound
      guard depth == 0 else { continue }
      // The declaration's modifiers: what stands between the previous declaration (or a
      // brace, or a semicolon) and its keyword.
      let modifiers =
        between.lastIndex { "{};".contains($0) }
        .map { between[between.index(after: $0)...] } ?? between
      found.append(
        (
          String(match.output.1), modifiers.contains(/\b(?:public|open|package)\b/),
          line(of: match.range.lowerBound, in: code)
        ))
    }
    return found
  }

  /// The types a lesson declares, and the typealiases it declares, across its files.
  struct OwnTypes {
    var types: Set<String> = []
    var aliases: [String: Substring] = [:]
    var module: String?

    init(codes: [String], module: Substring?) {
      self.module = module.map(String.init)
      let nominal = /\b(?:enum|struct|class|actor|protocol)\s+`?([A-Za-z_][A-Za-z0-9_]*)/
      let alias = /\btypealias\s+`?([A-Za-z_][A-Za-z0-9_]*)`?\s*(?:<[^=]*>)?\s*=\s*/
      for code in codes {
        for match in code.matches(of: nominal) { types.insert(String(match.output.1)) }
        for match in code.matches(of: alias) {
          aliases[String(match.output.1)] = code[match.range.upperBound...]
        }
      }
    }

    /// The name of the type that `written` (the text after `extension` or `=`) extends,
    /// unless it is one of the lesson's own types: `[String]` is `Array`, `String?` is
    /// `Optional`, a lesson's typealias stands for what it names.
    func foreignType(_ written: Substring, hops: Int = 0) -> String? {
      let text = written.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
      if text.hasPrefix("[") {
        // `[Key: Value]` or `[Element]`: the colon at the first level of brackets decides.
        var depth = 0
        for character in text {
          if character == "[" || character == "<" || character == "(" { depth += 1 }
          if character == "]" || character == ">" || character == ")" {
            depth -= 1
            if depth == 0 { break }
          }
          if character == ":" && depth == 1 { return "Dictionary" }
        }
        return "Array"
      }
      guard
        let path = text.prefixMatch(
          of: /`?[A-Za-z_][A-Za-z0-9_]*`?(?:\s*\.\s*`?[A-Za-z_][A-Za-z0-9_]*`?)*/)
      else { return nil }
      var names = path.output.split(separator: ".").map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\n`"))
      }
      let after = text[path.range.upperBound...].drop { $0 == " " }
      if after.hasPrefix("?") || after.hasPrefix("!") { return "Optional" }
      if names.count > 1, let first = names.first,
        ModuleShadowing.modules.contains(first) || first == module
      {
        names.removeFirst()
      }
      guard let name = names.first else { return nil }
      if types.contains(name) { return nil }
      if let target = aliases[name], hops < 8 { return foreignType(target, hops: hops + 1) }
      return name
    }
  }

  /// The first extension in `code` of a type the lesson does not declare that is public or
  /// declares a public, `package` or open member, and its line: the tests, which import the
  /// learner's module, would call that member (a learner's `isEmpty` on `Array` shadows the
  /// standard one).
  static func publicExtension(inCode code: String, own: OwnTypes) -> (type: String, line: Int)? {
    for match in code.matches(of: /(\b(?:public|open|package)\s+)?\bextension\b/) {
      let rest = code[match.range.upperBound...]
      guard let foreign = own.foreignType(rest) else { continue }
      var isPublic = match.output.1 != nil
      if !isPublic, let open = rest.firstIndex(of: "{") {
        // The extension's body, to its matching brace.
        var depth = 0
        var end = code.endIndex
        for index in code[open...].indices {
          if code[index] == "{" { depth += 1 }
          if code[index] == "}" {
            depth -= 1
            if depth == 0 {
              end = index
              break
            }
          }
        }
        isPublic = code[open..<end].contains(/\b(public|open|package)\b/)
      }
      if isPublic {
        let written = writtenType(rest)
        let shown = written.hasPrefix(foreign) ? foreign : "\(written) (\(foreign))"
        return (shown, line(of: match.range.lowerBound, in: code))
      }
    }
    return nil
  }

  /// The extended type as written after `extension`: up to its body, its conformances or its
  /// `where` clause.
  static func writtenType(_ rest: Substring) -> String {
    var written = ""
    var depth = 0
    for character in rest {
      if character == "[" || character == "<" || character == "(" { depth += 1 }
      if character == "]" || character == ">" || character == ")" { depth -= 1 }
      if character == "{" || character == "\n" || (character == ":" && depth == 0) { break }
      written.append(character)
    }
    if let clause = written.range(of: " where ") { written = String(written[..<clause.lowerBound]) }
    return written.trimmingCharacters(in: .whitespaces)
  }

  /// The first shadowing name declared in `source`, and its line.
  static func declaration(in source: String) -> (name: String, line: Int)? {
    declaration(inCode: CodeText.withoutCommentsAndLiterals(source))
  }

  /// The first shadowing name declared in `code` (comments and literals left out).
  static func declaration(inCode code: String) -> (name: String, line: Int)? {
    let kinds = "enum|struct|class|actor|protocol|typealias|let|var"
    let names = modules.joined(separator: "|")
    guard let pattern = try? Regex("\\b(?:\(kinds))\\s+`?(\(names))`?(?![\\w])") else {
      return nil
    }
    guard let match = try? pattern.firstMatch(in: code), let name = match.output[1].substring
    else { return nil }
    return (String(name), line(of: match.range.lowerBound, in: code))
  }

  /// The line of `index` in `code`, counting line feeds alone (a CRLF file's `"\r\n"` is one
  /// `Character`, which a comparison with `"\n"` would miss).
  static func line(of index: String.Index, in code: String) -> Int {
    code.unicodeScalars[..<index].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
  }
}
