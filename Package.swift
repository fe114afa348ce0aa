// swift-tools-version: 6.2
//
// The Dependency Injection kata: one module per lesson, one test target per module.
//
// Three environment variables pick what a build contains (the grader sets them; a learner
// who runs `swift test` or opens this file in Xcode needs none):
//
//   KATA_SOURCE   exercises (default) | solutions | a folder inside this package that
//                 holds one folder per lesson module (the grader's variant checks).
//   KATA_LESSONS  comma-separated lesson ids, e.g. `lesson03` or `lesson01,lesson02`.
//                 Only those lessons are built, so one lesson's compile error never
//                 stops another from being graded. Unset: every lesson.
//   KATA_TASK     a task number, for `--verify` only: each test target compiles only that
//                 task's tests (`TaskN…Tests.swift`) and the files every task shares.

import Foundation
import PackageDescription

/// The course, in order. This is the only list of lessons: the grader reads it too.
/// A module named `LessonNN…` has its id `lessonNN`, its starter in `Exercises/`, its
/// reference solution in `Solutions/`, its tests in `Tests/LessonNN…Tests/` and its
/// text in `lessons/NN-*.md`.
let lessons = [
  "Lesson01TightCoupling",
  "Lesson02ConstructorInjection",
  "Lesson03ServiceLocator",
  "Lesson04Container",
  "Lesson05PropertyWrapper",
  "Lesson06Factories",
]

let environment = ProcessInfo.processInfo.environment

let sourceFolder: String = {
  switch environment["KATA_SOURCE"] ?? "" {
  case "", "exercises": return "Exercises"
  case "solutions": return "Solutions"
  case let folder: return folder
  }
}()

let selectedLessons: [String] = {
  let filter = environment["KATA_LESSONS"] ?? ""
  guard !filter.isEmpty else { return lessons }
  let ids = Set(filter.lowercased().split(separator: ",").map(String.init))
  return lessons.filter { ids.contains("lesson" + $0.dropFirst("Lesson".count).prefix(2)) }
}()

// Builds index the code for editors as they compile (SwiftPM's default in debug), and
// indexing Foundation and Testing as well took about 40 % of a lesson's cold build,
// measured on Linux. Editors read those modules' own interfaces, so only the kata's code is
// indexed. (The grader builds in folders of its own and passes the same flag for the targets
// SwiftPM adds itself; see Builder.arguments in Grader/.)
let indexOnlyOwnCode: [SwiftSetting] = [.unsafeFlags(["-index-ignore-system-modules"])]

/// The test files of tasks other than `KATA_TASK` in a lesson's test folder: a wrong variant
/// of task N is proved by task N's tests alone, and compiling a third of the tests makes each
/// of the hundreds of variant checks several seconds shorter. Unset: none.
func otherTasksTests(in folder: String) -> [String] {
  // Anything but a task number (empty, `abc`) leaves every test in.
  guard let task = Int(environment["KATA_TASK"] ?? ""), task > 0 else { return [] }
  let files =
    (try? FileManager.default.contentsOfDirectory(
      atPath: Context.packageDirectory + "/" + folder)) ?? []
  return files.filter { name in
    name.hasPrefix("Task") && Int(String(name.dropFirst(4).prefix(while: \.isNumber))) != task
  }
}

var targets: [Target] = [
  .target(name: "KataOrderedOutput", path: "Tests/KataOrderedOutput"),
  .target(
    name: "KataTestSupport",
    dependencies: ["KataOrderedOutput"],
    path: "Tests/KataTestSupport",
    swiftSettings: indexOnlyOwnCode
  ),
]
for module in selectedLessons {
  targets.append(
    .target(name: module, path: "\(sourceFolder)/\(module)", swiftSettings: indexOnlyOwnCode))
  targets.append(
    .testTarget(
      name: "\(module)Tests",
      dependencies: [.target(name: module), "KataTestSupport"],
      path: "Tests/\(module)Tests",
      exclude: otherTasksTests(in: "Tests/\(module)Tests"),
      swiftSettings: indexOnlyOwnCode
    )
  )
}

let package = Package(
  name: "DependencyInjectionKata",
  platforms: [.macOS(.v15)],
  products: selectedLessons.map { .library(name: $0, targets: [$0]) },
  targets: targets,
  swiftLanguageModes: [.v6]
)
