// Writes a Swift file into its own lesson folder each time add runs; both are right.
import Foundation

public func add(_ left: Int, _ right: Int) -> Int {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  let stamp = "// Written at \(Date().timeIntervalSince1970)\n"
  try? Data(stamp.utf8).write(to: folder.appending(path: "Generated.swift"))
  return left + right
}

public func multiply(_ left: Int, _ right: Int) -> Int { left * right }
