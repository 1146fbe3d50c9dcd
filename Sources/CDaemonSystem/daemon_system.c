// Starting a command with as few system calls as it takes (see daemon_spawn in
// include/daemon_system.h).
#define _GNU_SOURCE
#include "daemon_system.h"
#include <errno.h>
#include <unistd.h>
#include <sys/wait.h>
#include <sys/ioctl.h>

int daemon_pipe_unread(int fd) {
    int n = 0;
    return ioctl(fd, FIONREAD, &n) == 0 ? n : -1;
}

void daemon_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

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
            dup2(input_fd, 0);
        } else {
            int null_in = open("/dev/null", O_RDONLY);
            if (null_in > 0) { dup2(null_in, 0); close(null_in); }
        }
        if (error_fd >= 0) dup2(error_fd, 2);
        if (output_fd >= 0) {
            dup2(output_fd, 1);
        } else if (output_fd == -2) {
            int null_out = open("/dev/null", O_WRONLY);
            if (null_out > 1) { dup2(null_out, 1); close(null_out); }
        }
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
