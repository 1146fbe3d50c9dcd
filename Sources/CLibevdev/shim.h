// The C headers TouchInput needs: libevdev, and the kernel's input codes and open/poll flags.
#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <fcntl.h>
#include <poll.h>
#include <errno.h>
#include <stdint.h>
#include <sys/ioctl.h>

// EVIOCGMTSLOTS and EVIOCGABS are function-like macros, and ioctl is variadic: Swift can call
// neither, so these two wrap them.
/// The kernel's value of the axis `request[0]` for the first `count` slots, into request[1...].
static inline int touch_get_mt_slots(int fd, int32_t *request, unsigned count) {
    return ioctl(fd, EVIOCGMTSLOTS((count + 1) * sizeof(int32_t)), request);
}
/// The kernel's state of the absolute axis `code`.
static inline int touch_get_abs(int fd, unsigned code, struct input_absinfo *info) {
    return ioctl(fd, EVIOCGABS(code), info);
}
