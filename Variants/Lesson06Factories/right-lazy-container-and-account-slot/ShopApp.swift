// Variant: the root keeps the container, the account's slot and one factory per feature for
// the whole run; switching accounts only ends the session inside the slot.

/// The running app.
@MainActor
public protocol ShopApp {
  /// Shows the product list.
  func start()
  /// Shows the current account's order history.
  func showOrders()
  /// Makes `account` the current account.
  func switchAccount(to account: Account)
}

/// The composition root.
@MainActor
final class ShopCompositionRoot: ShopApp {
  private let container: AppContainer
  private let signedIn: SignedInAccount
  private let catalogFlow: any Coordinator
  private let accountFlow: any Coordinator

  init(configuration: AppConfiguration, navigator: any Navigator) {
    let container = AppContainer(configuration: configuration)
    let signedIn = SignedInAccount(account: configuration.account, container: container)
    self.container = container
    self.signedIn = signedIn
    catalogFlow = makeCatalogCoordinator(
      factory: makeCatalogFactory(dependencies: container, market: configuration.market),
      navigator: navigator
    )
    accountFlow = makeAccountCoordinator(
      factory: makeAccountFactory(dependencies: signedIn),
      navigator: navigator
    )
  }

  func start() {
    catalogFlow.start()
  }

  func showOrders() {
    accountFlow.start()
  }

  func switchAccount(to account: Account) {
    signedIn.signIn(as: account)
  }
}

/// Builds the whole app from `configuration`.
@MainActor
public func makeShopApp(configuration: AppConfiguration, navigator: any Navigator) -> any ShopApp {
  ShopCompositionRoot(configuration: configuration, navigator: navigator)
}
