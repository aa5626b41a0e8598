/* The service thread's event loop: libev on epoll, handed to lws as a foreign loop.
 *
 * lws's own loop poll()s every socket on every turn, so a turn costs the kernel a walk of every
 * connection: at 200 connections that was 6% of the daemon's CPU, and it grows with every session
 * a node holds. epoll hands back only the sockets that are ready. One sketchd_server_service call
 * is one ev_run(EVRUN_ONCE): it blocks until something is ready (a socket, the tick's timerfd,
 * an lws timer, lws_cancel_service's pipe), serves it and returns, so the caller's turn-end
 * writes follow every turn as before. */
#include <ev.h>

#include "sketchd_internal.h"

struct ev_loop *sketchd_loop_create(void) {
    struct ev_loop *loop = ev_loop_new(EVBACKEND_EPOLL | EVFLAG_NOENV);
    return loop ? loop : ev_loop_new(EVFLAG_AUTO | EVFLAG_NOENV);
}

void sketchd_loop_turn(struct ev_loop *loop) { ev_run(loop, EVRUN_ONCE); }

void sketchd_loop_destroy(struct ev_loop *loop) { ev_loop_destroy(loop); }
