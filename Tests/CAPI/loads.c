/* The C library loaded and unloaded as a host's plugins do (dlopen, dlclose), and threads that
 * outlive it: a sweep of what crashed (a thread's exit after dlclose ran a pthread key's
 * destructor in unmapped code) and of what ran out (each load took a pthread key no unload gave
 * back: at 1,024 the next refusal freed another component's value). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void *(*engine_new_fn)(double, double, double, double, int, const char *);
typedef const char *(*last_error_fn)(void);

static const char *path;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int refused, unloaded;

/* Loads the library, makes one call refuse, reads its message. */
static void *load_and_refuse(char *said, size_t size)
{
	void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (lib == NULL) {
		fprintf(stderr, "loads: %s\n", dlerror());
		exit(1);
	}
	engine_new_fn engine_new = (engine_new_fn)dlsym(lib, "tg_engine_new");
	last_error_fn last_error = (last_error_fn)dlsym(lib, "tg_last_error");
	if (engine_new(NAN, 480, 5, 5, 0, NULL) != NULL) {
		fprintf(stderr, "loads: a NaN width made an engine\n");
		exit(1);
	}
	snprintf(said, size, "%s", last_error());
	return lib;
}

/* A thread that gets a refusal, waits while the main thread unloads the library, then ends. */
static void *outliving(void *lib_out)
{
	char said[256];
	*(void **)lib_out = load_and_refuse(said, sizeof said);
	pthread_mutex_lock(&lock);
	refused = 1;
	pthread_cond_signal(&cond);
	while (!unloaded)
		pthread_cond_wait(&cond, &lock);
	pthread_mutex_unlock(&lock);
	return NULL; /* the thread's end: nothing of the library may run now */
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: loads LIBRARY.so\n");
		return 2;
	}
	path = argv[1];
	/* 1,100 loads, each with a refusal, each unloaded: more than PTHREAD_KEYS_MAX (1,024). */
	for (int i = 0; i < 1100; i++) {
		char said[256];
		void *lib = load_and_refuse(said, sizeof said);
		if (strstr(said, "width") == NULL) {
			fprintf(stderr, "loads: load %d: the message was '%s'\n", i, said);
			return 1;
		}
		dlclose(lib);
	}
	pthread_key_t key;
	if (pthread_key_create(&key, NULL) != 0) {
		fprintf(stderr, "loads: the loads used up the process's pthread keys\n");
		return 1;
	}
	/* Eight threads, each with a message, outliving the unload. */
	for (int k = 0; k < 8; k++) {
		pthread_t thread;
		void *lib = NULL;
		refused = unloaded = 0;
		pthread_create(&thread, NULL, outliving, &lib);
		pthread_mutex_lock(&lock);
		while (!refused)
			pthread_cond_wait(&cond, &lock);
		dlclose(lib);
		unloaded = 1;
		pthread_cond_broadcast(&cond);
		pthread_mutex_unlock(&lock);
		pthread_join(thread, NULL);
	}
	printf("loads: 1,100 loads and unloads with a refusal each, 8 threads ending after an unload: no crash, keys left\n");
	return 0;
}
