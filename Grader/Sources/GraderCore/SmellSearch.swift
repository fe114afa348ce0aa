import Foundation

/// A search that a lesson text asks the learner to run for a smell no test can see, such as
/// a live default argument that every caller overrides, or a global nobody reads any more.
///
/// The text declares it beside that request, in a comment a reader does not see:
///
/// ```markdown
/// <!-- search when done: ProfileViewModel.swift: Live*, production, Date() -->
/// ```
///
/// Once every test passes, the grader runs the search in the learner's files and names what
/// it still finds, so "Lesson done" does not hide what the lesson says the tests miss.
package struct SmellSearch: Sendable, Equatable {
  /// A file of the lesson's folder, or `*` for every Swift file in it.
  package let file: String
  /// What to look for in code, with comments and string literals left out: `Live*` is any
  /// name that begins with `Live`; anything else is matched as written, not as part of a
  /// longer name (`shared` does not find `sharedCache`).
  package let terms: [String]

  /// A search for `terms` in `file` (`*`: every Swift file of the lesson).
  package init(file: String, terms: [String]) {
    self.file = file
    self.terms = terms
  }

  static let marker = "<!-- search when done:"

  /// The searches declared in a lesson text.
  static func declared(in markdown: String) -> [SmellSearch] {
    markdown.split(whereSeparator: \.isNewline).compactMap { line in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix(marker), trimmed.hasSuffix("-->") else { return nil }
      let body = trimmed.dropFirst(marker.count).dropLast(3)
      guard let colon = body.firstIndex(of: ":") else { return nil }
      let file = body[..<colon].trimmingCharacters(in: .whitespaces)
      let terms = body[body.index(after: colon)...].split(separator: ",")
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      guard !file.isEmpty, !terms.isEmpty else { return nil }
      return SmellSearch(file: file, terms: terms)
    }
  }

  /// Every line of code in `folder` (relative to `root`) that the search finds, as
  /// `file:line: the line`, in file order.
  package func hits(in folder: String, root: URL) -> [String] {
    // Every file of the lesson, read once: as written, and without comments and strings.
    let sources = SwiftFiles.below([folder], in: root).compactMap { path in
      (try? String(contentsOf: root.appending(path: path), encoding: .utf8)).map {
        (path: path, source: $0, code: CodeText.withoutCommentsAndLiterals($0))
      }
    }
    // A type renamed in any file of the lesson is the same type: its alias is searched too.
    let searched = Self.withAliases(terms, declaredIn: sources.map(\.code))
    // Simple word boundaries: Unicode's would not break `AppContainer.shared` at the dot.
    let patterns = searched.compactMap {
      try? Regex(Self.pattern(for: $0)).wordBoundaryKind(.simple)
    }
    let searchedFiles = sources.filter { file == "*" || $0.path == "\(folder)/\(file)" }
    return searchedFiles.flatMap { path, source, stripped -> [String] in
      let code = stripped.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      let lines = source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      return code.indices.filter { index in
        patterns.contains { code[index].contains($0) }
      }.map { index in
        let shown = index < lines.count ? lines[index] : code[index]
        return "\(path):\(index + 1): \(shown.trimmingCharacters(in: .whitespaces))"
      }
    }
  }

  /// `terms` with the aliases `code` declares for their names: after
  /// `typealias Registry = ServiceLocator`, the term `ServiceLocator` also finds `Registry`,
  /// and `ServiceLocator()` finds `Registry()`; an alias of an alias counts too.
  static func withAliases(_ terms: [String], declaredIn code: [String]) -> [String] {
    let declaration = /typealias\s+(\w+)\s*(?:<[^=]*>)?\s*=\s*([\w.]+)/
    let aliases = code.flatMap { $0.matches(of: declaration) }.map { match in
      (alias: String(match.output.1), type: String(match.output.2.split(separator: ".").last ?? ""))
    }
    var result = terms
    var index = 0
    while index < result.count {
      let term = result[index]
      let name = String(term.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
      let rest = term.dropFirst(name.count)
      index += 1
      guard !name.isEmpty else { continue }
      for (alias, type) in aliases
      where (rest == "*" ? type.hasPrefix(name) : type == name) && alias != type {
        let spelled = alias + (rest == "*" ? "" : rest)
        if !result.contains(spelled) { result.append(spelled) }
      }
    }
    return result
  }

  /// `Live*` → `\bLive\w*`; `Date()` → `\bDate\(\)`; `shared` → `\bshared\b`.
  static func pattern(for term: String) -> String {
    let prefix = term.hasSuffix("*") ? String(term.dropLast()) : term
    var pattern = ""
    for character in prefix {
      if "\\^$.|?*+()[]{}".contains(character) { pattern.append("\\") }
      pattern.append(character)
    }
    let wordy = { (character: Character?) in
      character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
    }
    if wordy(prefix.first) { pattern = "\\b" + pattern }
    if term.hasSuffix("*") {
      pattern += "\\w*"
    } else if wordy(prefix.last) {
      pattern += "\\b"
    }
    return pattern
  }
}
