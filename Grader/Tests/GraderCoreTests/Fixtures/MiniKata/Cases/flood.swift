// Prints without end of sense, then gets multiply wrong; add is right.
public func add(_ left: Int, _ right: Int) -> Int { left + right }

public func multiply(_ left: Int, _ right: Int) -> Int {
  for line in 0..<200_000 { print("noise \(line)") }
  return 0
}
