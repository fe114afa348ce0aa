import Lesson01Arithmetic
import Testing

@Suite("Task 1 — Add") struct Task1Tests {
  @Test("Adds two numbers") func addsTwoNumbers() async throws {
    problemRecorder = { message, fileID, filePath, line, column in
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: fileID, filePath: filePath, line: line, column: column))
    }
    let sum = add(2, 3)
    // A suspension point, as the lessons' asynchronous harnesses have: it throws
    // `CancellationError` when the code under test cancelled the test's task.
    try await Task.sleep(for: .milliseconds(1))
    #expect(sum == 5, "add(2, 3) should be 5.")
  }

  @Test("Adding zero changes nothing") func addsZero() {
    #expect(add(7, 0) == 7, "add(7, 0) should be 7.")
  }
}

@Suite("Task 2 — Multiply") struct Task2Tests {
  @Test("Multiplies two numbers") func multipliesTwoNumbers() {
    // A note for the tests' readers: Swift Testing attaches it to the issue, the grader drops it.
    #expect(multiply(3, 4) == 12, "multiply(3, 4) should be 12.")
  }
}
