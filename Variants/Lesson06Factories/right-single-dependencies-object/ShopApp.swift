// Variant: the root keeps one dependencies object and one factory per feature for the whole
// run; switching accounts only ends the session inside the dependencies object.

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
  private let dependencies: AppContainer
  private let catalogFlow: any Coordinator
  private let accountFlow: any Coordinator

  init(configuration: AppConfiguration, navigator: any Navigator) {
    let dependencies = AppContainer(configuration: configuration)
    self.dependencies = dependencies
    catalogFlow = makeCatalogCoordinator(
      factory: makeCatalogFactory(dependencies: dependencies, market: configuration.market),
      navigator: navigator
    )
    accountFlow = makeAccountCoordinator(
      factory: makeAccountFactory(dependencies: dependencies),
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
    dependencies.signIn(as: account)
  }
}

/// Builds the whole app from `configuration`.
@MainActor
public func makeShopApp(configuration: AppConfiguration, navigator: any Navigator) -> any ShopApp {
  ShopCompositionRoot(configuration: configuration, navigator: navigator)
}
