import Foundation

/// Finds a learner's type named like a module the tests rely on.
///
/// Swift Testing's `#expect` expands to calls qualified by the module's name
/// (`Testing.__checkBinaryOperation(…)`). The test module imports the learner's module, and a
/// type the learner declares with that name wins the lookup: a `public enum Testing` whose
/// functions answer "success" turns every check green without touching a test file. No
/// lesson needs such a name, so a lesson that declares one is not graded.
enum ModuleShadowing {
  /// The modules the tests' own code names: the testing library, the standard library and
  /// the toolchain's modules the test files import.
  static let modules = ["Testing", "Swift", "Foundation", "Synchronization", "KataTestSupport"]

  /// The first declaration in `folder` of a type, protocol or alias named like one of
  /// ``modules``, as an error for the lesson; `nil` when there is none.
  ///
  /// - Parameters:
  ///   - folder: The lesson's source folder, relative to `root`.
  ///   - root: The kata's root.
  static func problem(in folder: String, root: URL) -> Diagnostic? {
    let kinds = "enum|struct|class|actor|protocol|typealias"
    let names = modules.joined(separator: "|")
    guard
      let pattern = try? Regex(
        "^\\s*(?:@[\\w.]+(?:\\([^)]*\\))?\\s+)*(?:(?:public|package|internal|fileprivate|private|open|final|indirect|nonisolated)\\s+)*(?:\(kinds))\\s+(\(names))\\b"
      )
    else { return nil }
    for file in SwiftFiles.below([folder], in: root) {
      guard let text = try? String(contentsOf: root.appending(path: file), encoding: .utf8)
      else { continue }
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated() {
        guard let match = try? pattern.firstMatch(in: line), let name = match.output[1].substring
        else { continue }
        return Diagnostic(
          severity: "error", location: Location(file: file, line: index + 1),
          message:
            "this declares a type named \(name), the name of a module the tests use: their "
            + "checks would call it instead of the module, so no verdict could be trusted. "
            + "Give it another name.")
      }
    }
    return nil
  }
}
