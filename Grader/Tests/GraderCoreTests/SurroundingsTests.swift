import Foundation
import Testing

@testable import GraderCore

/// The parts that depend on the process's facts decide from the facts they are given.
@Suite struct SurroundingsTests {
  @Test("Colour only on a terminal, and never with NO_COLOR or TERM=dumb")
  func colour() {
    #expect(Style.detect(Surroundings(outputIsTerminal: true)).colour)
    #expect(!Style.detect(Surroundings(outputIsTerminal: false)).colour, "a pipe")
    #expect(!Style.detect(Surroundings(variables: ["NO_COLOR": ""], outputIsTerminal: true)).colour)
    #expect(!Style.detect(Surroundings(variables: ["TERM": "dumb"], outputIsTerminal: true)).colour)
  }

  @Test("The progress line only on a terminal that can rewrite a line")
  func progressLine() {
    #expect(ProgressLine(Surroundings(errorIsTerminal: true)).enabled)
    #expect(!ProgressLine(Surroundings(outputIsTerminal: true)).enabled, "standard error is a pipe")
    #expect(!ProgressLine(Surroundings(variables: ["TERM": "dumb"], errorIsTerminal: true)).enabled)
  }

  @Test("SwiftPM's temporary folder is TMPDIR, then TEMP, then TMP, as SwiftPM reads them")
  func temporaryFolder() {
    let all = ["TMPDIR": "/a", "TEMP": "/b", "TMP": "/c"]
    #expect(Surroundings(variables: all).temporaryFolder.path == "/a")
    #expect(Surroundings(variables: ["TEMP": "/b", "TMP": "/c"]).temporaryFolder.path == "/b")
    #expect(Surroundings(variables: ["TMP": "/c"]).temporaryFolder.path == "/c")
  }

  @Test("The kata's folder is KATA_ROOT, which grade.sh sets")
  func kataRoot() {
    #expect(Surroundings(variables: ["KATA_ROOT": "/kata"]).kataRoot.path == "/kata")
  }
}
