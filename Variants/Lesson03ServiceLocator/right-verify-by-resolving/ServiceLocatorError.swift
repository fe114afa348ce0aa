// Variant: one error struct for both a failed request and a failed start-up check. Must
// pass.

/// The services a locator could not provide.
public struct ServiceLocatorError: Error, CustomStringConvertible {
  /// The missing types, as printed by `String(describing:)`.
  public let missing: [String]

  public var description: String {
    "Not registered: \(missing.joined(separator: ", ")). Register at the composition root."
  }
}
