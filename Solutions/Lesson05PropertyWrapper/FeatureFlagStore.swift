import Foundation

/// Holds the app's feature flags.
public protocol FeatureFlagStore: Sendable {
  /// Whether `flag` is on; unknown flags are off.
  func isEnabled(_ flag: String) -> Bool
}

/// The flags shipped inside the app, used until remote configuration arrives.
public struct BundledFeatureFlags: FeatureFlagStore {
  private let enabled: Set<String>

  /// Creates the store.
  ///
  /// - Parameter enabled: The names of the flags that are on.
  public init(enabled: Set<String>) {
    self.enabled = enabled
  }

  public func isEnabled(_ flag: String) -> Bool {
    enabled.contains(flag)
  }
}
