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
  /// Ctrl-C: SwiftPM is stopped.
  var interruption: Interruption

  /// One target as `swift package describe --type json` gives it.
  struct Target: Decodable, Equatable {
    var name: String
    /// The target's folder, relative to the root (SwiftPM writes it relative, or absolute in
    /// some versions; ``describe()`` makes it relative).
    var path: String
    /// Its source files, relative to `path`.
    var sources: [String] = []
    var targetDependencies: [String] = []
    var productDependencies: [String] = []

    enum CodingKeys: String, CodingKey {
      case name, path, sources
      case targetDependencies = "target_dependencies"
      case productDependencies = "product_dependencies"
    }

    init(
      name: String, path: String, sources: [String] = [], targetDependencies: [String] = [],
      productDependencies: [String] = []
    ) {
      self.name = name
      self.path = path
      self.sources = sources
      self.targetDependencies = targetDependencies
      self.productDependencies = productDependencies
    }

    init(from decoder: any Decoder) throws {
      let values = try decoder.container(keyedBy: CodingKeys.self)
      name = try values.decode(String.self, forKey: .name)
      path = try values.decode(String.self, forKey: .path)
      sources = try values.decodeIfPresent([String].self, forKey: .sources) ?? []
      targetDependencies =
        try values.decodeIfPresent([String].self, forKey: .targetDependencies) ?? []
      productDependencies =
        try values.decodeIfPresent([String].self, forKey: .productDependencies) ?? []
    }
  }

  /// The package as SwiftPM describes it: its targets by name, and the packages it depends on.
  struct Description: Equatable {
    var targets: [String: Target]
    var dependencies: [String]
  }

  /// The folder, relative to the root, that SwiftPM builds each module of the package from.
  ///
  /// - Throws: ``GraderError`` when `swift` cannot start or on Ctrl-C.
  func sourceFolders() throws(GraderError) -> [String: String] {
    (try describe())?.targets.mapValues(\.path) ?? [:]
  }

  /// What SwiftPM says the package is made of, or `nil` when it does not say.
  ///
  /// - Throws: ``GraderError`` when `swift` cannot start or on Ctrl-C.
  func describe() throws(GraderError) -> Description? {
    let manifest = RegularFile.contents(atPath: root.appending(path: "Package.swift").path)
    let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let key = Checksums.fingerprint(
      (manifest ?? Data()) + Data(variables.joined(separator: "\n").utf8))
    let kept = workFolder.appending(path: "package-plan-\(key).json")
    if let data = RegularFile.contents(atPath: kept.path) {
      return Self.description(of: data, root: root)
    }
    let outcome = try runDescribe(capturingErrors: false)
    let data = Data(outcome.output.utf8)
    let description = Self.description(of: data, root: root)
    if outcome.status == 0, description != nil {
      try? FileManager.default.createDirectory(at: workFolder, withIntermediateDirectories: true)
      try? data.write(to: kept, options: .atomic)  // Never an open of what is there.
    }
    return description
  }

  /// `swift package describe --type json`, with or without its standard error in the output
  /// (without, the JSON decodes as it is).
  private func runDescribe(capturingErrors: Bool) throws(GraderError) -> ChildOutcome {
    var child = ChildProcess(
      arguments: [
        "swift", "package", "--scratch-path", scratchPath, "describe", "--type", "json",
      ],
      environment: environment, directory: root, interruption: interruption)
    child.mark = ProcessMarks.mark(forBuildFolder: root.appending(path: scratchPath))
    child.capturesErrors = capturingErrors
    child.temporaryFolder = workFolder.appending(path: "tmp")
    let outcome = try child.run()
    if interruption.requested { throw .interrupted }
    return outcome
  }

  /// SwiftPM's own error lines when it cannot describe the package (a syntax error in
  /// `Package.swift`, a damaged build folder), asked again with its errors kept; `nil` when
  /// it says nothing.
  ///
  /// - Throws: ``GraderError`` when `swift` cannot start or on Ctrl-C.
  func describeFailure() throws(GraderError) -> String? {
    let outcome = try runDescribe(capturingErrors: true)
    // The compiler's lines on the manifest (`…/Package.swift:83:13: error: …`) say what is
    // wrong; SwiftPM's own opens with the whole compiler command, and is cut short.
    let errors = outcome.output.split(separator: "\n").filter {
      $0.contains("error:") && !$0.contains("error: fatalError") && !$0.hasPrefix(" ")
    }
    let placed = errors.filter { $0.contains(".swift:") }
    let chosen = (placed.isEmpty ? errors : placed).prefix(3).map {
      Paths.relative(String($0.prefix(300)), to: root)
    }
    return chosen.isEmpty ? nil : chosen.joined(separator: " ")
  }

  /// The `path` of each target in `swift package describe --type json`'s output, relative
  /// to `root` (SwiftPM writes it relative, or absolute in some versions).
  static func folders(inDescription data: Data, root: URL) -> [String: String] {
    description(of: data, root: root)?.targets.mapValues(\.path) ?? [:]
  }

  /// The package in `swift package describe --type json`'s output, its paths relative to
  /// `root` and without a trailing slash.
  static func description(of data: Data, root: URL) -> Description? {
    struct Package: Decodable {
      struct Dependency: Decodable {
        var identity: String?
        var url: String?
      }
      var targets: [Target]
      var dependencies: [Dependency]?
    }
    // Anything before the JSON (a line SwiftPM prints while it resolves) is skipped.
    guard let start = data.firstIndex(of: UInt8(ascii: "{")),
      let package = try? JSONDecoder().decode(Package.self, from: data[start...])
    else { return nil }
    var targets: [String: Target] = [:]
    for var target in package.targets {
      let path = Paths.relative(target.path, to: root)
      target.path = path.hasSuffix("/") ? String(path.dropLast()) : path
      targets[target.name] = target
    }
    let dependencies = (package.dependencies ?? []).map { $0.identity ?? $0.url ?? "?" }
    return Description(targets: targets, dependencies: dependencies)
  }

  /// Why each of `lessons` would not be built from the learner's code (or from `source`'s
  /// folder, generally) with the tests the kata ships: module → what to tell. Empty when the
  /// plan is the kata's own.
  ///
  /// Checked: every lesson module and its tests come from their folders, and every source
  /// file in them lies there too once symbolic links are followed; a lesson module depends on
  /// nothing, its tests on it and the kata's test support alone; the package has no target
  /// and no package dependency the kata does not have.
  static func problems(
    in description: Description?, lessons: [Lesson], source: CodeSource, root: URL,
    failure: String? = nil
  ) -> [String: String] {
    let restore = " Put Package.swift back (git checkout -- Package.swift)."
    guard let description else {
      // An unchanged manifest that cannot be described points at the build folder (a file
      // where the grader's folder should be, a copy from another path), not at Package.swift.
      let fix =
        Checksums(root: root).manifestChanged()
        ? restore
        : " Package.swift is as shipped, so the build folder may be damaged: remove it "
          + "(rm -rf .build) and grade again; the next build takes a minute."
      let says = failure.map { " SwiftPM says: \($0)" } ?? ""
      let message =
        "SwiftPM could not describe the package (`swift package describe`), so the grader "
        + "cannot tell what it would grade." + says + fix
      return Dictionary(uniqueKeysWithValues: lessons.map { ($0.module, message) })
    }
    let support = ["KataTestSupport": "Tests/KataTestSupport"]
      .merging(["KataOrderedOutput": "Tests/KataOrderedOutput"]) { old, _ in old }
    var expected = support
    for lesson in lessons {
      expected[lesson.module] = source.folder(of: lesson)
      expected[lesson.testModule] = lesson.testsFolder
    }
    // What is wrong for every lesson at once: the test support, other targets, other packages.
    var shared: String?
    if let name = description.targets.keys.sorted().first(where: { expected[$0] == nil }) {
      shared = "Package.swift declares a target the kata does not have (\(name))." + restore
    } else if let other = description.dependencies.first {
      shared = "Package.swift depends on a package the kata does not use (\(other))." + restore
    } else {
      for (name, folder) in support.sorted(by: { $0.key < $1.key }) {
        if let target = description.targets[name],
          let problem = strayProblem(target, expected: folder, root: root)
        {
          shared = problem.text + "." + problem.fix(restore)
          break
        }
      }
    }
    var problems: [String: String] = [:]
    for lesson in lessons {
      if let shared {
        problems[lesson.module] = shared
        continue
      }
      let folder = source.folder(of: lesson)
      guard let module = description.targets[lesson.module] else {
        problems[lesson.module] =
          "SwiftPM does not list the module \(lesson.module) in Package.swift (`swift package "
          + "describe`), so the grader cannot tell what it would grade." + restore
        continue
      }
      if let problem = strayProblem(module, expected: folder, root: root) {
        problems[lesson.module] =
          problem.text + ", so the grader would not grade the code in \(folder)/."
          + problem.fix(restore)
      } else if let tests = description.targets[lesson.testModule],
        let problem = strayProblem(tests, expected: lesson.testsFolder, root: root)
      {
        problems[lesson.module] = problem.text + "." + problem.fix(restore)
      } else if !module.targetDependencies.isEmpty || !module.productDependencies.isEmpty {
        let names = (module.targetDependencies + module.productDependencies).joined(separator: ", ")
        problems[lesson.module] =
          "Package.swift gives \(lesson.module) dependencies the kata does not have (\(names)), so "
          + "it may not be built from \(folder)/ alone." + restore
      } else if let tests = description.targets[lesson.testModule],
        !Set(tests.targetDependencies + tests.productDependencies).isSubset(
          of: [lesson.module, "KataTestSupport"])
      {
        problems[lesson.module] =
          "Package.swift gives the tests of \(lesson.module) dependencies the kata does not have."
          + restore
      }
    }
    return problems
  }

  /// What is wrong with where a target comes from, and how to put it right.
  struct StrayProblem {
    /// The problem, without a final period.
    var text: String
    /// Whether a link (a file, or the folder itself) leads out of the folder; otherwise
    /// Package.swift names another folder.
    var isLink: Bool

    /// The advice: `restore` for a changed Package.swift, or what to do about a link.
    func fix(_ restore: String) -> String {
      isLink
        ? " The grader grades only files that are in the lesson's folder itself: put the files "
          + "there, not a link to them or to another folder."
        : restore
    }
  }

  /// What is wrong with where `target` comes from: another folder than `expected`, or a
  /// source file that is a link out of it (or lies in a folder that is one); `nil` when
  /// nothing.
  static func strayProblem(_ target: Target, expected: String, root: URL) -> StrayProblem? {
    let what =
      target.name.hasSuffix("Tests") ? "the tests of \(target.name.dropLast(5))" : target.name
    if target.path != expected {
      return StrayProblem(
        text: "Package.swift builds \(what) from \(target.path)/, not from \(expected)/",
        isLink: false)
    }
    let files = target.sources.map { root.appending(path: expected).appending(path: $0).path }
    if let stray = strayFiles(files, expected: expected, root: root).first {
      let resolved = URL(fileURLWithPath: stray).resolvingSymlinksInPath().path
      return StrayProblem(
        text: "\(Paths.relative(stray, to: root)) is a link (or lies in a linked folder) to "
          + "\(resolved), outside \(expected)/",
        isLink: true)
    }
    return nil
  }

  /// The files among `paths` (absolute) that, once every symbolic link is followed, do not
  /// lie in `expected`, a folder relative to `root`. Links in the root's own path are
  /// followed too; a link at `expected` itself, or below it, leads out of it. (URL's
  /// resolving, not NSString's: on Linux the latter leaves relative links as they are.)
  static func strayFiles(_ paths: [String], expected: String, root: URL) -> [String] {
    let rootPath = URL(fileURLWithPath: root.path).resolvingSymlinksInPath().path
    let folder = rootPath + "/" + expected + "/"
    return paths.filter { path in
      !URL(fileURLWithPath: path).resolvingSymlinksInPath().path.hasPrefix(folder)
    }
  }

  /// The source files SwiftPM's last build in `scratchPath` compiled into `module`: the
  /// compiler's list of inputs (`<Module>.build/sources`, one path a line, quoted as a shell
  /// would when needed); `nil` when there is no such list.
  static func compiledFiles(of module: String, scratchPath: String, root: URL) -> [String]? {
    let list = root.appending(path: scratchPath).appending(path: "debug")
      .appending(path: "\(module).build").appending(path: "sources")
    guard let text = try? String(contentsOf: list, encoding: .utf8) else { return nil }
    return text.split(separator: "\n").map { line in
      guard line.count >= 2, line.hasPrefix("'"), line.hasSuffix("'") else { return String(line) }
      return line.dropFirst().dropLast().replacingOccurrences(of: "'\\''", with: "'")
    }
  }

  /// Why `lesson`'s last build was not made from `folder` alone, as the compiler was given
  /// it (what SwiftPM describes is the plan; this is what was built); `nil` when it was.
  static func builtElsewhere(
    _ lesson: Lesson, folder: String, scratchPath: String, root: URL
  ) -> String? {
    let restore = " Put Package.swift back (git checkout -- Package.swift)."
    guard let files = compiledFiles(of: lesson.module, scratchPath: scratchPath, root: root),
      !files.isEmpty
    else {
      return "The grader cannot find what SwiftPM compiled \(lesson.module) from, so it cannot "
        + "tell whether it would grade the code in \(folder)/." + restore
    }
    guard let stray = strayFiles(files, expected: folder, root: root).first else { return nil }
    // Reached through a link in the lesson (made after SwiftPM's plan was kept): the link is
    // what to remove, and Package.swift, as likely as not unchanged, is not named.
    if let link = link(on: stray, below: folder, root: root) {
      let resolved = URL(fileURLWithPath: stray).resolvingSymlinksInPath().path
      return "\(link) is a link, so SwiftPM compiled \(lesson.module) from "
        + "\(Paths.relative(stray, to: root)), which is \(resolved), outside \(folder)/."
        + StrayProblem(text: "", isLink: true).fix(restore)
    }
    return "SwiftPM compiled \(lesson.module) from \(Paths.relative(stray, to: root)), which is "
      + "not in \(folder)/, so the grader would not grade your code." + restore
  }

  /// The first symbolic link, relative to `root`, on the way from `folder` (itself included)
  /// to `path`, an absolute path as the compiler was given it; `nil` when `path` is not below
  /// `folder` as written, or no part of the way is a link.
  static func link(on path: String, below folder: String, root: URL) -> String? {
    let prefixes = [root.path, URL(fileURLWithPath: root.path).resolvingSymlinksInPath().path]
      .map { $0 + "/" }
    guard let prefix = prefixes.first(where: { path.hasPrefix($0 + folder + "/") }) else {
      return nil
    }
    let parts = path.dropFirst(prefix.count).split(separator: "/").map(String.init)
    let depth = folder.split(separator: "/").count
    guard parts.count >= depth else { return nil }
    for count in depth...parts.count {
      let relative = parts.prefix(count).joined(separator: "/")
      let attributes = try? FileManager.default.attributesOfItem(
        atPath: root.appending(path: relative).path)
      if attributes?[.type] as? FileAttributeType == .typeSymbolicLink { return relative }
    }
    return nil
  }
}
