import Foundation

/// What SwiftPM builds each lesson module from, asked of SwiftPM itself.
///
/// `Package.swift` is code the learner can edit: one changed line builds `Solutions/` under
/// the exercise's module name, and every lesson shows done. So the grader does not trust the
/// folder it expects; it asks `swift package describe --type json`, with the variables it
/// builds with, which folder each module comes from. The answer is kept with a fingerprint
/// of `Package.swift` and those variables, so SwiftPM is asked again only when one changes.
struct PackagePlan {
  var root: URL
  /// Variables that pick what is built (`KATA_SOURCE`, `KATA_LESSONS`).
  var environment: [String: String]
  /// The build folder, whose manifest cache SwiftPM reuses.
  var scratchPath: String
  /// Where the last answer is kept.
  var workFolder: URL

  /// The folder, relative to the root, that SwiftPM builds each module of the package from.
  ///
  /// - Throws: ``GraderError`` when `swift` cannot start or on Ctrl-C.
  func sourceFolders() throws(GraderError) -> [String: String] {
    let manifest = FileManager.default.contents(atPath: root.appending(path: "Package.swift").path)
    let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let key = Checksums.fingerprint(
      (manifest ?? Data()) + Data(variables.joined(separator: "\n").utf8))
    let kept = workFolder.appending(path: "package-plan-\(key).json")
    if let data = FileManager.default.contents(atPath: kept.path) {
      return Self.folders(inDescription: data, root: root)
    }
    var child = ChildProcess(
      arguments: [
        "swift", "package", "--scratch-path", scratchPath, "describe", "--type", "json",
      ],
      environment: environment, directory: root)
    child.capturesErrors = false
    child.temporaryFolder = workFolder.appending(path: "tmp")
    let outcome = try child.run()
    if Interrupts.requested { throw .interrupted }
    let data = Data(outcome.output.utf8)
    let folders = Self.folders(inDescription: data, root: root)
    if outcome.status == 0, !folders.isEmpty {
      try? FileManager.default.createDirectory(at: workFolder, withIntermediateDirectories: true)
      try? data.write(to: kept)
    }
    return folders
  }

  /// The `path` of each target in `swift package describe --type json`'s output, relative
  /// to `root` (SwiftPM writes it relative, or absolute in some versions).
  static func folders(inDescription data: Data, root: URL) -> [String: String] {
    struct Description: Decodable {
      struct Target: Decodable {
        var name: String
        var path: String
      }
      var targets: [Target]
    }
    // Anything before the JSON (a line SwiftPM prints while it resolves) is skipped.
    guard let start = data.firstIndex(of: UInt8(ascii: "{")),
      let description = try? JSONDecoder().decode(Description.self, from: data[start...])
    else { return [:] }
    var folders: [String: String] = [:]
    for target in description.targets {
      folders[target.name] = Paths.relative(target.path, to: root)
    }
    return folders
  }
}
