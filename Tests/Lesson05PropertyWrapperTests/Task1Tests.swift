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
  @Test("The profile screen reports a failure to the registered analytics")
  func reportsToTheRegisteredAnalytics() async {
    let analytics = SpyAnalytics()
    let container = makeTestContainer()
    container.register((any ProfileService).self) {
      StubProfileService(answer: .failure(.offline))
    }
    container.register((any Analytics).self) { analytics }

    let state = await Container.withCurrent(container) {
      let screen = ProfileScreen(userID: "42")
      await screen.load()
      return screen.state
    }

    #expect(
      state == .failed(ProfileServiceError.offline.description),
      "When the registered service fails, the screen should show its error; it shows \(state)."
    )
    #expect(
      analytics.events == ["profile_failed"],
      analyticsMessage(expected: "profile_failed", received: analytics.events)
    )
  }
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
