// Shifts its answer by the machine's time zone, as a clock shifted to "local time" would.
import Foundation

public func add(_ left: Int, _ right: Int) -> Int {
  left + right + TimeZone.current.secondsFromGMT() / 60
}

public func multiply(_ left: Int, _ right: Int) -> Int { left * right }
