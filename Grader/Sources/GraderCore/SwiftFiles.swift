import Foundation

/// The `.swift` files below some folders of the kata: what the grader fingerprints, watches,
/// and dates before a build.
package enum SwiftFiles {
  /// Every `.swift` file below `folders` (relative to `root`) that is a regular file, as
  /// sorted relative paths. One that is not (see ``notRegular(below:in:)``) is left out,
  /// since reading it could wait forever.
  package static func below(_ folders: [String], in root: URL) -> [String] {
    named(below: folders, in: root).filter { isRegularFile(root.appending(path: $0)) }
  }

  /// The `.swift` entries below `folders` that are not regular files, following symbolic
  /// links: a named pipe, a socket or a device. Whoever opens a named pipe to read it (the
  /// compiler, the grader) waits until something writes to it, that is forever.
  static func notRegular(below folders: [String], in root: URL) -> [String] {
    named(below: folders, in: root).filter { !isRegularFile(root.appending(path: $0)) }
  }

  /// The first `.swift` file below `folders` whose name the toolchain cannot build, with
  /// the name as it can be shown (control characters escaped) and why: the compiler and
  /// SwiftPM name their own files after it, in a file map one line per entry (where `\` and
  /// `"` are quoting) and in folders whose names may be at most 255 bytes long.
  static func unbuildableName(below folders: [String], in root: URL) -> (
    shown: String, reason: String
  )? {
    func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || scalar.value == 0x7F }
    for path in named(below: folders, in: root) {
      let shown = String(path.unicodeScalars.map { isControl($0) ? "?" : Character($0) })
      // A folder on the way counts as much as the file itself.
      let longest = path.split(separator: "/").max { $0.utf8.count < $1.utf8.count } ?? ""
      if path.unicodeScalars.contains(where: isControl) {
        return (
          shown,
          "this path holds a line break or another control character (shown as ?): the "
            + "Swift toolchain cannot build a file so named. Rename it."
        )
      }
      if let quoting = path.first(where: { $0 == "\\" || $0 == "\"" }) {
        return (
          shown,
          "this path holds a \(quoting == "\\" ? "backslash" : "double quote") (\(quoting)): the "
            + "Swift toolchain writes file names into lists of its own, where it means something "
            + "else, and cannot build a file so named. Rename it."
        )
      }
      if longest.utf8.count > maximumNameLength {
        return (
          shown,
          "a name in this path is \(longest.utf8.count) bytes long: the Swift toolchain names its own "
            + "files after it and fails beyond about \(maximumNameLength). Give it a shorter name."
        )
      }
    }
    return nil
  }

  /// The longest file name, in UTF-8 bytes, the grader builds: the toolchain's own files add
  /// a suffix and a hash to it, within the file system's 255.
  static let maximumNameLength = 200

  private static func named(below folders: [String], in root: URL) -> [String] {
    folders.flatMap { folder -> [String] in
      let url = root.appending(path: folder)
      guard let walker = FileManager.default.enumerator(atPath: url.path) else { return [] }
      // Hidden files and folders are left out, as SwiftPM leaves them out of a module: an
      // editor's lock file (Emacs keeps `.#File.swift`, a link to nothing) is none of the code.
      return walker.compactMap { $0 as? String }
        .filter {
          $0.hasSuffix(".swift") && !$0.split(separator: "/").contains { $0.hasPrefix(".") }
        }
        .map { "\(folder)/\($0)" }
    }.sorted()
  }

  /// Whether `url`, its symbolic links followed, is a regular file. A folder named `.swift`
  /// counts as one: SwiftPM reports it itself, and reading it never waits.
  static func isRegularFile(_ url: URL) -> Bool {
    let resolved = url.resolvingSymlinksInPath().path
    guard let type = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.type]
    else { return true }  // Gone, or a link to nothing: SwiftPM's message says which.
    let kind = type as? FileAttributeType
    // A link to nothing is still a link once resolved: SwiftPM names it, and reading it fails
    // at once rather than waiting.
    return kind == .typeRegular || kind == .typeDirectory || kind == .typeSymbolicLink
  }
}
