import Lesson06Factories
import Testing

@Suite("Task 6 — Compose the app at the root")
@MainActor
struct Task6Tests {
  @Test("start() shows the product list, and a pick its detail, all from the configured backend")
  func startShowsTheWiredCatalog() async throws {
    let backend = FakeBackend()
    let navigator = RecordingNavigator()
    let app = makeShopApp(configuration: configuration(backend: backend), navigator: navigator)
    defer { withExtendedLifetime(app) {} }

    let (list, picked) = try await pickProduct(Sample.keyboard, in: app, on: navigator)

    #expect(
      list.products == [Sample.keyboard, Sample.mug],
      "The list should show the backend's products; its state is \(list.state)."
    )
    let detail = try #require(
      picked as? ProductDetailScreen,
      "In the EU, picking a product should push a ProductDetailScreen, not \(type(of: picked))."
    )
    await detail.viewModel.load()
    #expect(
      detail.viewModel.stock == 3 && backend.count(of: "/products/kbd/stock") == 1,
      """
      The detail should load the keyboard's stock from the configured backend; it was asked \
      for \(backend.requests), and the screen says: \
      \(detail.viewModel.errorMessage ?? detail.viewModel.availability)
      """
    )
  }

  @Test("The HTTP client is made once and shared by every feature and every account")
  func oneSharedClient() async throws {
    let counter = CreationCounter()
    let backend = FakeBackend()
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(backend: backend, counter: counter), navigator: navigator)
    defer { withExtendedLifetime(app) {} }

    _ = try await pickProduct(Sample.mug, in: app, on: navigator)
    _ = try await openOrders(app, on: navigator)
    app.switchAccount(to: Sample.bob)
    _ = try await openOrders(app, on: navigator)

    #expect(
      counter.count == 1,
      """
      The HTTP client is stateless, so the app needs exactly one; it made \(counter.count). \
      Make it once at the root and hand the same one to every service that needs it.
      """
    )
  }

  @Test("After switching accounts, the order history shows the new account's orders")
  func switchingRenewsTheRepository() async throws {
    let backend = FakeBackend()
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(account: Sample.alice, backend: backend), navigator: navigator)
    defer { withExtendedLifetime(app) {} }

    let before = try await openOrders(app, on: navigator)
    app.switchAccount(to: Sample.bob)
    let after = try await openOrders(app, on: navigator)

    #expect(
      before.orders == Sample.aliceOrders,
      """
      Before the switch, the history should show Alice's orders from the configured backend; \
      it shows \(before.state), and the backend was asked for \(backend.requests).
      """
    )
    #expect(
      after.orders == Sample.bobOrders && backend.count(of: "/accounts/bob/orders") == 1,
      """
      After switching to Bob, the history should load Bob's orders; it shows \(after.state) \
      and the backend was asked for \(backend.requests). Is Alice's repository still in use? \
      A per-account repository must be built anew when the account changes.
      """
    )
  }

  @Test("Within one account, order histories share its repository")
  func oneRepositoryPerAccount() async throws {
    let backend = FakeBackend()
    let navigator = RecordingNavigator()
    let app = makeShopApp(configuration: configuration(backend: backend), navigator: navigator)
    defer { withExtendedLifetime(app) {} }

    let first = try await openOrders(app, on: navigator)
    let second = try await openOrders(app, on: navigator)

    #expect(
      first.orders == Sample.aliceOrders && second.orders == Sample.aliceOrders,
      """
      Both histories should show Alice's orders from the configured backend; they show \
      \(first.state) and \(second.state), and the backend was asked for \(backend.requests).
      """
    )
    #expect(
      backend.count(of: "/accounts/alice/orders") == 1,
      """
      The orders repository lives as long as the account and keeps what it loaded, so the \
      second history should not hit the backend; Alice's orders were fetched \
      \(backend.count(of: "/accounts/alice/orders")) times. Is a new repository built per screen?
      """
    )
  }

  @Test("Switching back to an account starts it afresh")
  func switchingBackStartsAfresh() async throws {
    let backend = FakeBackend()
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(account: Sample.alice, backend: backend), navigator: navigator)
    defer { withExtendedLifetime(app) {} }

    _ = try await openOrders(app, on: navigator)
    app.switchAccount(to: Sample.bob)
    _ = try await openOrders(app, on: navigator)
    app.switchAccount(to: Sample.alice)
    let again = try await openOrders(app, on: navigator)

    #expect(
      again.orders == Sample.aliceOrders,
      """
      Back on Alice, the history should show her orders again; it shows \(again.state), and \
      the backend was asked for \(backend.requests).
      """
    )
    #expect(
      backend.count(of: "/accounts/alice/orders") == 2,
      """
      Signing in again should build a new repository, so Alice's orders are fetched again; \
      they were fetched \(backend.count(of: "/accounts/alice/orders")) times. Are repositories \
      kept per account id?
      """
    )
  }
}
