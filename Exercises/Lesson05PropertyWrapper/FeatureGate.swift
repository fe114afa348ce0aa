import Foundation

/// Answers whether a feature is switched on, from any thread.
///
/// Many parts of the app ask at launch, at the same moment; the flag store should be
/// resolved once, on the first question, whichever thread asks it (Tasks 3 and 5).
public struct FeatureGate: Sendable {
  @Injected private var flags: any FeatureFlagStore

  /// Creates the gate. With a lazy `@Injected` (Task 3) the flag store is resolved on the
  /// first question; an eager one resolves it here.
  public init() {}

  /// Whether `flag` is on.
  ///
  /// - Parameter flag: The flag's name, such as `"new_checkout"`.
  public func isEnabled(_ flag: String) -> Bool {
    flags.isEnabled(flag)
  }
}
