// The package's platform layer: every C function, type and constant the Swift modules take from
// the system, in one module. The host build (with the toolchain's Glibc) and the Embedded Swift
// build for the phones (which has no Glibc overlay: tools/cross) import the same module, so
// what differs between them lives here and nowhere else.
//
// Swift imports neither C's variadic functions (open, fcntl) nor errno (a macro over a function)
// nor the macros that are casts (SIG_IGN): each has a small function below. Everything else is
// the system's own declaration, as <…> gives it.
#ifndef TOUCHGESTURES_PLATFORM_H
#define TOUCHGESTURES_PLATFORM_H

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/// The calling thread's errno.
static inline int platform_errno(void) { return errno; }
/// Sets the calling thread's errno (to 0 before a call whose failure only errno tells).
static inline void platform_set_errno(int value) { errno = value; }
/// open(2) with its mode (used only with O_CREAT).
static inline int platform_open(const char *path, int flags, unsigned int mode) { return open(path, flags, (mode_t)mode); }
/// fcntl(2) with an integer argument (F_SETFL, F_SETFD, F_GETFL with 0).
static inline int platform_fcntl(int fd, int command, int argument) { return fcntl(fd, command, argument); }
/// Whether a stat(2) mode is a regular file, a folder, a symbolic link (the S_IS… macros).
static inline int platform_is_regular(mode_t mode) { return S_ISREG(mode); }
static inline int platform_is_folder(mode_t mode) { return S_ISDIR(mode); }
static inline int platform_is_link(mode_t mode) { return S_ISLNK(mode); }
/// mmap(2), with NULL rather than MAP_FAILED when it fails.
static inline void *platform_map(size_t length, int protection, int flags, int fd, off_t offset) {
	void *p = mmap(NULL, length, protection, flags, fd, offset);
	return p == MAP_FAILED ? NULL : p;
}
/// The program's command-line arguments as main(2) got them: the count, and argument `index`
/// (0 is the program's name; NULL past the end). Embedded Swift has no `CommandLine`; glibc
/// hands main's arguments to the initializers of a program (platform.c keeps them), as Swift's
/// own runtime takes them on Linux; musl does not, and its daemon keeps them from main.
int platform_argument_count(void);
const char *platform_argument(int index);
/// Keeps main's arguments for the two above: called at start (platform.c, with glibc; musl's
/// static daemon calls it from its main's wrapper, embedded/musl.c).
void platform_keep_arguments(int count, char **values);
/// The calling thread's last error message of the C library (tg_last_error()): kept in
/// thread-local memory of fixed size (a longer message is cut at a character boundary, with
/// "…"), so that nothing runs when a thread ends and nothing is left to a pthread key. A key
/// and its destructor (what it was) crashed a thread that outlived a dlclose() of the library
/// (the destructor ran in unmapped code), and 1,024 loads used up the process's keys.
void platform_set_last_error(int status, const char *message);
const char *platform_last_error(void);
/// The calling thread's last failure's status (tg_last_status()): 0 before any.
int platform_last_status(void);

/// The size of the terminal on `fd` (ioctl TIOCGWINSZ, which Swift cannot call: ioctl is
/// variadic): 0, or -1 with errno.
static inline int platform_window_size(int fd, struct winsize *size) { return ioctl(fd, TIOCGWINSZ, size); }

/// `value` rounded to `places` decimals as printf rounds it (the decimal nearest its exact binary
/// value, ties to even), read back: what Foundation's String(format: "%.*f") and Double(_:) gave
/// TraceBuilder, without Foundation. `value` itself when it does not fit 64 characters.
static inline double platform_round_decimal(double value, int places) {
	char text[64];
	int n = snprintf(text, sizeof text, "%.*f", places, value);
	return n > 0 && n < (int)sizeof text ? strtod(text, NULL) : value;
}

/// This process's environment, as execve(2) takes it.
static inline char *const *platform_environment(void) { extern char **environ; return environ; }

#endif
