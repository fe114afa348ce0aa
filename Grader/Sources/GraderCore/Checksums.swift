import Foundation

/// Fingerprints of the shipped test files, kept in `Tests/checksums.txt`, so the grader can
/// warn a learner whose tests were edited (a grade against edited tests means little) and
/// `--verify` can catch a test change that was not recorded.
///
/// The fingerprint is FNV-1a (64 bit): it detects accidental edits, it is not a security
/// measure, and it needs nothing beyond the standard library on Linux and macOS.
struct Checksums {
  /// Where the list lives, relative to the root.
  static let listPath = "Tests/checksums.txt"

  var root: URL

  /// The files the list covers: every file under each lesson's test folder and the shared
  /// test support, as sorted relative paths.
  func trackedFiles(for lessons: [Lesson]) -> [String] {
    let folders = lessons.map(\.testsFolder) + ["Tests/KataTestSupport"]
    return folders.flatMap { folder -> [String] in
      let url = root.appending(path: folder)
      guard let walker = FileManager.default.enumerator(atPath: url.path) else { return [] }
      return walker.compactMap { $0 as? String }
        .filter { $0.hasSuffix(".swift") }
        .map { "\(folder)/\($0)" }
    }.sorted()
  }

  /// The list as committed: path → fingerprint.
  func recorded() -> [String: String] {
    guard let text = try? String(contentsOf: root.appending(path: Self.listPath), encoding: .utf8)
    else { return [:] }
    var entries: [String: String] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let parts = line.split(separator: " ", maxSplits: 1)
      if parts.count == 2 {
        entries[parts[1].trimmingCharacters(in: .whitespaces)] = String(parts[0])
      }
    }
    return entries
  }

  /// The fingerprint of a file now, or `nil` when it cannot be read.
  func fingerprint(of path: String) -> String? {
    guard let data = FileManager.default.contents(atPath: root.appending(path: path).path) else {
      return nil
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The files of `lessons` that differ from the list (changed, added or missing).
  func changedFiles(for lessons: [Lesson]) -> [String] {
    let recorded = recorded()
    let prefixes = lessons.map { $0.testsFolder + "/" } + ["Tests/KataTestSupport/"]
    let current = trackedFiles(for: lessons)
    var changed = current.filter { recorded[$0] == nil || recorded[$0] != fingerprint(of: $0) }
    changed += recorded.keys.filter { path in
      prefixes.contains { path.hasPrefix($0) } && !current.contains(path)
    }
    return changed.sorted()
  }

  /// Writes the list anew from the files as they are.
  func write(for lessons: [Lesson]) throws {
    var text = "# Fingerprints (FNV-1a 64) of the shipped test files. The grader warns when one differs.\n"
    text += "# After changing tests on purpose: ./grade.sh --update-checksums\n"
    for path in trackedFiles(for: lessons) {
      text += "\(fingerprint(of: path) ?? "missing") \(path)\n"
    }
    try text.write(to: root.appending(path: Self.listPath), atomically: true, encoding: .utf8)
  }
}
