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
