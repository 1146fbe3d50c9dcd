// What the gesture daemon needs from Linux that Swift's Glibc module leaves out.
#include <signal.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <fcntl.h>

/// pipe2(2) with O_CLOEXEC: both ends close-on-exec as they are made. <unistd.h> declares
/// pipe2 only under _GNU_SOURCE, which Swift's Glibc module is not built with.
int pipe2(int pipefd[2], int flags);
static inline int daemon_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }
