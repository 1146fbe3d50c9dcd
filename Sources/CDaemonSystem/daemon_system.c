// Starting a command with as few system calls as it takes (see daemon_spawn in
// include/daemon_system.h).
#define _GNU_SOURCE
#include "daemon_system.h"
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <sys/ioctl.h>
#include <sys/resource.h>

int daemon_pipe_unread(int fd) {
    int n = 0;
    return ioctl(fd, FIONREAD, &n) == 0 ? n : -1;
}

void daemon_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

static volatile sig_atomic_t stop_signal = 0;
static volatile sig_atomic_t stop_fd = -1;

static void stop_reading(int sig) {
    // Only async-signal-safe calls: the read under way returns (EINTR), and the next read of the
    // descriptor finds /dev/null's end of file.
    int saved = errno;
    int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd >= 0 && null_fd != stop_fd) { dup2(null_fd, stop_fd); close(null_fd); }
    stop_signal = sig;
    errno = saved;
}

void daemon_stop_reading_on_signals(int fd) {
    stop_fd = fd;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = stop_reading;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;   // no SA_RESTART: a read that waits returns
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    // A process may start with them blocked (its parent's mask is inherited: a test runner's
    // threads block them), and then no handler ran and the replay went on reading.
    sigset_t these;
    sigemptyset(&these);
    sigaddset(&these, SIGHUP);
    sigaddset(&these, SIGTERM);
    sigaddset(&these, SIGINT);
    pthread_sigmask(SIG_UNBLOCK, &these, NULL);
}

int daemon_stop_signal(void) { return stop_signal; }

// The limit of open descriptors as the daemon was given it, when it raised its own: each command
// gets it back (as systemd does for what it starts), so the raise stays the daemon's.
static int limit_raised = 0;
static struct rlimit limit_given;

long daemon_raise_descriptor_limit(long needed) {
    struct rlimit r;
    if (getrlimit(RLIMIT_NOFILE, &r) != 0) return -1;
    if (r.rlim_cur != RLIM_INFINITY && r.rlim_cur < (rlim_t)needed) {
        rlim_t want = (r.rlim_max == RLIM_INFINITY || r.rlim_max >= (rlim_t)needed) ? (rlim_t)needed : r.rlim_max;
        struct rlimit raised = { want, r.rlim_max };
        if (want > r.rlim_cur && setrlimit(RLIMIT_NOFILE, &raised) == 0) {
            if (!limit_raised) { limit_given = r; limit_raised = 1; }
            r.rlim_cur = want;
        }
    }
    return r.rlim_cur == RLIM_INFINITY ? needed : (long)r.rlim_cur;
}

int daemon_open_standard_descriptors(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        // open() takes the lowest free number: this one, as the ones below it are open.
        int null_fd = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (null_fd != fd) {
            if (null_fd >= 0) close(null_fd);
            return -1;
        }
    }
    return 0;
}

/// `fd` as the child's descriptor `target`: dup2, or, when it is `target` already (a pipe
/// made while the daemon's own standard descriptor was closed), close-on-exec cleared, which
/// dup2(fd, fd) leaves set: the command got a closed standard input.
static void child_descriptor(int fd, int target) {
    if (fd == target) {
        fcntl(fd, F_SETFD, 0);
    } else {
        dup2(fd, target);
    }
}

void daemon_signals_to_reset(sigset_t *out) {
    sigemptyset(out);
    for (int sig = 1; sig < NSIG; sig++) {
        if (sig == SIGKILL || sig == SIGSTOP) continue;
        struct sigaction sa;
        if (sigaction(sig, NULL, &sa) != 0) continue;   // a number the C library keeps for itself
        if (sa.sa_handler != SIG_DFL) sigaddset(out, sig);
    }
}

pid_t daemon_spawn(char *const argv[], int input_fd, int error_fd, int output_fd, const sigset_t *to_default, int *spawn_errno) {
    sigset_t all, old, none;
    sigfillset(&all);
    sigemptyset(&none);
    // No handler may run in the child while it shares the daemon's memory: every signal stays
    // blocked until it has put the dispositions back and is about to exec.
    pthread_sigmask(SIG_SETMASK, &all, &old);
    volatile int failure = 0;
    pid_t pid = vfork();
    if (pid == 0) {
        if (input_fd >= 0) {
            child_descriptor(input_fd, 0);
        } else {
            int null_in = open("/dev/null", O_RDONLY);
            if (null_in > 0) { dup2(null_in, 0); close(null_in); }
        }
        if (error_fd >= 0) child_descriptor(error_fd, 2);
        if (output_fd >= 0) {
            child_descriptor(output_fd, 1);
        } else if (output_fd == -2) {
            int null_out = open("/dev/null", O_WRONLY);
            if (null_out > 1) { dup2(null_out, 1); close(null_out); }
        }
        if (limit_raised) setrlimit(RLIMIT_NOFILE, &limit_given);
        for (int sig = 1; sig < NSIG; sig++) {
            if (sigismember(to_default, sig) == 1) signal(sig, SIG_DFL);
        }
        sigprocmask(SIG_SETMASK, &none, NULL);
        execvp(argv[0], argv);
        failure = errno;
        _exit(127);
    }
    int saved = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (pid < 0) { *spawn_errno = saved; return -1; }
    if (failure != 0) {
        // The child could not exec: it has exited; reap it here, where its failure is known.
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
        *spawn_errno = failure;
        return -1;
    }
    *spawn_errno = 0;
    return pid;
}
