#ifndef CFUZZHARNESS_H
#define CFUZZHARNESS_H

#include <stddef.h>
#include <stdint.h>

/// Installs handlers for SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS and SIGFPE that write the input being run to
/// `<prefix>crash-<n>` and re-raise, and a watchdog thread that writes it to `<prefix>timeout-<n>` and exits with
/// status 70 when one input runs longer than `timeout_seconds`. `prefix` is copied.
void hdrfuzz_install(const char *prefix, double timeout_seconds);

/// Records the input about to run (the bytes must stay valid until `hdrfuzz_end`) and starts its clock.
void hdrfuzz_begin(const uint8_t *data, size_t size);

/// Marks the end of the input's run.
void hdrfuzz_end(void);

#endif
