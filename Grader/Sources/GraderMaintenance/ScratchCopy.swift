import Foundation
import GraderCore

/// A copy of a lesson's reference solution in one scratch folder inside the kata
/// (`.build/solution-copies/<worker>/<lesson>/<Module>`), which `--verify` lays each variant
/// over and `--mutants` changes one line of.
///
/// One folder per lesson and worker, reused: the package's target path stays the same from one
/// grade to the next, so SwiftPM recompiles only the files that changed — seconds per variant,
/// where a folder per variant cost a cold build of the lesson and its tests each time. Each of
/// `--verify`'s workers has its own copies and its own build folder, so two build at once
/// without touching each other's files.
/// Because the build decides by file dates and sizes, the copy is only ever written with new
/// dates, and ``objectsAreNewer(than:for:)`` lets a caller confirm the build saw the change.
struct ScratchCopy {
  var course: Course
  var lesson: Lesson
  /// Which worker of `--verify` the copy belongs to (`--mutants` has one).
  var worker = 1

  /// The folder to build the lesson from, relative to the root.
  var sourceRoot: String { ".build/solution-copies/\(worker)/\(lesson.id)" }
  /// What to grade: the copy, built in the worker's own build folder.
  var source: CodeSource { .folder(sourceRoot, build: ".build/variants/\(worker)") }
  /// The copied module folder, where the solution's files are.
  var module: URL { course.root.appending(path: "\(sourceRoot)/\(lesson.module)") }

  /// The `.swift` files of a module folder (flat, as every lesson's module is), by name.
  static func contents(of folder: URL) -> [String: Data] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var files: [String: Data] = [:]
    for name in names where name.hasSuffix(".swift") {
      files[name] = try? Data(contentsOf: folder.appending(path: name))
    }
    return files
  }

  /// Makes the copy hold exactly the solution's files, writing only those that differ (all of
  /// them the first time) and removing any others.
  ///
  /// - Returns: The names of the files written or removed.
  /// - Throws: ``GraderError/missingFolder(_:)`` without a solution; a file-system error when
  ///   the copy cannot be written.
  @discardableResult
  func reset() throws -> Set<String> {
    let fileManager = FileManager.default
    let solutionFolder = course.root.appending(path: lesson.solutionsFolder)
    guard fileManager.fileExists(atPath: solutionFolder.path) else {
      throw GraderError.missingFolder(lesson.solutionsFolder)
    }
    let solution = Self.contents(of: solutionFolder)
    let current = Self.contents(of: module)
    try fileManager.createDirectory(at: module, withIntermediateDirectories: true)
    var changed: Set<String> = []
    for name in current.keys where solution[name] == nil {
      try fileManager.removeItem(at: module.appending(path: name))
      changed.insert(name)
    }
    for (name, data) in solution where current[name] != data {
      try data.write(to: module.appending(path: name))
      changed.insert(name)
    }
    return changed
  }

  /// The names of the files whose content differs from `earlier` (added and removed ones too).
  func changedFiles(since earlier: [String: Data]) -> Set<String> {
    let now = Self.contents(of: module)
    return Set(now.keys).union(earlier.keys).filter { now[$0] != earlier[$0] }
  }

  /// Dates `files` now: files copied in keep their old dates, which a build could take for
  /// unchanged.
  func touch(_ files: Set<String>) {
    for name in files {
      try? FileManager.default.setAttributes(
        [.modificationDate: Date()], ofItemAtPath: module.appending(path: name).path)
    }
  }

  /// Whether the last build wrote the object file of each of `files` that still exists after
  /// `date`: if not, it graded old code.
  ///
  /// Where this toolchain puts no object of that name, there is nothing to compare, and the
  /// answer is yes.
  func objectsAreNewer(than date: Date, for files: Set<String>) -> Bool {
    let fileManager = FileManager.default
    for name in files where fileManager.fileExists(atPath: module.appending(path: name).path) {
      let object = moduleBuildFolder.appending(path: "\(name).o")
      guard
        let written = (try? fileManager.attributesOfItem(atPath: object.path))?[.modificationDate]
          as? Date
      else { continue }
      if written < date.addingTimeInterval(-0.001) { return false }
    }
    return true
  }

  /// Removes the module's build products, so the next build compiles every file afresh.
  func forgetModuleBuild() {
    try? FileManager.default.removeItem(at: moduleBuildFolder)
  }

  private var moduleBuildFolder: URL {
    course.root.appending(path: source.scratchPath)
      .appending(path: "debug/\(lesson.module).build")
  }
}
