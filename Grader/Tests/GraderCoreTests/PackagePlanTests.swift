import Foundation
import Testing

@testable import GraderCore

/// What the grader makes of SwiftPM's description of the package and of the compiler's list
/// of inputs: a lesson built from anything but the learner's folder is not graded.
@Suite struct PackagePlanTests {
  private static let lesson = Lesson(
    module: "Lesson01Arithmetic", number: 1, title: "Lesson 01", textPath: nil)

  /// A kata folder with the exercise's file and the solution's, in a fresh temporary folder.
  private static func makeKata() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appending(path: "kata-plan-\(UUID())")
    for folder in ["Exercises", "Solutions"] {
      let module = root.appending(path: "\(folder)/Lesson01Arithmetic")
      try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
      try Data("// \(folder)\n".utf8).write(to: module.appending(path: "Arithmetic.swift"))
    }
    return root
  }

  /// The kata's own plan for lesson 01, as `swift package describe` gives it.
  private static func kataPlan() -> PackagePlan.Description {
    PackagePlan.Description(
      targets: [
        "KataOrderedOutput": .init(
          name: "KataOrderedOutput", path: "Tests/KataOrderedOutput"),
        "KataTestSupport": .init(
          name: "KataTestSupport", path: "Tests/KataTestSupport",
          targetDependencies: ["KataOrderedOutput"]),
        "Lesson01Arithmetic": .init(
          name: "Lesson01Arithmetic", path: "Exercises/Lesson01Arithmetic",
          sources: ["Arithmetic.swift"]),
        "Lesson01ArithmeticTests": .init(
          name: "Lesson01ArithmeticTests", path: "Tests/Lesson01ArithmeticTests",
          targetDependencies: ["Lesson01Arithmetic", "KataTestSupport"]),
      ], dependencies: [])
  }

  private static func problems(_ plan: PackagePlan.Description?, root: URL) -> String? {
    PackagePlan.problems(in: plan, lessons: [lesson], source: .exercises, root: root)[
      lesson.module]
  }

  @Test("The kata's own plan has no problem; each way around it is named")
  func problems() throws {
    let root = try Self.makeKata()
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(Self.problems(Self.kataPlan(), root: root) == nil)

    var plan = Self.kataPlan()
    plan.targets["Lesson01Arithmetic"]?.path = "Solutions/Lesson01Arithmetic"
    #expect(Self.problems(plan, root: root)?.contains("from Solutions/Lesson01Arithmetic/") == true)

    plan = Self.kataPlan()
    plan.targets["Helper"] = .init(name: "Helper", path: "Solutions/Lesson01Arithmetic")
    #expect(Self.problems(plan, root: root)?.contains("a target the kata does not have") == true)

    plan = Self.kataPlan()
    plan.targets["Lesson01Arithmetic"]?.productDependencies = ["Answers"]
    #expect(
      Self.problems(plan, root: root)?.contains("dependencies the kata does not have") == true)

    plan = Self.kataPlan()
    plan.dependencies = ["answers"]
    #expect(Self.problems(plan, root: root)?.contains("depends on a package") == true)

    plan = Self.kataPlan()
    plan.targets["KataTestSupport"]?.path = "Solutions/Support"
    #expect(Self.problems(plan, root: root)?.contains("KataTestSupport") == true)

    let undescribed = Self.problems(nil, root: root) ?? ""
    #expect(
      undescribed.contains("could not describe") && undescribed.contains("rm -rf .build")
        && !undescribed.contains("git checkout"),
      "a manifest as shipped is not blamed: \(undescribed)")
    try Data("// shipped\n".utf8).write(to: root.appending(path: "Package.swift"))
    try FileManager.default.createDirectory(
      at: root.appending(path: "Tests"), withIntermediateDirectories: true)
    try Checksums(root: root).write(for: [Self.lesson])
    try Data("// edited\n".utf8).write(to: root.appending(path: "Package.swift"))
    #expect(Self.problems(nil, root: root)?.contains("git checkout -- Package.swift") == true)
    let said = PackagePlan.problems(
      in: nil, lessons: [Self.lesson], source: .exercises, root: root,
      failure: "error: Package.swift:3:14: expected expression")[Self.lesson.module]
    #expect(said?.contains("SwiftPM says: error: Package.swift:3:14") == true, "\(said ?? "")")
  }

  @Test("A source file that is a link out of the learner's folder is found, whatever the link")
  func links() throws {
    let root = try Self.makeKata()
    defer { try? FileManager.default.removeItem(at: root) }
    let exercise = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift")
    #expect(
      PackagePlan.strayFiles([exercise.path], expected: "Exercises/Lesson01Arithmetic", root: root)
        .isEmpty)
    try FileManager.default.removeItem(at: exercise)
    try FileManager.default.createSymbolicLink(
      atPath: exercise.path,
      withDestinationPath: "../../Solutions/Lesson01Arithmetic/Arithmetic.swift")
    let problem = Self.problems(Self.kataPlan(), root: root) ?? ""
    #expect(problem.contains("is a link (or lies in a linked folder)"), "\(problem)")
    #expect(problem.contains("not a link to them"), "\(problem)")
    #expect(!problem.contains("Package.swift"), "no Package.swift was changed: \(problem)")

    // The learner's whole folder a link (to work kept elsewhere): the same advice.
    try FileManager.default.removeItem(at: exercise)
    let folder = root.appending(path: "Exercises/Lesson01Arithmetic")
    let elsewhere = root.appending(path: "Elsewhere")
    try FileManager.default.moveItem(at: folder, to: elsewhere)
    try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: elsewhere)
    try Data("let a = 1\n".utf8).write(to: elsewhere.appending(path: "Arithmetic.swift"))
    let linked = Self.problems(Self.kataPlan(), root: root) ?? ""
    #expect(linked.contains("Elsewhere/Arithmetic.swift"), "\(linked)")
    #expect(!linked.contains("Package.swift"), "\(linked)")
  }

  @Test("The compiler's list of inputs is read with SwiftPM's quoting, and checked")
  func compiledFiles() throws {
    let root = try Self.makeKata()
    defer { try? FileManager.default.removeItem(at: root) }
    let list = root.appending(path: ".build/debug/Lesson01Arithmetic.build")
    try FileManager.default.createDirectory(at: list, withIntermediateDirectories: true)
    let exercise = root.appending(path: "Exercises/Lesson01Arithmetic/Arithmetic.swift").path
    let solution = root.appending(path: "Solutions/Lesson01Arithmetic/It's.swift").path
    try Data("'\(exercise)'\n'\(solution.replacingOccurrences(of: "'", with: "'\\''"))'\n".utf8)
      .write(to: list.appending(path: "sources"))
    #expect(
      PackagePlan.compiledFiles(of: "Lesson01Arithmetic", scratchPath: ".build", root: root)
        == [exercise, solution])
    let message = PackagePlan.builtElsewhere(
      Self.lesson, folder: "Exercises/Lesson01Arithmetic", scratchPath: ".build", root: root)
    #expect(
      message?.contains("Solutions/Lesson01Arithmetic/It's.swift") == true, "\(message ?? "")")

    try Data("\(exercise)\n".utf8).write(to: list.appending(path: "sources"))
    #expect(
      PackagePlan.builtElsewhere(
        Self.lesson, folder: "Exercises/Lesson01Arithmetic", scratchPath: ".build", root: root)
        == nil)
    #expect(
      PackagePlan.builtElsewhere(
        Self.lesson, folder: "Exercises/Lesson01Arithmetic", scratchPath: ".nothing", root: root)
        != nil, "no list, no grade: the grader cannot tell what was built")
  }

  @Test("Under KATA_TASK the kata's manifest compiles one task's tests; otherwise every test")
  func oneTasksTests() throws {
    let course = try Course(root: kataRoot)
    let lesson = try #require(course.lessons.first)
    let scratch = FileManager.default.temporaryDirectory.appending(path: "kata-task-\(UUID())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let all = try FileManager.default.contentsOfDirectory(
      atPath: kataRoot.appending(path: lesson.testsFolder).path
    ).filter { $0.hasSuffix(".swift") }
    let shared = all.filter { !$0.hasPrefix("Task") }
    try #require(
      !shared.isEmpty && all.contains("Task2Tests.swift"), "lesson 01's test files: \(all)")

    func testFiles(onlyTask: Int?, asSet value: String? = nil) throws -> Set<String> {
      var grading = Grading(course: course, timeLimit: 10, interruption: Interruption())
      grading.onlyTask = onlyTask
      var environment = grading.environment(for: [lesson], source: .solutions)
      if let value { environment["KATA_TASK"] = value }
      let plan = PackagePlan(
        root: kataRoot, environment: environment,
        scratchPath: scratch.path, workFolder: scratch.appending(path: "work"),
        interruption: Interruption())
      let tests = try #require(try plan.describe()?.targets[lesson.testModule])
      return Set(tests.sources.map { ($0 as NSString).lastPathComponent })
    }
    // The grader always sets KATA_TASK, so a value left in a learner's shell leaves nothing out.
    #expect(try testFiles(onlyTask: nil) == Set(all), "a grade compiles every test file")
    for task in [2, 3] {
      #expect(
        try testFiles(onlyTask: task) == Set(shared + ["Task\(task)Tests.swift"]),
        "task \(task)'s check compiles its own file and the shared ones only")
    }
    // Set by hand: what is not a task number leaves every test in; `02` is task 2.
    #expect(try testFiles(onlyTask: nil, asSet: "abc") == Set(all))
    #expect(try testFiles(onlyTask: nil, asSet: "02") == Set(shared + ["Task2Tests.swift"]))
  }
}
