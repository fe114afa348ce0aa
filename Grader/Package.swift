// swift-tools-version: 6.2
//
// The kata's grader: a command-line program that builds the selected lessons, runs their
// tests with Swift Testing's JSON event stream, and reports by task. `grade.sh` at the
// repository's root builds it into `.build/grader` and runs it; a learner never needs to
// open this package.
//
// Two programs: `kata-grader`, the learner's (GraderCore), and `kata-maintainer`, which adds
// the maintainers' commands (--verify, --mutants, --save-variant, --update-checksums:
// GraderMaintenance). grade.sh builds the second only when one of those is asked for, so a
// learner's first run does not compile them.

import PackageDescription

let package = Package(
  name: "Grader",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "kata-grader", targets: ["kata-grader"]),
    .executable(name: "kata-maintainer", targets: ["kata-maintainer"]),
  ],
  targets: [
    .target(name: "GraderCore"),
    .target(name: "GraderMaintenance", dependencies: ["GraderCore"]),
    .executableTarget(name: "kata-grader", dependencies: ["GraderCore"]),
    .executableTarget(name: "kata-maintainer", dependencies: ["GraderCore", "GraderMaintenance"]),
    .testTarget(
      name: "GraderCoreTests",
      dependencies: ["GraderCore", "GraderMaintenance"],
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
