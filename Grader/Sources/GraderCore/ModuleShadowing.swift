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
///   `extension Array`, `extension [String]`, `extension String?` or through a typealias, or
///   brought by a conformance to a lesson protocol with public extension members) replaces
///   the standard one in the tests' checks;
/// - a name the tests take from Swift Testing, the standard library or the kata's test
///   support, declared public at the top level or in a lesson protocol: a public `Issue`
///   swallows the tests' `Issue.record(…)`, a public `runConcurrently` runs the tests' hundred
///   threads one after another; and a public `~=` or `??`.
/// No lesson needs any of these, so a lesson that declares one is not graded.
///
/// The check reads the source with comments and literals left out (``CodeText``), so a name
/// in backticks, on the next line, after a `;`, a comment or a raw string is found as well.
/// It reads text, not types: it cannot see names that macros or other generated code declare,
/// and a shadow made in a way none of its rules names escapes it (see README, "The grader in
/// depth"). After the build, ``CompiledShadowing`` applies the same rules to what the
/// compiler says the module declares.
enum ModuleShadowing {
  /// The modules the tests' own code names: the testing library, the standard library and
  /// the toolchain's modules the test files import.
  static let modules = [
    "Testing", "Swift", "Foundation", "Synchronization", "KataTestSupport", "Runtime", "Dispatch",
    "Glibc", "Darwin",
  ]

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
        // A NUL is whitespace to the compiler (with a warning), and to these checks too.
        (file: file, code: CodeText.withoutCommentsAndLiterals($0.replacing("\u{0}", with: " ")))
      }
    }
    let module = folder.split(separator: "/").last.map(String.init) ?? ""
    let borrowed = borrowedNames(testsFolder: testsFolder, root: root)
    // A type named like one the tests take from elsewhere is never the lesson's own: a
    // `struct Array` nested somewhere, or behind `#if false`, claims no extension of Array.
    let own = OwnTypes(
      codes: sources.map(\.code), module: module,
      notOwn: borrowed.union(standardTypes).union(standardNames))
    // Each check, in turn over every file: what it finds (a line), and what to say of it.
    var checks: [(String) -> (line: Int, message: String)?] = [
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
              + "true turns their checks green). Drop `public`; if the member fulfils a "
              + "protocol of yours, which asks it to be public, wrap the \(type) in a type of "
              + "your own that conforms instead."
          )
        }
      },
      { code in
        foreignConformance(inCode: code, own: own).map { type, proto, line in
          (
            line,
            "this makes \(type) conform to \(proto), whose extension has public members: the "
              + "tests would call them on every \(type) instead of the standard ones. Make "
              + "that extension's members internal (or move them into the types that need "
              + "them), or wrap the \(type) in a type of your own."
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
    checks.append { code in
      publicStandardOperator(inCode: code).map { name, line in
        (
          line,
          "this declares a public \(name), an operator the tests use from the standard library "
            + "(`~=` matches their `case` patterns, `??` their defaults): the tests import your "
            + "module, so they would use yours instead. Drop `public`, or use a method of your "
            + "own."
        )
      }
    }
    checks.append { code in
      underscoredFeature(inCode: code).map { feature, line in
        (
          line,
          "this uses \(feature): underscored attributes and types are the compiler's and the "
            + "standard library's unofficial features, which can hide a declaration from the "
            + "grader's checks, and no lesson needs one. Remove it (a type of your own: give "
            + "it a name without the leading underscore)."
        )
      }
    }
    checks.append { code in
      testingImport(inCode: code).map { library, line in
        (
          line,
          "this imports \(library), a testing library: your code runs inside the tests' "
            + "process, and with it your code could change what the tests count (a failure "
            + "they record inside `withKnownIssue` is dropped). No lesson needs it: remove the "
            + "import; the tests are the only place for testing code."
        )
      }
    }
    for check in checks {
      for (file, code) in sources {
        guard let (line, message) = check(code) else { continue }
        return Diagnostic(
          severity: "error", location: Location(file: file, line: line), message: message)
      }
    }
    return nil
  }

  /// The first import of a testing library in `code` (Swift Testing, its underscored
  /// modules, XCTest), whatever the attributes or the kind of import, and its line.
  static func testingImport(inCode code: String) -> (library: String, line: Int)? {
    guard
      let match = code.firstMatch(
        of:
          /\bimport\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?`?(Testing|XCTest|_Testing\w*)`?(?![\w])/
      )
    else { return nil }
    let library = match.output.1 == "XCTest" ? "XCTest" : "Swift Testing"
    return (library, line(of: match.range.lowerBound, in: code))
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
    "Data", "Duration", "CaseIterable", "Identifiable", "CustomStringConvertible",
    "CustomDebugStringConvertible", "Encodable", "Decodable", "Codable", "RawRepresentable",
    "AnyObject", "CustomReflectable", "OptionSet",
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
    "type", "dump", "debugPrint", "precondition", "assert", "fatalError", "abs", "swap",
    "AnyClass", "UTF8", "MainActor", "CheckedContinuation", "UnsafeContinuation",
    "LocalizedError", "CustomTestStringConvertible",
  ]

  /// The names of Swift Testing, the standard library, Foundation and the shared test
  /// support that the tests at `testsFolder` write unqualified (not after a `.`): a public
  /// declaration of the lesson with one of these names would take its place in the tests.
  ///
  /// Known lists, not every identifier the tests use: a test's local, parameter or generic
  /// parameter (`build`, `Service`) is no name a lesson's declaration can take over, and a
  /// lesson may well declare one.
  static func borrowedNames(testsFolder: String, root: URL) -> Set<String> {
    var used = Set<String>()
    var support = Set<String>()
    for (file, code) in testsCode(testsFolder: testsFolder, root: root) {
      if file.hasPrefix(supportFolder + "/") {
        support.formUnion(topLevelDeclarations(inCode: code).filter(\.isPublic).map(\.name))
        continue
      }
      for match in code.matches(of: /[A-Za-z_][A-Za-z0-9_]*/) {
        let before = code[..<match.range.lowerBound].last { !$0.isWhitespace }
        if before != "." { used.insert(String(match.output)) }
      }
    }
    return used.intersection(
      testingNames.union(support).union(standardTypes).union(standardNames))
  }

  /// The functions the tests at `testsFolder` and the shared test support declare at the top
  /// level (their helpers, such as `holding(of:in:)`): a public function of the lesson with
  /// one of these names is an overload the compiler may prefer to the tests' own, a more
  /// specific one for the lesson's types. Methods are left out: inside a type a member hides
  /// every top-level function of its name, and a test double's `log(_:)` is called on the
  /// double; a lesson's own `log(_:to:)` took nothing from the tests (break round 10).
  static func testsFunctions(testsFolder: String, root: URL) -> Set<String> {
    var names = Set<String>()
    for (_, code) in testsCode(testsFolder: testsFolder, root: root) {
      names.formUnion(
        topLevelDeclarations(inCode: code).filter { $0.keyword == "func" }.map(\.name))
    }
    return names
  }

  /// The code of the tests at `testsFolder` and of the shared test support, file by file,
  /// without comments and literals.
  private static func testsCode(testsFolder: String, root: URL) -> [(file: String, code: String)] {
    SwiftFiles.below([testsFolder, supportFolder], in: root).compactMap { file in
      (try? String(contentsOf: root.appending(path: file), encoding: .utf8)).map {
        (file, CodeText.withoutCommentsAndLiterals($0))
      }
    }
  }

  /// The first public declaration in `code` of `~=` or `??`, operators the tests use from
  /// the standard library that their own comparisons (`StandardComparisons.swift`) do not
  /// declare, and its line.
  static func publicStandardOperator(inCode code: String) -> (name: String, line: Int)? {
    guard
      let match = code.firstMatch(
        of: /\b(?:public|package|open)\s+(?:[\w@]+\s+)*func\s*(~=|\?\?)/)
    else { return nil }
    return (String(match.output.1), line(of: match.range.lowerBound, in: code))
  }

  /// The first public (or `package`, or `open`) declaration at the top level of `code` named
  /// one of `names`, and its line.
  static func publicTopLevelDeclaration(inCode code: String, among names: Set<String>)
    -> (name: String, line: Int)?
  {
    topLevelDeclarations(inCode: code).first { $0.isPublic && names.contains($0.name) }
      .map { ($0.name, $0.line) }
  }

  /// The declarations at the top level of `code` (outside every brace): their names, their
  /// keywords (`func`, `struct`, …), whether other modules see them, and their lines.
  static func topLevelDeclarations(inCode code: String)
    -> [(name: String, keyword: String, isPublic: Bool, line: Int)]
  {
    // A name, or a tuple of names (`let (Issue, x) = …`).
    let keyword =
      /\b(enum|struct|class|actor|protocol|typealias|let|var|func|macro)(?:\s+`?([A-Za-z_][A-Za-z0-9_]*)`?|\s*\(([^)=]*)\))/
    var found: [(name: String, keyword: String, isPublic: Bool, line: Int)] = []
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
      let names =
        match.output.2.map { [String($0)] }
        ?? (match.output.3.map { tuple in
          tuple.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.output) }
        } ?? [])
      for name in names where name != "_" {
        found.append(
          (
            name, String(match.output.1), modifiers.contains(/\b(?:public|open|package)\b/),
            line(of: match.range.lowerBound, in: code)
          ))
      }
    }
    return found
  }

  /// `code` with all but its top level blanked out (line breaks kept): what lies inside
  /// braces or inside an `#if` … `#endif` block. A type declared there is no top-level type
  /// of the lesson (a decoy `struct Array` nested in an enum, or behind `#if false`).
  static func topLevelOnly(_ code: String) -> String {
    var result = ""
    var depth = 0
    var conditional = 0
    for line in code.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let trimmed = line.drop(while: \.isWhitespace)
      if trimmed.hasPrefix("#if") { conditional += 1 }
      let inConditional = conditional > 0
      if trimmed.hasPrefix("#endif") { conditional = max(0, conditional - 1) }
      for character in line {
        if character == "}" { depth = max(0, depth - 1) }
        result.append(depth == 0 && !inConditional ? character : " ")
        if character == "{" { depth += 1 }
      }
      result.append("\n")
    }
    return result
  }

  /// The types a lesson declares at its top level, its typealiases, and which of its
  /// protocols bring public members to whatever conforms to them, across its files.
  struct OwnTypes {
    /// Top-level types, outside any `#if`.
    var types: Set<String> = []
    var protocols: Set<String> = []
    /// Each top-level protocol's parents, as written.
    var parents: [String: [String]] = [:]
    /// Top-level aliases, outside any `#if`: they stand for a single name.
    var aliases: [String: Substring] = [:]
    /// Aliases declared anywhere: they stand for the last name of a path (`Log.Entries`).
    var nestedAliases: [String: Substring] = [:]
    /// The lesson's protocols whose extensions (or a parent's) declare public members.
    var protocolsWithPublicExtensions: Set<String> = []
    var module: String

    init(codes: [String], module: String, notOwn: Set<String>) {
      self.module = module
      let nominal = /\b(enum|struct|class|actor|protocol)\s+`?([A-Za-z_][A-Za-z0-9_]*)`?/
      let alias = /\btypealias\s+`?([A-Za-z_][A-Za-z0-9_]*)`?\s*(?:<[^=]*>)?\s*=\s*/
      for code in codes {
        let top = ModuleShadowing.topLevelOnly(code)
        for match in top.matches(of: nominal) where !notOwn.contains(String(match.output.2)) {
          let name = String(match.output.2)
          types.insert(name)
          guard match.output.1 == "protocol" else { continue }
          protocols.insert(name)
          let header = top[match.range.upperBound...].prefix { $0 != "{" }
          if let colon = header.firstIndex(of: ":") {
            var list = header[header.index(after: colon)...]
            if let clause = list.firstMatch(of: /\bwhere\b/) {
              list = list[..<clause.range.lowerBound]
            }
            parents[name] = list.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.output) }
          }
        }
        for match in top.matches(of: alias) {
          aliases[String(match.output.1)] = code[match.range.upperBound...]
        }
        for match in code.matches(of: alias) {
          nestedAliases[String(match.output.1)] = code[match.range.upperBound...]
        }
      }
      for code in codes {
        for found in ModuleShadowing.extensions(inCode: code) where found.isPublic {
          if let extended = ownProtocol(found.rest) {
            protocolsWithPublicExtensions.insert(extended)
          }
        }
      }
      // A protocol that refines one of them brings the same members.
      var grew = true
      while grew {
        grew = false
        for (child, written) in parents where !protocolsWithPublicExtensions.contains(child) {
          if written.contains(where: {
            ownProtocol(Substring($0)).map(protocolsWithPublicExtensions.contains) ?? false
          }) {
            protocolsWithPublicExtensions.insert(child)
            grew = true
          }
        }
      }
    }

    /// The lesson's protocol that `written` names, through its typealiases; `nil` when it
    /// names none.
    func ownProtocol(_ written: Substring, hops: Int = 0) -> String? {
      let text = written.drop(while: \.isWhitespace)
      guard let path = text.prefixMatch(of: /`?[A-Za-z_][A-Za-z0-9_]*`?/) else { return nil }
      let name = path.output.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      if let target = aliases[name], hops < 8 { return ownProtocol(target, hops: hops + 1) }
      return protocols.contains(name) ? name : nil
    }

    /// The name of the type that `written` (the text after `extension` or `=`) extends,
    /// unless it is one of the lesson's own types: `[String]` is `Array`, `String?` is
    /// `Optional`, a lesson's typealias (a nested one too) stands for what it names.
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
      var names = path.output.split(separator: ".").map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\n\r`"))
      }
      let after = text[path.range.upperBound...].drop { $0 == " " }
      if after.hasPrefix("?") || after.hasPrefix("!") { return "Optional" }
      // Qualified by another module (`Swift.Unicode.Encoding`): never the lesson's, whatever
      // decoy of that name the lesson declares.
      if names.count > 1, ModuleShadowing.modules.contains(names[0]), names[0] != module {
        return names.last
      }
      if names.count > 1, names[0] == module { names.removeFirst() }
      guard let first = names.first, let last = names.last, !last.isEmpty else { return nil }
      if names.count == 1 {
        if let target = aliases[first], hops < 8 { return foreignType(target, hops: hops + 1) }
        return types.contains(first) ? nil : first
      }
      // A path: a type nested in one of the lesson's is the lesson's, unless it is an alias.
      guard types.contains(first) else { return last }
      if let target = nestedAliases[last], hops < 8 { return foreignType(target, hops: hops + 1) }
      return nil
    }
  }

  /// `public`, `open` or `package` used as a modifier (followed by a declaration, an
  /// attribute or another modifier), not a parameter, a variable or a call named `open`.
  static var publicModifier: Regex<Substring> {
    /\b(?:public|open|package)\s+(?:@|func\b|var\b|let\b|subscript\b|init\b|typealias\b|struct\b|enum\b|class\b|actor\b|protocol\b|static\b|final\b|override\b|consuming\b|borrowing\b|convenience\b|required\b|mutating\b|nonmutating\b|nonisolated\b|lazy\b|dynamic\b|indirect\b|weak\b|unowned\b|extension\b|prefix\b|postfix\b|infix\b)/
  }

  /// The extensions in `code`: where each starts, what follows the keyword, whether it is
  /// declared public and whether its body declares anything public, `package` or open.
  static func extensions(inCode code: String)
    -> [(start: String.Index, rest: Substring, isPublic: Bool, body: Substring)]
  {
    code.matches(of: /(\b(?:public|open|package)\s+)?\bextension\b/).map { match in
      let rest = code[match.range.upperBound...]
      let body = rest.firstIndex(of: "{").map { braced(code, from: $0) } ?? ""
      let isPublic = match.output.1 != nil || body.contains(publicModifier)
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
      for match in conformances.matches(of: /[A-Za-z_][A-Za-z0-9_]*/) {
        guard let proto = own.ownProtocol(match.output),
          own.protocolsWithPublicExtensions.contains(proto)
        else { continue }
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
      guard own.ownProtocol(found.rest) != nil else { continue }
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
    if let match = try? pattern.firstMatch(in: code), let name = match.output[1].substring {
      return (String(name), line(of: match.range.lowerBound, in: code))
    }
    // A tuple of names: `let (Testing, x) = (Checks.self, 0)`.
    for match in code.matches(of: /\b(?:let|var)\s*\(([^)=]*)\)/) {
      for name in match.output.1.matches(of: /[A-Za-z_][A-Za-z0-9_]*/)
      where modules.contains(String(name.output)) {
        return (String(name.output), line(of: match.range.lowerBound, in: code))
      }
    }
    return nil
  }

  /// The first underscored attribute (`@_documentation`, `@_spi`, `@_exported`, …) or
  /// extension of a type with an underscored name (`Swift._ExpressibleByBuiltinStringLiteral`)
  /// in `code`, and its line. The first can hide a public declaration from the symbol graph
  /// that ``CompiledShadowing`` reads; the graph leaves out what extends the second
  /// altogether. A type of the lesson's own named `_Storage` is no such feature.
  static func underscoredFeature(inCode code: String) -> (feature: String, line: Int)? {
    let attribute = code.firstMatch(of: /@`?(_[A-Za-z][A-Za-z0-9_]*)/).map {
      ("@" + String($0.output.1), $0.range.lowerBound)
    }
    let extended = code.firstMatch(
      of: /\bextension\s+(?:`?[A-Za-z_][A-Za-z0-9_]*`?\s*\.\s*)*`?(_[A-Za-z0-9_]*)/
    ).map { ("an extension of \($0.output.1)", $0.range.lowerBound) }
    guard let first = [attribute, extended].compactMap({ $0 }).min(by: { $0.1 < $1.1 })
    else { return nil }
    return (first.0, line(of: first.1, in: code))
  }

  /// The line of `index` in `code`, counting line feeds alone (a CRLF file's `"\r\n"` is one
  /// `Character`, which a comparison with `"\n"` would miss).
  static func line(of index: String.Index, in code: String) -> Int {
    code.unicodeScalars[..<index].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
  }
}
