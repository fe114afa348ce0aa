import Foundation
import Lesson01TightCoupling
import Testing

@Suite("Task 1 — Take the profile service from outside", .freshInternetIgnoringAnalytics)
@MainActor
struct Task1Tests {
  @Test(
    "Loading asks the injected service for that user",
    // An id is asked for as given: not trimmed, not lowercased.
    arguments: ["grace", "alan", "Grace", "alan "])
  func loadingAsksTheInjectedService(userID: String) async {
    let screen = Screen(Sample.grace(), Sample.alan())

    await screen.viewModel.load(userID: userID)

    #expect(
      screen.service.fetchedIDs == [userID],
      """
      load(userID: "\(userID)") should ask the service the test passed to \
      makeProfileViewModel, once, for "\(userID)". That fake was asked for \
      \(screen.service.fetchedIDs). Does the view model still build its own \
      LiveProfileService, or does makeProfileViewModel drop its `service` parameter?
      """
    )
  }

  @Test(
    "Loading shows the profile the injected service returned",
    arguments: [Sample.grace(), Sample.alan()]
  )
  func loadingShowsTheInjectedProfile(profile: UserProfile) async {
    let screen = Screen(Sample.grace(), Sample.alan())

    await screen.viewModel.load(userID: profile.id)

    #expect(
      screen.viewModel.state == .loaded(profile),
      """
      The screen should show the profile the fake service returned (\(profile.name)). \
      It shows \(screen.viewModel.state). The view model should load from the service it \
      was given.
      """
    )
  }

  @Test(
    "A failure of the injected service shows the error state",
    arguments: [LoadFailure.unknownUser, .outage, .offline]
  )
  func aFailingServiceShowsTheErrorState(failure: LoadFailure) async {
    let screen = failure.screen()

    await screen.viewModel.load(userID: failure.userID)

    #expect(
      screen.service.fetchedIDs == [failure.userID],
      """
      The view model should ask the injected service, even when that service fails. \
      The fake was asked for \(screen.service.fetchedIDs).
      """
    )
    #expect(
      screen.viewModel.state.isFailed,
      """
      The injected service threw (\(failure.testDescription)), so the screen should show \
      .failed(message). It shows \(screen.viewModel.state).
      """
    )
    if case .failed(let message) = screen.viewModel.state {
      #expect(
        !message.trimmingCharacters(in: .whitespaces).isEmpty,
        "The screen shows .failed with an empty message: the user should read what went wrong."
      )
    }
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

  @Test("Once the view model is gone, nothing keeps the service it was given alive")
  func theViewModelAloneKeepsItsService() async {
    let left = await leftovers { viewModel in
      await viewModel.load(userID: "grace")
      _ = viewModel.activityText
    }

    #expect(
      left.fetched == ["grace"],
      """
      The view model should load through the service it was given; that fake was asked \
      for \(left.fetched).
      """
    )
    #expect(
      left.alive.isEmpty,
      """
      The test built a view model with a fake service and a spy, loaded a profile, read \
      its activity text, let the work the view model started run, and let the view model \
      go. Nothing should hold the two now, yet \(left.alive) stayed alive. Either the view \
      model is still alive, held by a closure it keeps that captures `self` strongly (a \
      `lazy var` formatter, a "Try again" closure: a retain cycle) or by a task it started \
      that holds it while it waits (a refresh loop behind `guard let self`); or something \
      outside it keeps them: a static, a global, a registry the initializer reads from \
      (then every view model shares it, and the last one built wins). The view model \
      should keep what it is given itself, and let it go with itself.
      """
    )
  }

  @Test(
    "The failure message is written for the user, not the error's own text",
    arguments: [
      OwnText.worded("HTTP 503 from shard eu-west-2: upstream timed out"),
      .worded("SQLITE_BUSY: database table is locked"),
      .network(.notConnectedToInternet),
      .network(.timedOut),
      .internet(.notFound(url: "https://api.fake.test/users/grace"), naming: "api.fake.test"),
      .internet(.unknownHost("api.down.test"), naming: "api.down.test"),
    ]
  )
  func theFailureMessageIsForTheUser(failure: OwnText) async {
    let screen = Screen(Sample.grace())
    screen.service.fetchError = failure.error

    await screen.viewModel.load(userID: "grace")

    guard case .failed(let message) = screen.viewModel.state,
      screen.service.fetchedIDs == ["grace"]
    else {
      Issue.record(
        """
        The injected service was set to throw an error (\(failure.testDescription)). The \
        view model should ask it for "grace", once, and show .failed(message). The fake was \
        asked for \(screen.service.fetchedIDs), and the screen shows \(screen.viewModel.state).
        """
      )
      return
    }
    var repeated: [String] = []
    for fragment in failure.fragments where message.contains(fragment) {
      if !repeated.contains(fragment) { repeated.append(fragment) }
    }
    let repeats =
      message == failure.ownText
      ? ": the error's own text, word for word"
      : repeated.isEmpty ? "" : ", which repeats " + repeated.map(quoted).joined(separator: ", ")
    let ownText =
      failure.testDescription.contains(failure.ownText)
      ? "" : ", an error that describes itself as \"\(failure.ownText)\""
    #expect(
      !message.trimmingCharacters(in: .whitespaces).isEmpty && repeated.isEmpty,
      """
      The injected service threw \(failure.testDescription)\(ownText). The screen shows \
      .failed(\(quoted(message)))\(repeats). \
      That message is read by the user: it should say, in the app's words, that the \
      profile could not be loaded, whatever the failure (a refusal, a URLError, the \
      network's own error), not repeat the error's own text (its localizedDescription or \
      description), which is written for developers and changes with whichever service \
      the view model was given.
      """
    )
  }

  @Test(
    "A URLError from the injected service shows the error state, and no live service is asked",
    arguments: [NetworkFailure.offline, .timedOut]
  )
  func aURLErrorShowsTheErrorState(failure: NetworkFailure) async {
    let screen = Screen(Sample.grace(), Sample.alan())
    screen.service.fetchError = failure.error

    await screen.viewModel.load(userID: failure.userID)

    let requests = Internet.current.traffic.filter { !$0.isAnalytics }
    #expect(
      screen.service.fetchedIDs == [failure.userID] && screen.viewModel.state.isFailed
        && requests.isEmpty,
      """
      The injected service failed to load "\(failure.userID)" with URLError \
      \(failure.code.rawValue), a network error. The screen should show .failed, after \
      asking that service once and no other. It shows \(screen.viewModel.state); the fake \
      was asked for \(screen.service.fetchedIDs), and the real API received:
      \(listing(requests))
      Whatever the injected service throws is its answer: a network error is no reason \
      to try a live service of the view model's own.
      """
    )
  }

  @Test(
    "After a failed load too, once the view model is gone nothing keeps its service alive",
    arguments: [LoadFailure.unknownUser, .outage, .offline]
  )
  func afterAFailedLoadTheViewModelAloneKeepsItsService(failure: LoadFailure) async {
    let left = await leftovers(
      prepare: { failure.breakDown($0) },
      after: { viewModel in await viewModel.load(userID: failure.userID) }
    )

    #expect(
      left.fetched == [failure.userID],
      """
      The view model should load through the service it was given; that fake was asked \
      for \(left.fetched).
      """
    )
    #expect(
      left.alive.isEmpty,
      """
      The test built a view model with a fake service and a spy, let a load fail \
      (\(failure.testDescription)), and let the view model go. Nothing should hold the two \
      now, yet \(left.alive) stayed alive. Something the failure left behind still holds \
      the view model or its collaborators: a closure kept for "Try again" that captures \
      `self` strongly is a retain cycle, and so is a task or an observer that is never \
      let go.
      """
    )
  }

  @Test(
    "Every load asks the injected service again, after a success too",
    arguments: [["grace", "alan", "grace"], ["alan", "alan", "grace"]]
  )
  func everyLoadAsksTheServiceAgain(userIDs: [String]) async {
    let screen = Screen(Sample.grace(), Sample.alan())
    var shown: [ProfileScreenState] = []

    for userID in userIDs {
      await screen.viewModel.load(userID: userID)
      shown.append(screen.viewModel.state)
    }

    let expected = userIDs.map { ProfileScreenState.loaded(Sample.profile($0)) }
    #expect(
      screen.service.fetchedIDs == userIDs && shown == expected,
      """
      The test loaded \(userIDs) one after the other on the same screen. Each load should \
      ask the injected service again and show what it returned this time. The fake was \
      asked for \(screen.service.fetchedIDs), and the screen showed, load by load:
      \(shown.map { "  • \($0)" }.joined(separator: "\n"))
      A view model that keeps its first result, or loads only once, shows a stale \
      profile: a screen is loaded again when the user pulls to refresh or opens another \
      person.
      """
    )
  }

  @Test(
    "After a failed load, loading again shows the profile",
    arguments: [("grace", 1), ("alan", 4), ("grace", 7)])
  func loadingAgainAfterAFailureShowsTheProfile(userID: String, failures: Int) async {
    let screen = Screen(Sample.grace(), Sample.alan())
    var shown: [ProfileScreenState] = []

    screen.service.isDown = true
    for _ in 0..<failures {
      await screen.viewModel.load(userID: userID)
      shown.append(screen.viewModel.state)
    }
    screen.service.isDown = false
    await screen.viewModel.load(userID: userID)

    let asked = screen.service.fetchedIDs
    #expect(
      shown.allSatisfy(\.isFailed) && screen.viewModel.state == .loaded(Sample.profile(userID))
        && asked == Array(repeating: userID, count: failures + 1),
      """
      The injected service was down for \(failures) load(s) of "\(userID)" in a row, then \
      back for one more. Each load should ask the service (\(failures + 1) times in all) \
      and show its own outcome: .failed \(failures) time(s), then the profile. The fake \
      was asked for \(asked); the failed loads showed \
      \(shown.map { String(describingForTest: $0) }.joined(separator: ", ")), and the last \
      one \(screen.viewModel.state). No number of failures stops the next load: the user taps \
      "Try again" and the server may be back.
      """
    )
  }

  @Test(
    "After a loaded profile, a failed load shows the error state",
    arguments: [LoadFailure.outage, .offline])
  func aFailureAfterASuccessShowsTheErrorState(failure: LoadFailure) async {
    let screen = Screen(Sample.grace(), Sample.alan())
    let userID = failure.userID

    await screen.viewModel.load(userID: userID)
    let afterSuccess = screen.viewModel.state
    failure.breakDown(screen.service)
    await screen.viewModel.load(userID: userID)

    #expect(
      afterSuccess == .loaded(Sample.profile(userID)) && screen.viewModel.state.isFailed,
      """
      The first load of "\(userID)" succeeded, then the injected service failed \
      (\(failure.testDescription)) and the test loaded "\(userID)" again. The screen \
      should go from the profile to .failed; it went from \(afterSuccess) to \
      \(screen.viewModel.state), and the fake was asked for \(screen.service.fetchedIDs). \
      Each load shows the outcome of its own request: a network error too is a failed \
      load, and a profile kept from before would show the user something the server did \
      not just say.
      """
    )
    #expect(
      screen.viewModel.activityText == nil,
      """
      After the failed load the screen shows no profile, so its activity text, which \
      describes the profile shown, should be nil. It is \(quoted(screen.viewModel.activityText)): \
      it still describes the profile of the load before. Derive it from the state shown, \
      not from a profile kept aside.
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
        a static or global variable? Each instance keeps the service it was given.
        """
    }
    guard first.service.fetchedIDs.isEmpty else {
      return "Each view model should keep the service it was given, and load from it."
    }
    let liveRequests = Internet.current.traffic.filter { !$0.isAnalytics }
    let wentTo = liveRequests.isEmpty ? "another service" : "the real API"
    return """
      The first view model's load never reached its own fake; it went to \(wentTo). Each \
      view model should keep the service it was given: not build one inside, and not read \
      one from a static or global variable that the next view model overwrites.
      """
  }
}

/// An error the fake throws for a load, and the pieces of its own text (what it says about
/// itself, for developers) that a message for the user should not repeat.
struct OwnText: Sendable, CustomTestStringConvertible {
  let error: any Error
  let testDescription: String
  /// The text the error gives itself.
  let ownText: String
  /// Every piece of the error's own text, its `description` and `localizedDescription` first.
  let fragments: [String]

  private init(_ error: any Error, _ testDescription: String, naming: [String]) {
    self.error = error
    self.testDescription = testDescription
    ownText = String(describing: error)
    let typeName = String(describing: type(of: error))
    fragments = [String(describing: error), error.localizedDescription, typeName] + naming
  }

  /// An error worded as a server or a library words it.
  static func worded(_ text: String) -> OwnText {
    OwnText(WordedFailure(text: text), "an error worded \"\(text)\"", naming: [])
  }

  /// A `URLError`: its text names its domain and code.
  static func network(_ code: URLError.Code) -> OwnText {
    OwnText(
      URLError(code), "URLError \(code.rawValue)",
      naming: ["NSURLErrorDomain", "\(code.rawValue)"])
  }

  /// The kata's network error, whose text names a host or a URL.
  static func internet(_ error: InternetError, naming: String) -> OwnText {
    OwnText(error, "InternetError \"\(error)\"", naming: [naming])
  }
}
