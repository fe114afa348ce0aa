import Foundation

/// One lesson of the kata, as the package and the lesson text describe it.
public struct Lesson: Sendable, Equatable {
  /// The Swift module, e.g. `Lesson03ServiceLocator`.
  public let module: String
  /// The lesson's number, e.g. `3`.
  public let number: Int
  /// The title from the first heading of the lesson text, e.g. `Lesson 03 — The service locator`.
  public let title: String
  /// The lesson text relative to the root, e.g. `lessons/03-service-locator.md`, if present.
  public let textPath: String?

  /// The id a learner types, e.g. `lesson03`.
  public var id: String { "lesson" + twoDigits }
  /// The number as two digits, e.g. `03`.
  public var twoDigits: String { number < 10 ? "0\(number)" : "\(number)" }
  /// The folder of the starter code, relative to the root.
  public var exercisesFolder: String { "Exercises/\(module)" }
  /// The folder of the reference solution, relative to the root.
  public var solutionsFolder: String { "Solutions/\(module)" }
  /// The folder of the lesson's tests, relative to the root.
  public var testsFolder: String { "Tests/\(module)Tests" }
  /// The test module's name, the prefix of every test id of this lesson.
  public var testModule: String { "\(module)Tests" }
}

/// The kata's lessons, read from the one list in `Package.swift` and from `lessons/`.
public struct Course: Sendable {
  /// The repository's root folder.
  public let root: URL
  /// The lessons, in course order.
  public let lessons: [Lesson]

  /// Reads the course at `root`.
  ///
  /// The lesson list is the `let lessons = [ … ]` array in `Package.swift`, the single place
  /// the kata lists its lessons; titles come from each lesson text's first heading.
  ///
  /// - Parameter root: The repository's root folder.
  /// - Throws: ``GraderError/notAKata(_:)`` when there is no such list.
  public init(root: URL) throws(GraderError) {
    self.root = root
    let manifest = root.appending(path: "Package.swift")
    guard let text = RegularFile.text(at: manifest) else {
      throw .notAKata(root.path)
    }
    let modules = Self.lessonModules(inManifest: text)
    guard !modules.isEmpty else { throw .notAKata(root.path) }
    if let versioned = Self.versionedManifest(in: root) { throw .versionedManifest(versioned) }
    let texts =
      (try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: "lessons").path))
      ?? []
    lessons = modules.compactMap { module in
      guard let number = Self.number(ofModule: module) else { return nil }
      let prefix = number < 10 ? "0\(number)-" : "\(number)-"
      let file = texts.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".md") }.sorted().first
      let path = file.map { "lessons/\($0)" }
      let heading = path.flatMap { LessonText(root: root, path: $0)?.title }
      let fallback = "Lesson \(number < 10 ? "0" : "")\(number) — \(module.dropFirst(8))"
      return Lesson(module: module, number: number, title: heading ?? fallback, textPath: path)
    }
  }

  /// A version-specific manifest in `root` (`Package@swift-6.swift`, `Package@swift-6.3.swift`,
  /// …), the first by name, or `nil`. SwiftPM reads the one made for its version instead of
  /// `Package.swift`: with one, a learner's copy could leave a task's tests out of the build
  /// while `Package.swift` stays as shipped (break round 10).
  static func versionedManifest(in root: URL) -> String? {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return names.filter { $0.hasPrefix("Package@swift") && $0.hasSuffix(".swift") }.sorted().first
  }

  /// The string literals inside the manifest's `let lessons = [ … ]`.
  static func lessonModules(inManifest text: String) -> [String] {
    guard let start = text.range(of: "let lessons = [") else { return [] }
    guard let end = text[start.upperBound...].firstIndex(of: "]") else { return [] }
    let body = text[start.upperBound..<end]
    return body.split(separator: "\n").compactMap { line in
      let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let parts = code.split(separator: "\"", omittingEmptySubsequences: false)
      return parts.count >= 3 ? String(parts[1]) : nil
    }
  }

  /// `Lesson03ServiceLocator` → 3.
  static func number(ofModule module: String) -> Int? {
    guard module.hasPrefix("Lesson") else { return nil }
    return Int(module.dropFirst(6).prefix(while: \.isNumber))
  }

  /// Finds the lessons a learner named.
  ///
  /// Accepts `lesson03`, `lesson3`, `03`, `3`, or the module name, in any letter case, also as
  /// the folder a shell completes (`Lesson03ServiceLocator/`, `Exercises/Lesson03ServiceLocator/`).
  ///
  /// - Parameter names: What the learner typed; empty means every lesson.
  /// - Returns: The lessons, in course order, each once.
  /// - Throws: ``GraderError/unknownLesson(_:known:)`` for a name that matches none.
  public func select(_ names: [String]) throws(GraderError) -> [Lesson] {
    guard !names.isEmpty else { return lessons }
    var chosen = Set<String>()
    for name in names {
      guard let lesson = lesson(named: name) else {
        throw .unknownLesson(name, known: lessons.map(\.id))
      }
      chosen.insert(lesson.module)
    }
    return lessons.filter { chosen.contains($0.module) }
  }

  func lesson(named name: String) -> Lesson? {
    // A folder the shell completed: `Lesson01TightCoupling/`, `Exercises/Lesson01TightCoupling/`.
    var name = Substring(name)
    while name.hasSuffix("/") { name = name.dropLast() }
    if name.hasPrefix("Exercises/") { name = name.dropFirst("Exercises/".count) }
    let lowered = name.lowercased()
    if let exact = lessons.first(where: { $0.module.lowercased() == lowered }) { return exact }
    let digits = lowered.hasPrefix("lesson") ? lowered.dropFirst(6) : Substring(lowered)
    guard !digits.isEmpty, digits.allSatisfy(\.isNumber), let number = Int(digits) else {
      return nil
    }
    return lessons.first { $0.number == number }
  }
}
