#include "bench_epoll.h"

#include <stdlib.h>
#include <sys/epoll.h>

int bench_readiness_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int bench_readiness_add(int readiness, int fd, uint32_t slot) {
    struct epoll_event interest = { .events = EPOLLIN, .data.u32 = slot };
    return epoll_ctl(readiness, EPOLL_CTL_ADD, fd, &interest);
}

int bench_readiness_remove(int readiness, int fd) {
    return epoll_ctl(readiness, EPOLL_CTL_DEL, fd, NULL);
}

int bench_readiness_wait(int readiness, uint32_t *slots, int capacity, int timeout_ms) {
    struct epoll_event ready[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(readiness, ready, capacity, timeout_ms);
    for (int i = 0; i < count; i++) slots[i] = ready[i].data.u32;
    return count;
}
