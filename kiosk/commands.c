/*
 * What the bindings run: commands (started and forgotten, as touch-gestured starts them: their
 * own session, standard input from /dev/null), the one streaming binding's command (its
 * standard input a pipe the kiosk writes its lines to), and saved traces.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "kiosk.h"

void kiosk_log(const char *fmt, ...)
{
	va_list args;
	va_start(args, fmt);
	fputs("touch-kiosk: ", stderr);
	vfprintf(stderr, fmt, args);
	fputc('\n', stderr);
	va_end(args);
}

uint32_t kiosk_now_msec(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint32_t)((uint64_t)now.tv_sec * 1000 + (uint64_t)now.tv_nsec / 1000000);
}

/* Starts argv with `stdin_fd` (-1: /dev/null) as its standard input; its pid, or -1. */
pid_t kiosk_spawn(const char *const *argv, int stdin_fd, bool new_session)
{
	pid_t pid = fork();
	if (pid != 0)
		return pid;
	/* The child: the kiosk's signal mask and handlers are not its. */
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGPIPE, SIG_DFL);
	if (new_session)
		setsid();
	int in = stdin_fd >= 0 ? stdin_fd : open("/dev/null", O_RDONLY);
	if (in >= 0 && in != 0) {
		dup2(in, 0);
		close(in);
	}
	execvp(argv[0], (char *const *)argv);
	fprintf(stderr, "touch-kiosk: cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

void kiosk_run(struct kiosk *k, const char *const *argv, const char *origin)
{
	if (argv == NULL || argv[0] == NULL)
		return;
	if (kiosk_spawn(argv, -1, true) < 0)
		kiosk_log("%s: cannot start %s: %s", origin, argv[0], strerror(errno));
	else
		k->commands++;
}

static void close_stream(struct kiosk *k)
{
	if (k->stream_fd >= 0)
		close(k->stream_fd);
	k->stream_fd = -1;
	k->stream_pid = 0;
}

/* A streaming binding's line: its command started at the first, each line written to it, the
 * pipe closed after the last. A command that stopped reading loses its lines, not the kiosk. */
void kiosk_stream(struct kiosk *k, const struct tg_action *a)
{
	enum tg_stream_event event = tg_action_get_stream_event(a);
	if (event == TG_STREAM_BEGIN) {
		close_stream(k);
		int fds[2];
		if (pipe2(fds, O_CLOEXEC) != 0) {
			kiosk_log("%s: no pipe for its stream: %s", tg_action_get_origin(a), strerror(errno));
			return;
		}
		/* The child's end is dup2'd onto its standard input, which clears its close-on-exec. */
		pid_t pid = kiosk_spawn(tg_action_get_argv(a), fds[0], true);
		close(fds[0]);
		if (pid < 0) {
			close(fds[1]);
			return;
		}
		fcntl(fds[1], F_SETFL, O_NONBLOCK);
		k->stream_fd = fds[1];
		k->stream_pid = pid;
		kiosk_log("%.3f s: %s began → %s (streamed)", tg_action_get_time(a), tg_action_get_reason(a), tg_action_get_command(a));
	}
	if (k->stream_fd < 0)
		return;
	char line[256];
	int n = snprintf(line, sizeof line, "%s\n", tg_action_get_line(a));
	if (n > 0 && write(k->stream_fd, line, (size_t)n) != n && k->verbose)
		kiosk_log("%s: its command did not take the line %s", tg_action_get_origin(a), tg_action_get_line(a));
	if (event == TG_STREAM_COMMIT || event == TG_STREAM_CANCEL)
		close_stream(k);
}

/* `$XDG_STATE_HOME/touch-kiosk` or `~/.local/state/touch-kiosk`, made 0700; NULL without either. */
static char *state_folder(void)
{
	const char *xdg = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	char path[4096];
	if (xdg != NULL && xdg[0] == '/')
		snprintf(path, sizeof path, "%s/touch-kiosk", xdg);
	else if (home != NULL && home[0] == '/')
		snprintf(path, sizeof path, "%s/.local/state/touch-kiosk", home);
	else
		return NULL;
	/* Each folder on the way, as mkdir -p; the last one private. */
	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	if (mkdir(path, 0700) != 0 && errno != EEXIST)
		return NULL;
	return strdup(path);
}

/* The bindings' recent touches, written as a new trace (never over a file). */
void kiosk_save_trace(struct kiosk *k)
{
	size_t length = 0;
	const char *trace = tg_bindings_recent_trace(k->bindings, &length);
	if (trace == NULL) {
		kiosk_log("save-trace: %s", tg_last_error());
		return;
	}
	if (k->state_folder == NULL && (k->state_folder = state_folder()) == NULL) {
		kiosk_log("save-trace: neither XDG_STATE_HOME nor HOME names a folder to save in");
		return;
	}
	char path[4200];
	time_t now = time(NULL);
	struct tm utc;
	gmtime_r(&now, &utc);
	int fd = -1;
	for (int n = 1; fd < 0 && n < 100; n++) {
		char stamp[32];
		strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &utc);
		snprintf(path, sizeof path, n == 1 ? "%s/%s.json" : "%s/%s-%d.json", k->state_folder, stamp, n);
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0 || write(fd, trace, length) != (ssize_t)length) {
		kiosk_log("save-trace: cannot write %s: %s", path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(path);
		}
		return;
	}
	close(fd);
	kiosk_log("save-trace: %s (replay: touch-gestured --replay %s --dry-run)", path, path);
}

/* Every child that ended: the app's end is the kiosk's. */
void kiosk_reap(struct kiosk *k)
{
	int status;
	pid_t pid;
	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		if (pid == k->app) {
			k->app_exited = true;
			k->app_status = status;
			wl_display_terminate(k->display);
		} else if (pid == k->stream_pid) {
			close_stream(k);
		} else if (k->commands > 0) {
			k->commands--;
		}
	}
}
