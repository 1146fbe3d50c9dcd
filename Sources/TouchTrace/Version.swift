/// The version of the package's tools, printed by `touchtrace --version`, `touch-demo
/// --version` and `touch-gestured --version`: the one place it is written. Semantic
/// versioning; below 1.0 the library API may still change between minor versions. In
/// TouchTrace (which all three programs link, and which needs no Foundation) so that the
/// daemon does not link the tools for it.
package let touchGesturesVersion = "0.1.0"
