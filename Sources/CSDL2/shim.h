// SDL2 and SDL2_ttf, for touch-demo's graphical view (Debian: libsdl2-dev, libsdl2-ttf-dev).
#include <SDL.h>
#include <SDL_ttf.h>
