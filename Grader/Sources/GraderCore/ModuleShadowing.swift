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
    let module = folder.split(separator: "/").last.map(String.init) ?? ""
    let borrowed = borrowedNames(testsFolder: testsFolder, module: module, root: root)
    // A type named like one the tests take from elsewhere is never the lesson's own: a
    // `struct Array` nested somewhere, or behind `#if false`, claims no extension of Array.
    let own = OwnTypes(
      codes: sources.map(\.code), module: module,
      notOwn: borrowed.union(standardTypes).union(standardNames))
    // Each check, in turn over every file: what it finds (a line), and what to say of it.
    let checks: [(String) -> (line: Int, message: String)?] = [
      { code in
        declaration(inCode: code).map { name, line in
          (
            line,
            "this declares something named \(name), the name of a module the tests use: their "
              + "checks would call it instead of the module, so no verdict could be trusted. "
              + "Give it another name."
          )
        }
      },
      { code in
        publicExtension(inCode: code, own: own).map { type, line in
          (
            line,
            "this adds a public member to \(type): the tests import your module, so they "
              + "would call yours instead of the standard one (an `isEmpty` that is always "
              + "true turns their checks green). Drop `public`: nothing outside your module "
              + "needs it."
          )
        }
      },
      { code in
        foreignConformance(inCode: code, own: own).map { type, proto, line in
          (
            line,
            "this makes \(type) conform to \(proto), whose extension has public members: the "
              + "tests would call them on every \(type) instead of the standard ones. Drop "
              + "`public` from that extension's members, or wrap the \(type) in a type of "
              + "your own."
          )
        }
      },
      { code in
        (publicTopLevelDeclaration(inCode: code, among: borrowed)
          ?? protocolMember(inCode: code, own: own, among: borrowed)).map { name, line in
            (
              line,
              "this declares a public \(name), a name the tests take from Swift Testing, the "
                + "standard library or the kata's test support: the tests import your module, "
                + "so they would use yours instead, and no verdict could be trusted. Give it "
                + "another name, or drop `public`."
            )
          }
      },
    ]
    for check in checks {
      for (file, code) in sources {
        guard let (line, message) = check(code) else { continue }
        return Diagnostic(
          severity: "error", location: Location(file: file, line: line), message: message)
      }
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
    "withExtendedLifetime", "print", "min", "max", "zip", "stride", "Mirror", "FileManager",
    "FileHandle", "TimeInterval", "JSONEncoder", "JSONDecoder", "Sendable", "Never", "Void",
  ]

  /// The names the tests at `testsFolder` take from elsewhere than the lesson: what their
  /// code names unqualified (not after a `.`), less what the tests declare themselves and
  /// what the lesson's reference solution declares at its top level (the lesson's API), so
  /// Swift Testing's, the standard library's, Foundation's and the test support's names.
  /// Without `Solutions/` (a workshop may delete it), the known names of those modules the
  /// tests use.
  static func borrowedNames(testsFolder: String, module: String, root: URL) -> Set<String> {
    var used = Set<String>()
    var declared = Set<String>()
    var support = Set<String>()
    let anyDeclaration =
      /\b(?:enum|struct|class|actor|protocol|typealias|associatedtype|let|var|func|case)\s+`?([A-Za-z_][A-Za-z0-9_]*)/
    for file in SwiftFiles.below([testsFolder, supportFolder], in: root) {
      guard let text = try? String(contentsOf: root.appending(path: file), encoding: .utf8)
      else { continue }
      let code = CodeText.withoutCommentsAndLiterals(text)
      if file.hasPrefix(supportFolder + "/") {
        support.formUnion(topLevelDeclarations(inCode: code).filter(\.isPublic).map(\.name))
        continue
      }
      declared.formUnion(code.matches(of: anyDeclaration).map { String($0.output.1) })
      for match in code.matches(of: /[A-Za-z_][A-Za-z0-9_]*/) {
        let before = code[..<match.range.lowerBound].last { !$0.isWhitespace }
        if before != "." { used.insert(String(match.output)) }
      }
    }
    let solution = "Solutions/\(module)"
    let lesson = SwiftFiles.below([solution], in: root).flatMap { file in
      (try? String(contentsOf: root.appending(path: file), encoding: .utf8)).map {
        topLevelDeclarations(inCode: CodeText.withoutCommentsAndLiterals($0)).map(\.name)
      } ?? []
    }
    guard !lesson.isEmpty else {
      return used.intersection(
        testingNames.union(support).union(standardTypes).union(standardNames))
    }
    return used.subtracting(declared).subtracting(lesson)
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
    var protocols: Set<String> = []
    /// The lesson's protocols that an extension with public members extends.
    var protocolsWithPublicExtensions: Set<String> = []
    var aliases: [String: Substring] = [:]
    var module: String

    init(codes: [String], module: String, notOwn: Set<String>) {
      self.module = module
      let nominal = /\b(enum|struct|class|actor|protocol)\s+`?([A-Za-z_][A-Za-z0-9_]*)/
      let alias = /\btypealias\s+`?([A-Za-z_][A-Za-z0-9_]*)`?\s*(?:<[^=]*>)?\s*=\s*/
      for code in codes {
        for match in code.matches(of: nominal) where !notOwn.contains(String(match.output.2)) {
          types.insert(String(match.output.2))
          if match.output.1 == "protocol" { protocols.insert(String(match.output.2)) }
        }
        for match in code.matches(of: alias) {
          aliases[String(match.output.1)] = code[match.range.upperBound...]
        }
      }
      for code in codes {
        for found in ModuleShadowing.extensions(inCode: code) where found.isPublic {
          let extended =
            ModuleShadowing.writtenType(found.rest).split(separator: ".").last
            .map(String.init) ?? ""
          if protocols.contains(extended) { protocolsWithPublicExtensions.insert(extended) }
        }
      }
    }

    /// The name of the type that `written` (the text after `extension` or `=`) extends,
    /// unless it is one of the lesson's own types: `[String]` is `Array`, `String?` is
    /// `Optional`, a lesson's typealias (nested ones too) stands for what it names.
    func foreignType(_ written: Substring, hops: Int = 0) -> String? {
      let text = written.drop(while: \.isWhitespace)
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
      let names = path.output.split(separator: ".").map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\n\r`"))
      }
      let after = text[path.range.upperBound...].drop { $0 == " " }
      if after.hasPrefix("?") || after.hasPrefix("!") { return "Optional" }
      // The type is the path's last name (`Outer.Inner`, `Swift.Array`, `Log.Entries`).
      guard let name = names.last, !name.isEmpty else { return nil }
      if let target = aliases[name], hops < 8 { return foreignType(target, hops: hops + 1) }
      if types.contains(name) && !(names.count > 1 && ModuleShadowing.modules.contains(names[0])) {
        return nil
      }
      return name
    }
  }

  /// The extensions in `code`: where each starts, what follows the keyword, whether it is
  /// declared public and whether its body declares anything public, `package` or open.
  static func extensions(inCode code: String)
    -> [(start: String.Index, rest: Substring, isPublic: Bool, body: Substring)]
  {
    code.matches(of: /(\b(?:public|open|package)\s+)?\bextension\b/).map { match in
      let rest = code[match.range.upperBound...]
      let body = rest.firstIndex(of: "{").map { braced(code, from: $0) } ?? ""
      let isPublic =
        match.output.1 != nil || body.contains(/\b(public|open|package)\b/)
      return (match.range.lowerBound, rest, isPublic, body)
    }
  }

  /// The text from the brace at `open` to its matching closing brace.
  static func braced(_ code: String, from open: String.Index) -> Substring {
    var depth = 0
    for index in code[open...].indices {
      if code[index] == "{" { depth += 1 }
      if code[index] == "}" {
        depth -= 1
        if depth == 0 { return code[open..<index] }
      }
    }
    return code[open...]
  }

  /// The first extension in `code` that makes a type the lesson does not declare conform to
  /// one of the lesson's protocols whose extensions declare public members, with the type,
  /// the protocol and the line: a retroactive conformance brings those members to the
  /// standard type.
  static func foreignConformance(inCode code: String, own: OwnTypes)
    -> (type: String, proto: String, line: Int)?
  {
    for found in extensions(inCode: code) {
      guard let foreign = own.foreignType(found.rest) else { continue }
      let header = String(found.rest.prefix { $0 != "{" })
      guard let colon = header.firstIndex(of: ":") else { continue }
      var conformances = header[header.index(after: colon)...]
      if let clause = conformances.firstMatch(of: /\bwhere\b/) {
        conformances = conformances[..<clause.range.lowerBound]
      }
      let named = conformances.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.output) }
      for proto in named where own.protocolsWithPublicExtensions.contains(proto) {
        return (foreign, proto, line(of: found.start, in: code))
      }
    }
    return nil
  }

  /// The first public member named one of `names` that a protocol of the lesson declares,
  /// or an extension of one adds: a test double that conforms to that protocol would use it
  /// instead of the name the tests mean (a `typealias Issue` in an extension of a
  /// repository protocol swallows the double's `Issue.record(…)`).
  static func protocolMember(inCode code: String, own: OwnTypes, among names: Set<String>)
    -> (name: String, line: Int)?
  {
    let member =
      /\b(?:enum|struct|class|actor|typealias|associatedtype|let|var|func)\s+`?([A-Za-z_][A-Za-z0-9_]*)/
    for found in extensions(inCode: code) where found.isPublic {
      guard own.foreignType(found.rest) == nil else { continue }
      let extended = writtenType(found.rest).split(separator: ".").last.map(String.init) ?? ""
      guard own.protocols.contains(extended) else { continue }
      for match in found.body.matches(of: member) where names.contains(String(match.output.1)) {
        return (String(match.output.1), line(of: match.range.lowerBound, in: code))
      }
    }
    for match in code.matches(of: /\b(?:public|package)\s+protocol\s+`?[A-Za-z_][A-Za-z0-9_]*/) {
      guard let open = code[match.range.upperBound...].firstIndex(of: "{") else { continue }
      let body = braced(code, from: open)
      for member in body.matches(of: member) where names.contains(String(member.output.1)) {
        return (String(member.output.1), line(of: member.range.lowerBound, in: code))
      }
    }
    return nil
  }

  /// The first extension in `code` of a type the lesson does not declare that is public or
  /// declares a public, `package` or open member, and its line: the tests, which import the
  /// learner's module, would call that member (a learner's `isEmpty` on `Array` shadows the
  /// standard one).
  static func publicExtension(inCode code: String, own: OwnTypes) -> (type: String, line: Int)? {
    for found in extensions(inCode: code) where found.isPublic {
      guard let foreign = own.foreignType(found.rest) else { continue }
      let written = writtenType(found.rest)
      let last = written.split(separator: ".").last ?? ""
      let shown = last.hasPrefix(foreign) ? written : "\(written) (\(foreign))"
      return (shown, line(of: found.start, in: code))
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
      if character == "{" || character.isNewline || (character == ":" && depth == 0) { break }
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
