import Foundation

/// One compiler message.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
  /// `error` or `warning`.
  public var severity: String
  /// Where, relative to the kata's root; `nil` for messages about no file (the linker, SwiftPM).
  public var location: Location?
  public var message: String

  public var description: String {
    if let location { return "\(location): \(severity): \(message)" }
    return "\(severity): \(message)"
  }
}

/// What a build produced.
struct BuildOutcome: Sendable {
  var succeeded: Bool
  var diagnostics: [Diagnostic]
  /// The build's output, for the rare failure that has no diagnostic line.
  var output: String

  var errors: [Diagnostic] { diagnostics.filter { $0.severity == "error" } }
}

/// Builds the selected lessons and their tests with `swift build --build-tests`.
struct Builder {
  var root: URL
  var environment: [String: String]
  var scratchPath: String

  func build() throws(GraderError) -> BuildOutcome {
    let child = ChildProcess(
      arguments: ["swift", "build", "--build-tests", "--scratch-path", scratchPath],
      environment: environment, directory: root)
    let outcome = try child.run()
    if Interrupts.requested { throw .interrupted }
    let diagnostics = Self.diagnostics(in: outcome.output, root: root)
    return BuildOutcome(
      succeeded: outcome.status == 0 && !outcome.signalled, diagnostics: diagnostics,
      output: outcome.output)
  }

  /// Finds `file:line:column: error: message` lines (and `error: message` lines from the
  /// linker or SwiftPM), each once, in the order printed.
  static func diagnostics(in output: String, root: URL) -> [Diagnostic] {
    var seen = Set<String>()
    var found: [Diagnostic] = []
    for line in output.split(separator: "\n") {
      guard let diagnostic = parse(String(line), root: root) else { continue }
      if seen.insert(diagnostic.description).inserted { found.append(diagnostic) }
    }
    return found
  }

  static func parse(_ line: String, root: URL) -> Diagnostic? {
    for severity in ["error", "warning"] {
      let marker = ": \(severity): "
      if let range = line.range(of: marker) {
        let place = line[..<range.lowerBound]
        let message = String(line[range.upperBound...])
        let parts = place.split(separator: ":")
        guard parts.count >= 2, let number = Int(parts[1]), place.hasPrefix("/") else {
          return Diagnostic(severity: severity, location: nil, message: message)
        }
        let file = Paths.relative(String(parts[0]), to: root)
        return Diagnostic(
          severity: severity, location: Location(file: file, line: number), message: message)
      }
      if line.hasPrefix("\(severity): ") {
        return Diagnostic(
          severity: severity, location: nil, message: String(line.dropFirst(severity.count + 2)))
      }
    }
    return nil
  }
}
