import Foundation

/// What the grader needs to know about the machine it runs on.
enum Platform {
  /// Whether this is macOS (Darwin), where the toolchain comes from Xcode and tests run in
  /// SwiftPM's hardened helper.
  static var isDarwin: Bool {
    #if canImport(Darwin)
      return true
    #else
      return false
    #endif
  }
}

/// The Swift toolchain's tools.
package enum Toolchain {
  /// The `swiftc` beside the first `swift` on `PATH`, so snippets are checked by the same
  /// compiler that built the modules they import (a second toolchain on `PATH` has modules
  /// the first cannot read). On a Mac both are xcrun's shims in /usr/bin, which pick the
  /// same Xcode; swiftly's are its proxies, which pick the same toolchain. `swiftc` from
  /// `PATH` when there is none beside it.
  ///
  /// - Parameter path: The `PATH` to look on.
  package static func swiftc(path: String?) -> String {
    let fileManager = FileManager.default
    for folder in (path ?? "").split(separator: ":") {
      let swift = "\(folder)/swift"
      guard fileManager.isExecutableFile(atPath: swift) else { continue }
      let swiftc = "\(folder)/swiftc"
      return fileManager.isExecutableFile(atPath: swiftc) ? swiftc : "swiftc"
    }
    return "swiftc"
  }
}
