#ifndef BENCH_EPOLL_H
#define BENCH_EPOLL_H

#include <stdint.h>

/// A readiness set over sockets, each known by a slot number (epoll; Swift's Glibc module does
/// not export it). Returns the descriptor, or -1 with errno set.
int bench_readiness_create(void);

/// Watches `fd` for reading, reported as `slot`. 0, or -1 with errno set.
int bench_readiness_add(int readiness, int fd, uint32_t slot);

/// Stops watching `fd`. 0, or -1 with errno set.
int bench_readiness_remove(int readiness, int fd);

/// Waits up to `timeout_ms` for readable sockets and writes their slots (at most `capacity`).
/// Returns how many, 0 on timeout, -1 with errno set (EINTR included).
int bench_readiness_wait(int readiness, uint32_t *slots, int capacity, int timeout_ms);

#endif
