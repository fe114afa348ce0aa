/// Where work the code leaves running reports a problem, as the kata's test doubles record
/// one when code under test reaches them: the tests set it to record an issue at the place
/// given (`#fileID`, `#filePath`, `#line`, `#column`), since a lesson may not import a testing
/// library itself.
nonisolated(unsafe) public var problemRecorder:
  @Sendable (_ message: String, _ fileID: String, _ filePath: String, _ line: Int, _ column: Int)
    -> Void = { _, _, _, _, _ in }
