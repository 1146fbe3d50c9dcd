// SDL2 and SDL2_ttf, for touch-demo's graphical view (Debian: libsdl2-dev, libsdl2-ttf-dev).
// Included by their folder under the system's include path rather than through pkg-config
// (`pkgConfig: "sdl2"` in Package.swift): sdl2.pc's Cflags carry -D_REENTRANT, which SwiftPM
// refuses with "warning: prohibited flag(s)" in every build of every package that depends on
// this one, and glibc needs no such macro (its functions are thread-safe as they are).
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
