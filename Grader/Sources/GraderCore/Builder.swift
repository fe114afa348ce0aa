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
  package var diagnostics: [Diagnostic]
  /// The build's output, for the rare failure that has no diagnostic line.
  var output: String

  var errors: [Diagnostic] { diagnostics.filter { $0.severity == "error" } }
}

/// Builds the selected lessons and their tests with `swift build --build-tests`.
package struct Builder {
  var root: URL
  var environment: [String: String]
  var scratchPath: String
  /// The lesson modules this build compiles.
  var modules: [String]
  /// Their source folders, relative to the root.
  var sourceFolders: [String] = []
  /// Ctrl-C: the build is stopped.
  var interruption: Interruption

  func build() throws(GraderError) -> BuildOutcome {
    var child = ChildProcess(
      arguments: Self.arguments(
        scratchPath: scratchPath,
        moduleCache: root.appending(path: Self.moduleCachePath).path),
      environment: environment,
      directory: root, interruption: interruption)
    child.mark = ProcessMarks.mark(forBuildFolder: root.appending(path: scratchPath))
    child.temporaryFolder = root.appending(path: scratchPath).appending(path: "kata-grader/tmp")
    let kataGrader = root.appending(path: scratchPath).appending(path: "kata-grader")
    // Its records (BuildClock, SourceRecord) and SwiftPM's temporary folder go in it.
    guard RegularFile.makeOwnFolder(kataGrader) else {
      throw .buildFolderDamaged(Paths.relative(kataGrader.path, to: root))
    }
    let clock = BuildClock(folder: kataGrader)
    if clock.editedAroundLastBuild(newestEdit()) { forgetIncrementalRecords() }
    // Contents are read before the build, so an edit during it differs from the record.
    let record = SourceRecord(folder: kataGrader.appending(path: "sources"))
    let contents = zip(modules, sourceFolders).map { module, folder in
      (module, SourceRecord.contents(of: folder, in: root))
    }
    for (module, now) in contents
    where record.hasHiddenChanges(module, now: now, date: modificationDate) {
      forgetCompiledWork(of: module)
    }
    clock.markStart()
    var outcome = try child.run()
    if outcome.status != 0, !outcome.signalled, !outcome.stopped,
      Self.movedBuildFolder(in: outcome.output) == nil, Self.diskFull(in: outcome.output) == nil,
      Self.damagedModuleCache(in: outcome.output) != nil
    {
      // Not the learner's code: the shared cache is made again, once.
      try? FileManager.default.removeItem(at: root.appending(path: Self.moduleCachePath))
      outcome = try child.run()
    }
    if outcome.status != 0, !outcome.signalled, !outcome.stopped,
      Self.editedDuringBuild(outcome.output)
    {
      // A save while the compiler read the file (an editor's autosave under --watch) is no
      // compile error of the learner's: the build reads it again, once.
      outcome = try child.run()
    }
    clock.markEnd()
    if outcome.status == 0, !outcome.signalled, !outcome.stopped {
      for (module, now) in contents { record.record(now, for: module) }
    }
    // Kept for whoever wants the compiler's whole output, not only the errors shown.
    let log = root.appending(path: scratchPath).appending(path: "kata-grader")
    try? FileManager.default.createDirectory(at: log, withIntermediateDirectories: true)
    try? outcome.output.write(
      to: log.appending(path: "build-output.txt"), atomically: true, encoding: .utf8)
    if outcome.stopped { forgetInterruptedWork() }
    if interruption.requested { throw .interrupted }
    if let problem = Self.notTheLearnersCode(outcome.output, failed: outcome.status != 0) {
      throw problem
    }
    let diagnostics = Self.diagnostics(in: outcome.output, root: root)
    return BuildOutcome(
      succeeded: outcome.status == 0 && !outcome.signalled, diagnostics: diagnostics,
      output: outcome.output)
  }

  /// Why a build's output is not about the learner's code, or `nil` when it may be: the
  /// toolchain (too old, unfit) and, for a failed build, a full disk, a build folder made
  /// elsewhere, a module cache the compiler cannot use.
  ///
  /// In that order: a full disk leaves modules it could not write, and a moved build folder's
  /// message names the old module cache, which would both read as a damaged cache.
  static func notTheLearnersCode(_ output: String, failed: Bool) -> GraderError? {
    if let line = toolchainProblem(in: output) { return .toolchainTooOld(line) }
    if let fix = toolchainFix(in: output) { return .toolchainUnfit(fix) }
    guard failed else { return nil }
    if let line = diskFull(in: output) { return .diskFull(line) }
    if movedBuildFolder(in: output) != nil { return .buildFolderMoved }
    if let line = damagedModuleCache(in: output) {
      return .toolchainUnfit(
        "The compiler cannot use a module in the grader's module cache, even made again "
          + "(\(line.prefix(300))). Nothing is wrong with your code: remove it "
          + "(`rm -rf \(moduleCachePath)`), then run ./grade.sh again.")
    }
    return nil
  }

  /// The compiler's module cache that every build of the grader's shares (grade.sh builds
  /// the grader with it too), relative to the root.
  static let moduleCachePath = ".build/module-cache"

  /// `swift build` with SwiftPM's own (native) build system: the paths this grader reads
  /// and clears (`debug/<Module>.build/*.swiftdeps`, `*.xctest`) are its layout, and the
  /// next SwiftPM builds with Swift Build by default. Swift 6.2's SwiftPM accepts the option
  /// too (swift-package-manager, swift-6.2-RELEASE, Sources/CoreCommands/Options.swift).
  ///
  /// Two flags make a cold build (a learner's first verdict, each build folder of `--verify`)
  /// about a third shorter, measured on Linux:
  /// - one module cache for every build folder, so Foundation's and Glibc's Clang modules and
  ///   Swift Testing's module (shipped as a `.swiftinterface` on Linux) are compiled once,
  ///   not once per folder;
  /// - `-index-ignore-system-modules` for the targets SwiftPM makes itself (the test runner
  ///   and, on Linux, the XCTest discovery module), which otherwise index XCTest and
  ///   Foundation on every build; Package.swift gives the kata's own targets the same flag.
  ///   (`--disable-index-store` is no choice: SwiftPM's test discovery on Linux reads the
  ///   index.)
  ///
  /// - Parameters:
  ///   - scratchPath: The build folder, relative to the root.
  ///   - moduleCache: The shared module cache, absolute.
  static func arguments(scratchPath: String, moduleCache: String) -> [String] {
    [
      "swift", "build", "--build-tests", "--build-system", "native", "--scratch-path", scratchPath,
      "-Xswiftc", "-index-ignore-system-modules", "-Xswiftc", "-module-cache-path",
      "-Xswiftc", moduleCache,
    ]
  }

  /// The newest modification date among the lessons' Swift files.
  private func newestEdit() -> Date? {
    SwiftFiles.below(sourceFolders, in: root).compactMap(modificationDate).max()
  }

  /// The modification date of a file, relative to the root.
  private func modificationDate(of path: String) -> Date? {
    let attributes = try? FileManager.default.attributesOfItem(
      atPath: root.appending(path: path).path)
    return attributes?[.modificationDate] as? Date
  }

  /// Removes what SwiftPM compiled of `module`, so that it compiles the module whole: with
  /// its objects gone llbuild runs the compiler, and without incremental records the driver
  /// skips no file, whatever the files' dates say.
  private func forgetCompiledWork(of module: String) {
    removeFiles(withExtensions: ["o", "priors", "swiftdeps", "swiftmodule"], of: [module])
  }

  /// Removes the Swift driver's incremental records of the lessons' modules, so a module
  /// that llbuild finds changed is compiled whole.
  ///
  /// The grader's own tests caught the driver skipping a changed file when the edit landed
  /// during or a moment after the previous build (as with `--watch` and quick saves): the
  /// next build re-emitted the module but linked the object of the file's old contents, and
  /// the tests ran old code. Only then are the records dropped; a lesson module then
  /// compiles whole, a fraction of a second more.
  private func forgetIncrementalRecords() {
    removeFiles(withExtensions: ["priors", "swiftdeps"], of: modules)
  }

  /// Removes what a build stopped half-way may have left of the lessons' modules: objects a
  /// killed compiler wrote but the build never recorded, and the test bundle.
  private func forgetInterruptedWork() {
    removeFiles(
      withExtensions: ["o", "priors", "swiftdeps", "swiftmodule"],
      of: modules + modules.map { $0 + "Tests" })
    let products = root.appending(path: scratchPath).appending(path: "debug")
    let bundles = (try? FileManager.default.contentsOfDirectory(atPath: products.path)) ?? []
    for bundle in bundles where bundle.hasSuffix(".xctest") {
      try? FileManager.default.removeItem(at: products.appending(path: bundle))
    }
  }

  private func removeFiles(withExtensions extensions: Set<String>, of modules: [String]) {
    let fileManager = FileManager.default
    let products = root.appending(path: scratchPath).appending(path: "debug")
    for module in modules {
      let folder = products.appending(path: "\(module).build")
      let files = fileManager.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
      for file in files where extensions.contains((file as NSString).pathExtension) {
        try? fileManager.removeItem(at: folder.appending(path: file))
      }
    }
  }

  /// The line of a failed build that says the disk is full (the compiler's "No space left on
  /// device", SwiftPM's database "disk is full"): an error line of the tools, not a
  /// diagnostic in a `.swift` file nor a source line a diagnostic quotes (`3 | …`).
  static func diskFull(in output: String) -> String? {
    output.split(separator: "\n").first { line in
      line.contains("error") && !line.contains(".swift:") && !line.contains("|")
        && (line.contains("No space left on device") || line.contains("disk is full"))
    }.map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// The compiler's line saying a precompiled module names another module cache path: the
  /// kata was copied or moved with its `.build` (Clang's "was compiled with module cache
  /// path '…', but the path is currently '…'").
  static func movedBuildFolder(in output: String) -> String? {
    output.split(separator: "\n").first { line in
      line.contains("error") && line.contains("was compiled with module cache path")
    }.map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// The compiler's line about a module in the shared module cache it cannot use (a file
  /// written over, a full disk, a file where the cache's folder should be): an error line of
  /// the tools that names ``moduleCachePath``, not a diagnostic in a `.swift` file.
  /// Whether the compiler stopped because a source changed while it compiled
  /// (`error: input file '…/File.swift' was modified during the build`).
  static func editedDuringBuild(_ output: String) -> Bool {
    output.split(separator: "\n").contains { line in
      line.contains("error: input file '") && line.contains("' was modified during the build")
    }
  }

  static func damagedModuleCache(in output: String) -> String? {
    output.split(separator: "\n").first { line in
      line.contains("error") && line.contains("/" + moduleCachePath + "/")
        && !line.contains(".swift:")
    }.map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// SwiftPM's line saying the toolchain is older than the manifest's tools version.
  static func toolchainProblem(in output: String) -> String? {
    output.split(separator: "\n").first {
      $0.contains("is using Swift tools version") && $0.contains("installed version")
    }.map(String.init)
  }

  /// The one command that makes a Mac's toolchain fit to build the tests, when the build
  /// output shows it is not: the Command Line Tools selected instead of Xcode (they have no
  /// Swift Testing, so every test file fails with "no such module 'Testing'"), or Xcode's
  /// licence not yet accepted (xcrun refuses every tool until it is). Not the learner's code.
  static func toolchainFix(in output: String) -> String? {
    if output.contains("xcodebuild -license") || output.contains("agreed to the Xcode license") {
      return "Xcode's licence has not been accepted yet, so Swift will not run. Accept it once "
        + "with: sudo xcodebuild -license accept   (then run ./grade.sh again)"
    }
    if output.contains("no such module 'Testing'") {
      return "This Swift has no Swift Testing (\"no such module 'Testing'\"), so no test can "
        + "compile. On a Mac this means the Command Line Tools are selected instead of Xcode; "
        + "select Xcode (26 or newer) with: sudo xcode-select -s /Applications/Xcode.app"
    }
    return nil
  }

  /// Finds `file:line:column: error: message` lines (and `error: message` lines from the
  /// linker or SwiftPM), each once, in the order printed.
  package static func diagnostics(in output: String, root: URL) -> [Diagnostic] {
    var seen = Set<String>()
    var found: [Diagnostic] = []
    for line in output.split(separator: "\n") {
      guard var diagnostic = parse(String(line), root: root) else { continue }
      // SwiftPM's own exit status, printed as an error after the real one: noise.
      if diagnostic.location == nil, diagnostic.message.hasPrefix("ExitCode(rawValue:") {
        continue
      }
      // A main.swift makes the module a program, which SwiftPM names without the file.
      if diagnostic.location == nil,
        diagnostic.message.contains("should not contain executable targets")
      {
        diagnostic.message +=
          " (a file named main.swift, or one with @main, makes a lesson a program: rename it "
          + "or remove @main)"
      }
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
