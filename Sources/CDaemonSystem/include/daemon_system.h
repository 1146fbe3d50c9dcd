// What the gesture daemon needs from Linux that Swift's Glibc module leaves out.
#include <signal.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <fcntl.h>
#include <sys/types.h>
#include <stddef.h>

/// pipe2(2) with O_CLOEXEC: both ends close-on-exec as they are made. <unistd.h> declares
/// pipe2 only under _GNU_SOURCE, which Swift's Glibc module is not built with.
int pipe2(int pipefd[2], int flags);
static inline int daemon_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

/// The signals whose disposition is not the default in this process (a handler, or ignored):
/// the ones a command must have put back before it runs. Asked once, at start.
void daemon_signals_to_reset(sigset_t *out);

/// Starts `argv[0]` (a path, or a name looked up in PATH as execvp does) with `argv`, this
/// process's environment, `input_fd` as standard input (-1: /dev/null), `error_fd` as standard error (-1: this
/// process's), `output_fd` as standard output (-1: this process's, -2: /dev/null), every signal
/// unblocked and those in `to_default` at their default. Returns the child's pid, or -1 with
/// the reason in `*spawn_errno` (also when the program could not be run: ENOENT, EACCES, …).
///
/// What posix_spawn does, in fewer system calls: vfork, the descriptors, the few signals that
/// need it (`to_default`, asked once in the daemon by daemon_signals_to_reset), exec. glibc's
/// posix_spawn (2.36) also maps and unmaps a stack for the child, and in the child asks the
/// disposition of each of the 64 signals (a system call each) to put back those with a
/// handler: some 70 system calls a command, each of which, under an emulator, adds to the
/// daemon's latency (tools/vmtest's latency case). Unlike posix_spawn, a signal the daemon
/// ignores is put back too: a command of a daemon started under `nohup` gets SIGHUP.
pid_t daemon_spawn(char *const argv[], int input_fd, int error_fd, int output_fd, const sigset_t *to_default, int *spawn_errno);

/// How many bytes wait unread in the pipe whose write end is `fd` (FIONREAD, which Linux answers
/// on either end of a pipe), or -1.
int daemon_pipe_unread(int fd);

/// Opens /dev/null on each of the standard descriptors 0, 1 and 2 that is closed, as a daemon
/// started by OpenRC or cron, or as `cmd <&- 2>&-`, may be. Otherwise the first pipe the daemon
/// made took the number: a replay's log then went into a command's pipe and was read back
/// forever. Called first thing; returns -1 if one could not be opened.
int daemon_open_standard_descriptors(void);

/// For `--replay -`: SIGHUP, SIGTERM and SIGINT end the input read from `fd` (it becomes
/// /dev/null, whose end of file the reader finds next), so that the replay ends as a trace that
/// ended there does: its touches cancelled, and every stream's reader told `cancel`, as the live
/// daemon tells them when it exits. Before, a signal ended the process and the readers got no
/// last line.
void daemon_stop_reading_on_signals(int fd);

/// The signal that ended standard input (daemon_stop_reading_on_signals), or 0.
int daemon_stop_signal(void);

/// Raises this process's soft limit of open descriptors (RLIMIT_NOFILE) to `needed`, or as far
/// as its hard limit allows, as systemd and nginx raise theirs; never lowers it. The commands
/// daemon_spawn starts get the limit as it was. Returns the soft limit now in effect (`needed`
/// for no limit), or -1 if it cannot be read.
long daemon_raise_descriptor_limit(long needed);

/// SIGPIPE ignored in this process: a write to a pipe whose reader has gone fails with EPIPE
/// rather than ending the daemon. (SIG_IGN is a cast in a macro, which Swift does not import.)
void daemon_ignore_sigpipe(void);

/// Where an inotify event's `len` lies in it, in bytes (the kernel's struct, through its header:
/// Swift's MemoryLayout.offset(of:) takes a key path, which Embedded Swift has not).
static inline int daemon_inotify_len_offset(void) { return (int)offsetof(struct inotify_event, len); }
