// The package's platform layer: every C function, type and constant the Swift modules take from
// the system, in one module. The host build (with the toolchain's Glibc) and the Embedded Swift
// build for the phones (which has no Glibc overlay: tools/cross) import the same module, so
// what differs between them lives here and nowhere else; so does the WebAssembly build of
// `touchtrace view`'s engine (tools/wasm), with wasi-libc.
//
// Swift imports neither C's variadic functions (open, fcntl) nor errno (a macro over a function)
// nor the macros that are casts (SIG_IGN): each has a small function below. Everything else is
// the system's own declaration, as <…> gives it.
#ifndef TOUCHGESTURES_PLATFORM_H
#define TOUCHGESTURES_PLATFORM_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>
#ifndef __wasi__
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#else
// WebAssembly (tools/wasm, for `touchtrace view`'s page): wasi-libc has no processes, signals,
// threads or terminals, and spells its errno values and open flags as casts and shifts, which
// Swift does not import. Those the modules built there name are given again as plain numbers,
// each held to wasi-libc's own value by the compiler.
#define PLATFORM_WASI_NUMBER(name, value) _Static_assert(name == value, #name); /* then redefined */
PLATFORM_WASI_NUMBER(EEXIST, 20)
PLATFORM_WASI_NUMBER(EINTR, 27)
PLATFORM_WASI_NUMBER(EIO, 29)
PLATFORM_WASI_NUMBER(ENOSPC, 51)
PLATFORM_WASI_NUMBER(EOVERFLOW, 61)
PLATFORM_WASI_NUMBER(O_CREAT, 4096)
PLATFORM_WASI_NUMBER(O_TRUNC, 32768)
PLATFORM_WASI_NUMBER(O_NONBLOCK, 4)
#undef EEXIST
#define EEXIST 20
#undef EINTR
#define EINTR 27
#undef EIO
#define EIO 29
#undef ENOSPC
#define ENOSPC 51
#undef EOVERFLOW
#define EOVERFLOW 61
#undef O_CREAT
#define O_CREAT 4096
#undef O_TRUNC
#define O_TRUNC 32768
#undef O_NONBLOCK
#define O_NONBLOCK 4
// The page reads a trace and writes nothing: the calls that only writing files makes fail,
// as a system without them would (ENOTSUP).
static inline int dup(int fd) { (void)fd; errno = ENOTSUP; return -1; }
static inline int mkstemp(char *pattern) { (void)pattern; errno = ENOTSUP; return -1; }
static inline int fchmod(int fd, mode_t mode) { (void)fd; (void)mode; errno = ENOTSUP; return -1; }
static inline char *realpath(const char *path, char *resolved) { (void)path; (void)resolved; errno = ENOTSUP; return NULL; }
#endif

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
#ifndef __wasi__
static inline int platform_window_size(int fd, struct winsize *size) { return ioctl(fd, TIOCGWINSZ, size); }
#endif

/// `value` rounded to `places` decimals as printf rounds it (the decimal nearest its exact binary
/// value, ties to even), read back: what Foundation's String(format: "%.*f") and Double(_:) gave
/// TraceBuilder, without Foundation. `value` itself when it does not fit 64 characters.
static inline double platform_round_decimal(double value, int places) {
	char text[64];
	int n = snprintf(text, sizeof text, "%.*f", places, value);
	return n > 0 && n < (int)sizeof text ? strtod(text, NULL) : value;
}

/// The wall clock's seconds since 1970 (CLOCK_REALTIME, which wasi-libc spells as the address
/// of a struct, and Swift does not import).
static inline long long platform_wall_seconds(void) {
	struct timespec now = {0};
	clock_gettime(CLOCK_REALTIME, &now);
	return (long long)now.tv_sec;
}

/// This process's environment, as execve(2) takes it.
static inline char *const *platform_environment(void) { extern char **environ; return environ; }

#endif
