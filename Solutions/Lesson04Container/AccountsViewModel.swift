/// The accounts screen's state and actions, as a plain object (a SwiftUI view or a view
/// controller would observe it in an app).
@MainActor
public final class AccountsViewModel {
  /// The accounts to show; empty until ``load()`` succeeds.
  public private(set) var accounts: [Account] = []
  /// The repository this screen reads from, injected through the initializer.
  public let repository: any AccountsRepository

  /// Creates the screen's view model.
  ///
  /// - Parameter repository: Where the accounts come from.
  public init(repository: any AccountsRepository) {
    self.repository = repository
  }

  /// Loads the accounts; on failure the list stays empty.
  public func load() async {
    accounts = (try? await repository.fetchAccounts()) ?? []
  }
}
