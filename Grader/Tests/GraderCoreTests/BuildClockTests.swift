import Foundation
import Testing

@testable import GraderCore

/// The record of the grader's last build, which decides whether a lesson's incremental
/// records are kept (see `Builder.forgetIncrementalRecords`).
@Suite struct BuildClockTests {
  /// A clock whose marks carry the given dates.
  private static func clock(started: Date, ended: Date) throws -> (BuildClock, URL) {
    let folder = FileManager.default.temporaryDirectory.appending(path: "clock-\(UUID())")
    let clock = BuildClock(folder: folder)
    clock.markStart()
    clock.markEnd()
    try FileManager.default.setAttributes(
      [.modificationDate: started], ofItemAtPath: folder.appending(path: "build-started").path)
    try FileManager.default.setAttributes(
      [.modificationDate: ended], ofItemAtPath: folder.appending(path: "build-ended").path)
    return (clock, folder)
  }

  @Test("With no record of a last build, every edit counts as made around it")
  func noRecord() {
    let clock = BuildClock(folder: URL(fileURLWithPath: "/nonexistent-\(UUID())"))
    #expect(clock.editedAroundLastBuild(Date()))
    #expect(clock.editedAroundLastBuild(nil))
  }

  @Test(
    "With fine dates, an edit a moment before the build started is outside it; during or just after, inside"
  )
  func fineDates() throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000.25)
    let (clock, folder) = try Self.clock(started: start, ended: start.addingTimeInterval(10))
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(!clock.editedAroundLastBuild(start.addingTimeInterval(-0.2)))
    #expect(!clock.editedAroundLastBuild(start.addingTimeInterval(-60)))
    #expect(clock.editedAroundLastBuild(start.addingTimeInterval(3)))
    #expect(clock.editedAroundLastBuild(start.addingTimeInterval(14)))
    #expect(!clock.editedAroundLastBuild(start.addingTimeInterval(16)))
  }

  @Test("With dates in whole seconds, an edit in the second before the start is inside")
  func wholeSeconds() throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let (clock, folder) = try Self.clock(started: start, ended: start.addingTimeInterval(10))
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(clock.editedAroundLastBuild(start.addingTimeInterval(-0.5)))
    #expect(!clock.editedAroundLastBuild(start.addingTimeInterval(-2)))
  }
}
