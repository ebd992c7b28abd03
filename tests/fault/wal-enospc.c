/* tests/fault/wal-enospc.c — a disk that fills up at the worst moment.
 *
 * Preloaded into meepled (LD_PRELOAD) by tests that need a commit itself
 * to fail, which --state-max-size cannot do: that fails the statement
 * that needs a new page, before the commit.  While the file named by
 * $MEEPLE_TEST_WAL_FULL exists, every write to a file whose name ends in
 * "-wal" (SQLite's write-ahead log, written at commit) fails with ENOSPC;
 * everything else passes through to the C library. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

static int
log_is_full(int fd)
{
  const char *flag = getenv("MEEPLE_TEST_WAL_FULL");
  if (!flag || access(flag, F_OK) != 0)
    return 0;
  char link[64], target[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, target, sizeof target - 1);
  if (n < 4)
    return 0;
  target[n] = '\0';
  return strcmp(target + n - 4, "-wal") == 0;
}

#define WRAP(name, params, args)                                            \
  ssize_t name params                                                       \
  {                                                                         \
    static ssize_t (*real) params;                                          \
    if (!real)                                                              \
      *(void **)&real = dlsym(RTLD_NEXT, #name);                            \
    if (log_is_full(fd)) {                                                  \
      errno = ENOSPC;                                                       \
      return -1;                                                            \
    }                                                                       \
    return real args;                                                       \
  }

WRAP(write, (int fd, const void *buf, size_t n), (fd, buf, n))
WRAP(pwrite, (int fd, const void *buf, size_t n, off_t at), (fd, buf, n, at))
WRAP(pwrite64, (int fd, const void *buf, size_t n, off_t at),
     (fd, buf, n, at))
