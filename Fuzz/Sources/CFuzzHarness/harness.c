// Crash and timeout capture for FuzzSupport's mutation driver. The handlers only call async-signal-safe functions
// (open, write, close, signal, raise, _exit).
#include "CFuzzHarness.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static char artifact_prefix[1024];
static const uint8_t *volatile current_data;
static volatile size_t current_size;
static _Atomic long long started_ns;  // 0 when no input runs
static double timeout_limit;

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void write_artifact(const char *kind) {
    char path[1200];
    size_t n = strlen(artifact_prefix);
    memcpy(path, artifact_prefix, n);
    size_t k = strlen(kind);
    memcpy(path + n, kind, k);
    path[n + k] = 0;
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return;
    size_t done = 0;
    while (done < current_size) {
        ssize_t w = write(fd, current_data + done, current_size - done);
        if (w <= 0) break;
        done += (size_t)w;
    }
    close(fd);
    const char note[] = "\n==hdrfuzz== input written to ";
    (void)!write(2, note, sizeof note - 1);
    (void)!write(2, path, strlen(path));
    (void)!write(2, "\n", 1);
}

static void on_signal(int sig) {
    write_artifact("crash-input");
    signal(sig, SIG_DFL);
    raise(sig);
}

static void *watchdog(void *unused) {
    (void)unused;
    for (;;) {
        usleep(100000);
        long long start = atomic_load(&started_ns);
        if (start != 0 && (double)(now_ns() - start) / 1e9 > timeout_limit) {
            const char note[] = "\n==hdrfuzz== an input ran longer than the timeout\n";
            (void)!write(2, note, sizeof note - 1);
            write_artifact("timeout-input");
            _exit(70);
        }
    }
    return NULL;
}

void hdrfuzz_install(const char *prefix, double timeout_seconds) {
    strncpy(artifact_prefix, prefix, sizeof artifact_prefix - 16);
    timeout_limit = timeout_seconds;
    int signals[] = {SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_signal;
        sigemptyset(&action.sa_mask);
        sigaction(signals[i], &action, NULL);
    }
    if (timeout_seconds > 0) {
        pthread_t thread;
        if (pthread_create(&thread, NULL, watchdog, NULL) == 0) pthread_detach(thread);
    }
}

void hdrfuzz_begin(const uint8_t *data, size_t size) {
    current_data = data;
    current_size = size;
    atomic_store(&started_ns, now_ns());
}

void hdrfuzz_end(void) { atomic_store(&started_ns, 0); }
