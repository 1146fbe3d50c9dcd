/// The version of the package's tools, printed by `touchtrace --version`, `touch-demo
/// --version` and `touch-gestured --version`, and the file `VERSION`, the one place the scripts
/// read it from (tools/clib, tools/install, tools/deb, tools/cross, …); `VersionTests` holds the
/// two to each other. Semantic
/// versioning; below 1.0 the library API may still change between minor versions. In
/// TouchTrace (which all three programs link, and which needs no Foundation) so that the
/// daemon does not link the tools for it.
package let touchGesturesVersion = "0.2.0"
