import Foundation

/// Finds a learner's declaration named like a module the tests rely on.
///
/// Swift Testing's `#expect` expands to calls qualified by the module's name
/// (`Testing.__checkBinaryOperation(…)`). The test module imports the learner's module, and a
/// type (or a value) the learner declares with that name wins the lookup: a `public enum
/// Testing` whose functions answer "success" turns every check green without touching a test
/// file. No lesson needs such a name, so a lesson that declares one is not graded.
///
/// The check reads the source with comments and literals left out (``CodeText``), so a name
/// in backticks, on the next line, after a `;`, a comment or a raw string is found as well;
/// it cannot see names that macros or other generated code declare.
enum ModuleShadowing {
  /// The modules the tests' own code names: the testing library, the standard library and
  /// the toolchain's modules the test files import.
  static let modules = ["Testing", "Swift", "Foundation", "Synchronization", "KataTestSupport"]

  /// The first declaration in `folder` of a type, protocol, alias or value named like one of
  /// ``modules``, as an error for the lesson; `nil` when there is none.
  ///
  /// - Parameters:
  ///   - folder: The lesson's source folder, relative to `root`.
  ///   - root: The kata's root.
  static func problem(in folder: String, root: URL) -> Diagnostic? {
    let sources = SwiftFiles.below([folder], in: root).compactMap { file in
      (try? String(contentsOf: root.appending(path: file), encoding: .utf8)).map { (file, $0) }
    }
    for (file, text) in sources {
      guard let (name, line) = declaration(in: text) else { continue }
      return Diagnostic(
        severity: "error", location: Location(file: file, line: line),
        message:
          "this declares something named \(name), the name of a module the tests use: their "
          + "checks would call it instead of the module, so no verdict could be trusted. "
          + "Give it another name.")
    }
    for (file, text) in sources {
      guard let (type, line) = publicExtension(in: text) else { continue }
      return Diagnostic(
        severity: "error", location: Location(file: file, line: line),
        message:
          "this adds a public member to \(type): the tests import your module, so they would "
          + "call yours instead of the standard one (an `isEmpty` that is always true turns "
          + "their checks green). Drop `public`: nothing outside your module needs it.")
    }
    return nil
  }

  /// The standard types the tests' code calls members of.
  static let standardTypes = [
    "Array", "Dictionary", "Set", "String", "Substring", "Character", "Optional", "Result",
    "Sequence", "Collection", "BidirectionalCollection", "RandomAccessCollection",
    "RangeReplaceableCollection", "MutableCollection", "StringProtocol", "Int", "Double", "Bool",
    "Equatable", "Hashable", "Comparable", "Error", "Range", "ClosedRange", "Date", "URL", "UUID",
    "Data", "Duration",
  ]

  /// The first extension in `source` of one of ``standardTypes`` that is public or declares a
  /// public or open member, and its line: the tests, which import the learner's module, would
  /// call that member (a learner's `isEmpty` on `Array` shadows the standard one).
  static func publicExtension(in source: String) -> (type: String, line: Int)? {
    let code = CodeText.withoutCommentsAndLiterals(source)
    let types = standardTypes.joined(separator: "|")
    guard
      let pattern = try? Regex(
        "(\\b(?:public|open)\\s+)?\\bextension\\s+(?:Swift\\.|Foundation\\.)?`?(\(types))`?(?![\\w])"
      )
    else { return nil }
    for match in code.matches(of: pattern) {
      guard let type = match.output[2].substring else { continue }
      var isPublic = match.output[1].substring != nil
      if !isPublic, let open = code[match.range.upperBound...].firstIndex(of: "{") {
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
        isPublic = code[open..<end].contains(/\b(public|open)\b/)
      }
      if isPublic {
        let line = code[..<match.range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        return (String(type), line)
      }
    }
    return nil
  }

  /// The first shadowing name declared in `source`, and its line.
  static func declaration(in source: String) -> (name: String, line: Int)? {
    let code = CodeText.withoutCommentsAndLiterals(source)
    let kinds = "enum|struct|class|actor|protocol|typealias|let|var"
    let names = modules.joined(separator: "|")
    guard let pattern = try? Regex("\\b(?:\(kinds))\\s+`?(\(names))`?(?![\\w])") else {
      return nil
    }
    guard let match = try? pattern.firstMatch(in: code), let name = match.output[1].substring
    else { return nil }
    let line = code[..<match.range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    return (String(name), line)
  }
}
