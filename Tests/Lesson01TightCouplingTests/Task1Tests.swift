import Foundation
import Lesson01TightCoupling
import Testing

@Suite("Task 1 — Take the profile service from outside", .freshInternet)
@MainActor
struct Task1Tests {
  @Test("Loading asks the injected service for that user")
  func loadingAsksTheInjectedService() async {
    let screen = Screen(Sample.grace())

    await screen.viewModel.load(userID: "grace")

    #expect(
      screen.service.fetchedIDs == ["grace"],
      """
      load(userID: "grace") should ask the service the test passed to \
      makeProfileViewModel, once. That fake was asked for \(screen.service.fetchedIDs). \
      Does the view model still build its own LiveProfileService, or does \
      makeProfileViewModel drop its `service` parameter?
      """
    )
  }

  @Test("Loading shows the profile the injected service returned")
  func loadingShowsTheInjectedProfile() async {
    let screen = Screen(Sample.grace())

    await screen.viewModel.load(userID: "grace")

    #expect(
      screen.viewModel.state == .loaded(Sample.grace()),
      """
      The screen should show the profile the fake service returned (Grace Hopper). \
      It shows \(screen.viewModel.state). Store the service you are given and load from it.
      """
    )
  }

  @Test("A failure of the injected service shows the error state")
  func aFailingServiceShowsTheErrorState() async {
    let screen = Screen()  // a fake that knows nobody, so it throws

    await screen.viewModel.load(userID: "nobody")

    #expect(
      screen.service.fetchedIDs == ["nobody"],
      """
      The view model should ask the injected service, even when that service fails. \
      The fake was asked for \(screen.service.fetchedIDs).
      """
    )
    let showsFailure = if case .failed = screen.viewModel.state { true } else { false }
    #expect(
      showsFailure,
      """
      When the injected service throws, the screen should show .failed(message). \
      It shows \(screen.viewModel.state).
      """
    )
  }

  @Test("Each view model uses the service it was given, not the last one built")
  func eachViewModelKeepsItsOwnService() async {
    let first = Screen(Sample.grace())
    let second = Screen(Sample.alan())  // built after `first`, before either loads

    await first.viewModel.load(userID: "grace")
    await second.viewModel.load(userID: "alan")

    #expect(
      first.viewModel.state == .loaded(Sample.grace()),
      """
      Two view models were built with two different fake services. The first should \
      show Grace Hopper from its own service; it shows \(first.viewModel.state). \
      \(ownServiceAdvice(first: first, second: second))
      """
    )
    #expect(
      second.service.fetchedIDs == ["alan"] && first.service.fetchedIDs == ["grace"],
      """
      Each view model should ask only its own service. The first fake was asked for \
      \(first.service.fetchedIDs), the second for \(second.service.fetchedIDs).
      """
    )
  }

  @Test("Loading sends no request to the real API")
  func loadingReachesNoLiveAPI() async {
    let screen = Screen(Sample.grace())

    await screen.viewModel.load(userID: "grace")

    let requests = Internet.current.traffic.filter { !$0.isAnalytics }
    #expect(
      requests.isEmpty && screen.service.fetchedIDs == ["grace"],
      """
      A test must never reach the real API, yet during this one the internet received:
      \(listing(requests))
      and the fake was asked for \(screen.service.fetchedIDs). \
      The view model should load through the service it was given, and only through it.
      """
    )
  }

  /// Why two view models did not each use their own fake, from where the first load went.
  private func ownServiceAdvice(first: Screen, second: Screen) -> String {
    if second.service.fetchedIDs.contains("grace") {
      return """
        The first view model's load of Grace went to the second view model's service: \
        building the second one replaced the first one's service. Is the service kept in \
        a static or global variable? Keep it in the instance (a `let` set by the \
        initializer).
        """
    }
    guard first.service.fetchedIDs.isEmpty else {
      return "Store the service each view model is given in that instance, and load from it."
    }
    let liveRequests = Internet.current.traffic.filter { !$0.isAnalytics }
    let wentTo = liveRequests.isEmpty ? "another service" : "the real API"
    return """
      The first view model's load never reached its own fake; it went to \(wentTo). Keep \
      the service each view model is given in that instance (a `let` set by the \
      initializer): do not build one inside, and do not read one from a static or global \
      variable that the next view model overwrites.
      """
  }
}
