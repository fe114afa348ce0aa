import Lesson05PropertyWrapper
import Testing

@Suite("Task 1 — Resolve through the wrapper")
struct Task1Tests {
  @MainActor
  @Test("The profile screen shows the profile from the registered service and reports it")
  func showsTheRegisteredProfile() async {
    let ada = Profile(id: "42", displayName: "Ada Lovelace")
    let profiles = StubProfileService(answer: .success(ada))
    let analytics = SpyAnalytics()
    let container = makeTestContainer()
    container.register((any ProfileService).self) { profiles }
    container.register((any Analytics).self) { analytics }

    let state = await Container.withCurrent(container) {
      let screen = ProfileScreen(userID: "42")
      await screen.load()
      return screen.state
    }

    #expect(
      profiles.requestedIDs == ["42"],
      """
      The screen should ask the profile service registered in the container for user 42; \
      the registered fake was asked for \(profiles.requestedIDs). Does ProfileScreen still \
      build its own service instead of reading it through @Injected?
      """
    )
    #expect(
      state == .loaded(ada),
      "After load() the screen should show the registered service's profile; it shows \(state)."
    )
    #expect(
      analytics.events == ["profile_shown"],
      analyticsMessage(expected: "profile_shown", received: analytics.events)
    )
  }

  @MainActor
  @Test("A screen resolves each of its services once, however often it loads")
  func resolvesEachServiceOnce() async {
    let ada = Profile(id: "42", displayName: "Ada Lovelace")
    let profiles = FactoryLog<StubProfileService>()
    let trackers = FactoryLog<SpyAnalytics>()
    let container = makeTestContainer()
    container.register((any ProfileService).self) {
      profiles.make { StubProfileService(answer: .success(ada)) }
    }
    container.register((any Analytics).self) { trackers.make { SpyAnalytics() } }

    await Container.withCurrent(container) {
      let screen = ProfileScreen(userID: "42")
      await screen.load()
      await screen.load()
      await screen.load()
    }

    #expect(
      profiles.count == 1 && trackers.count == 1,
      """
      One screen loaded three times; each of its services should have been resolved once, \
      for that screen, and kept: the profile service's factory ran \(profiles.count) time(s), \
      the analytics' \(trackers.count). The screen reads its services through @Injected \
      properties, which hold what they resolved; zero means the registered factories were \
      never asked.
      """
    )
  }

  @MainActor
  @Test(
    "The profile screen shows why the registered service failed, and reports the failure",
    arguments: [ProfileFailure.offline, .unknownUser])
  func reportsToTheRegisteredAnalytics(failure: ProfileFailure) async {
    let analytics = SpyAnalytics()
    let container = makeTestContainer()
    container.register((any ProfileService).self) { FailingProfileService(failure: failure) }
    container.register((any Analytics).self) { analytics }

    let state = await Container.withCurrent(container) {
      let screen = ProfileScreen(userID: "42")
      await screen.load()
      return screen.state
    }

    #expect(
      state == .failed(failure.text),
      """
      When the registered service fails, the screen should show that service's error, \
      "\(failure.text)"; it shows \(state). The text says why this load failed, so it \
      comes from the error the service threw, whichever it is.
      """
    )
    #expect(
      analytics.events == ["profile_failed"],
      analyticsMessage(expected: "profile_failed", received: analytics.events)
    )
  }

  @MainActor
  @Test("Two screens created in two tests' scopes keep their own services when they load later")
  func screensKeepTheServicesOfTheScopeTheyWereCreatedIn() async {
    let ada = Profile(id: "42", displayName: "Ada Lovelace")
    let grace = Profile(id: "7", displayName: "Grace Hopper")
    let (adaProfiles, adaAnalytics, adaContainer) = profileContainer(answering: ada)
    let (graceProfiles, graceAnalytics, graceContainer) = profileContainer(answering: grace)

    // NB: each screen is created inside its test's scope and loaded after that scope closed.
    let first = await Container.withCurrent(adaContainer) { ProfileScreen(userID: "42") }
    let second = await Container.withCurrent(graceContainer) { ProfileScreen(userID: "7") }
    await second.load()
    await first.load()

    #expect(
      first.state == .loaded(ada) && second.state == .loaded(grace),
      """
      Each screen was created inside its own test's scope and loaded after the scope closed; \
      each should show the profile of the service registered where it was created (Ada, \
      Grace). They show \(first.state) and \(second.state). A screen gets its services \
      through its @Injected properties, tied to the container current when it was created, \
      not by looking the container up again when load() runs.
      """
    )
    #expect(
      adaProfiles.requestedIDs == ["42"] && graceProfiles.requestedIDs == ["7"]
        && adaAnalytics.events == ["profile_shown"] && graceAnalytics.events == ["profile_shown"],
      """
      Each screen should ask only the fakes registered where it was created: the profile \
      services were asked \(adaProfiles.requestedIDs) and \(graceProfiles.requestedIDs), the \
      analytics received \(adaAnalytics.events) and \(graceAnalytics.events).
      """
    )
  }

  @MainActor
  @Test("Loading the screen again fetches the profile again and reports it again")
  func everyLoadFetchesAndReports() async {
    let ada = Profile(id: "42", displayName: "Ada Lovelace")
    let (profiles, analytics, container) = profileContainer(answering: ada)

    let state = await Container.withCurrent(container) {
      let screen = ProfileScreen(userID: "42")
      await screen.load()
      await screen.load()
      return screen.state
    }

    #expect(
      state == .loaded(ada) && profiles.requestedIDs == ["42", "42"]
        && analytics.events == ["profile_shown", "profile_shown"],
      """
      One screen loaded twice (a user pulling to refresh): each load should fetch the \
      profile and report what it showed, so the service should be asked ["42", "42"] and the \
      analytics receive ["profile_shown", "profile_shown"]; the service was asked \
      \(profiles.requestedIDs), the analytics received \(analytics.events), and the screen \
      shows \(state). The wrapper keeps the services, not the profile: a load fetches anew.
      """
    )
  }

  @Test(
    "A screen whose container lacks one of its services stops, rather than using a live one",
    arguments: [ScreenService.analytics, .profiles])
  func missingServiceStopsTheScreen(missing: ScreenService) async {
    let comment: Comment = """
      A screen was created under a container with no \(missing), and loaded. The load \
      finished, so the screen used \(missing.article) nobody registered: one it made itself, \
      a live one. The screen takes both services from the container, and a missing \
      registration stops the app with the container's message, the service locator's \
      runtime crash; a live fallback would let a test that forgot a fake talk to the real \
      service.
      """
    // NB: an exit test's body captures nothing, so each case has its own.
    let result =
      switch missing {
      case .analytics:
        await #expect(
          processExitsWith: .failure, comment
        ) {
          ChildsStandardError.capture(as: "screen-analytics")
          await loadAScreen(lacking: .analytics)
        }
      case .profiles:
        await #expect(
          processExitsWith: .failure, comment
        ) {
          ChildsStandardError.capture(as: "screen-profiles")
          await loadAScreen(lacking: .profiles)
        }
      }
    let stderr = ChildsStandardError.read("screen-\(missing.fileName)")
    // NB: a child that finished has failed the expectation above already.
    guard let result, !result.exitStatus.isSuccess else { return }
    #expect(
      stderr.contains("Nothing is registered for") && stderr.contains(missing.typeName),
      """
      The screen stopped, but its message does not say what is missing: the app should stop \
      with the container's own message, "Nothing is registered for … \(missing.typeName) …", \
      so that the crash log names the registration to add. It printed: \(stderr.suffix(300))
      """
    )
  }
}

/// Creates and loads a profile screen under a container that has every service it reads but
/// `missing`.
private func loadAScreen(lacking missing: ScreenService) async {
  let container = Container()
  switch missing {
  case .analytics:
    let profiles = StubProfileService(
      answer: .success(Profile(id: "42", displayName: "Ada Lovelace")))
    container.register((any ProfileService).self) { profiles }
  case .profiles:
    let analytics = SpyAnalytics()
    container.register((any Analytics).self) { analytics }
  }
  await Container.withCurrent(container) { @MainActor in
    let screen = ProfileScreen(userID: "42")
    await screen.load()
  }
}

/// The service a screen's container lacks in the stop test.
enum ScreenService: Sendable, CustomStringConvertible {
  case analytics
  case profiles

  var description: String {
    switch self {
    case .analytics: "analytics"
    case .profiles: "profile service"
    }
  }

  var article: String {
    switch self {
    case .analytics: "an analytics"
    case .profiles: "a profile service"
    }
  }

  /// Where the child keeps what it wrote to standard error.
  var fileName: String {
    switch self {
    case .analytics: "analytics"
    case .profiles: "profiles"
    }
  }

  /// What the container's message names.
  var typeName: String {
    switch self {
    case .analytics: "Analytics"
    case .profiles: "ProfileService"
    }
  }
}

/// An error a profile service throws in the failure test, and the text it describes itself with.
enum ProfileFailure: Sendable, CustomStringConvertible {
  case offline
  case unknownUser

  var error: any Error {
    switch self {
    case .offline: ProfileServiceError.offline
    case .unknownUser: UnknownUser(id: "42")
    }
  }

  var text: String { String(describing: error) }

  var description: String { text }
}

/// The test's own error: no user with this identifier.
private struct UnknownUser: Error, CustomStringConvertible {
  let id: String

  var description: String { "No user has the identifier \(id)." }
}

/// A profile service that always throws the same error.
private struct FailingProfileService: ProfileService {
  let failure: ProfileFailure

  func profile(id: String) async throws -> Profile {
    throw failure.error
  }
}

/// A test container whose profile service answers `profile`, and the fakes it holds.
private func profileContainer(
  answering profile: Profile
) -> (StubProfileService, SpyAnalytics, Container) {
  let profiles = StubProfileService(answer: .success(profile))
  let analytics = SpyAnalytics()
  let container = makeTestContainer()
  container.register((any ProfileService).self) { profiles }
  container.register((any Analytics).self) { analytics }
  return (profiles, analytics, container)
}

/// What the learner reads when the registered analytics did not receive exactly `expected`.
private func analyticsMessage(expected: String, received: [String]) -> Comment {
  if received.isEmpty {
    return """
      The screen should report "\(expected)" to the analytics registered in the container; \
      the registered spy received nothing. Does ProfileScreen still build its own analytics \
      instead of reading it through @Injected, or does load() no longer report "\(expected)"?
      """
  }
  return """
    The screen should report exactly ["\(expected)"] to the registered analytics, once; the \
    registered spy received \(received). Keep load() reporting "profile_shown" after a \
    profile arrives and "profile_failed" after an error, once each.
    """
}
