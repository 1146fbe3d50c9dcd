// Writes the golden corpus (see Corpus.swift): every family of traces, in order.
import Foundation

try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
swipesAndTaps()
gestures()
scrolling()
lists()
diagonals()
