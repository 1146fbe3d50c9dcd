// The C headers TouchInput needs: libevdev, and the kernel's input codes and open/poll flags.
#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <fcntl.h>
#include <poll.h>
#include <errno.h>
