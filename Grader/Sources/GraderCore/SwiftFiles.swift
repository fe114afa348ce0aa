import Foundation

/// The `.swift` files below some folders of the kata: what the grader fingerprints, watches,
/// and dates before a build.
enum SwiftFiles {
  /// Every `.swift` file below `folders` (relative to `root`), as sorted relative paths.
  static func below(_ folders: [String], in root: URL) -> [String] {
    folders.flatMap { folder -> [String] in
      let url = root.appending(path: folder)
      guard let walker = FileManager.default.enumerator(atPath: url.path) else { return [] }
      return walker.compactMap { $0 as? String }
        .filter { $0.hasSuffix(".swift") }
        .map { "\(folder)/\($0)" }
    }.sorted()
  }
}
