import Foundation

/// Answers whether a feature is switched on, from any thread.
///
/// Many parts of the app ask at launch, at the same moment; the flag store is resolved
/// once, on the first question, whichever thread asks it.
public struct FeatureGate: Sendable {
  @Injected private var flags: any FeatureFlagStore

  /// Creates the gate; the flag store is resolved on the first question.
  public init() {}

  /// Whether `flag` is on.
  ///
  /// - Parameter flag: The flag's name, such as `"new_checkout"`.
  public func isEnabled(_ flag: String) -> Bool {
    flags.isEnabled(flag)
  }
}
