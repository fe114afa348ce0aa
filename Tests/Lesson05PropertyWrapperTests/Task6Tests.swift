import Lesson05PropertyWrapper
import Testing

@Suite("Task 6 — Give the checkout service its collaborators through its initializer")
struct Task6Tests {
  private let mugs = CartItem(name: "Mug", priceInCents: 1_200, quantity: 2)
  private let tea = CartItem(name: "Tea", priceInCents: 500, quantity: 1)

  @Test("Placing an order charges the gateway the service was built with")
  func chargesTheGivenGateway() async {
    let payments = SpyPaymentGateway()
    let analytics = SpyAnalytics()
    let service = makeCheckoutService(payments: payments, analytics: analytics)

    let outcome = await service.placeOrder([mugs, tea])

    #expect(
      payments.charges == [2_900],
      """
      The service should charge 2900 cents to the gateway passed to \
      makeCheckoutService(payments:analytics:); that gateway was charged \(payments.charges). \
      Pass the gateway to the service's initializer and keep it.
      """
    )
    #expect(
      outcome == .placed(chargeID: "ch_2900"),
      "The order should be placed with the gateway's charge id; got \(outcome).")
    #expect(
      analytics.events == ["order_placed"],
      "The analytics passed in should receive order_placed; it received \(analytics.events)."
    )
  }

  @Test("A failed charge is reported to the analytics the service was built with")
  func reportsFailureToTheGivenAnalytics() async {
    let analytics = SpyAnalytics()
    let service = makeCheckoutService(
      payments: SpyPaymentGateway(failing: .declined),
      analytics: analytics
    )

    let outcome = await service.placeOrder([tea])

    #expect(
      outcome == .failed(PaymentError.declined.description),
      "A declined charge should end the order as failed with the gateway's reason; got \(outcome)."
    )
    #expect(
      analytics.events == ["order_failed"],
      "The analytics passed in should receive order_failed; it received \(analytics.events)."
    )
  }

  @Test("Building and using the checkout service asks the container for nothing")
  func resolvesNothingFromTheContainer() async {
    let decoyPayments = FactoryLog<SpyPaymentGateway>()
    let decoyAnalytics = FactoryLog<SpyAnalytics>()
    let container = makeTestContainer()
    container.register((any PaymentGateway).self) { decoyPayments.make { SpyPaymentGateway() } }
    container.register((any Analytics).self) { decoyAnalytics.make { SpyAnalytics() } }
    let payments = SpyPaymentGateway()

    let outcome = await Container.withCurrent(container) {
      await makeCheckoutService(payments: payments, analytics: SpyAnalytics()).placeOrder([tea])
    }

    #expect(outcome == .placed(chargeID: "ch_500"), "The order should be placed; got \(outcome).")
    #expect(
      decoyPayments.count == 0 && decoyAnalytics.count == 0,
      """
      The checkout service should take everything it needs through its initializer, and ask \
      the container for nothing; the container built \(decoyPayments.count) gateways and \
      \(decoyAnalytics.count) analytics for it. Is an @Injected property left in the service?
      """
    )
  }
}
