// swift-tools-version: 6.2
//
// The kata's grader: a command-line program that builds the selected lessons, runs their
// tests with Swift Testing's JSON event stream, and reports by task. `grade.sh` at the
// repository's root builds it into `.build/grader` and runs it; a learner never needs to
// open this package.

import PackageDescription

let package = Package(
  name: "Grader",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "kata-grader", targets: ["kata-grader"])
  ],
  targets: [
    .target(name: "GraderCore"),
    .executableTarget(name: "kata-grader", dependencies: ["GraderCore"]),
    .testTarget(
      name: "GraderCoreTests",
      dependencies: ["GraderCore"],
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
