/* What the C files of sketchd share: the server's state, each connection's, and the timer. */
#ifndef SKETCHD_INTERNAL_H
#define SKETCHD_INTERNAL_H

#include "sketchd_lws.h"

#include <libwebsockets.h>
#include <stdint.h>

/* Everything lws keeps pointers to lives here, allocated once per context. */
struct sketchd_server {
    struct sketchd_server_config config;
    char *host;
    char *web_root;
    char *web_root_real; /* realpath of web_root, for the containment check */
    struct lws_protocols protocols[2];
    struct lws_http_mount mount;
    struct lws_http_mount healthz_mount;
    lws_retry_bo_t retry;           /* all zero: no lws validity pings */
    struct lws *timer;              /* the tick's timerfd, polled by lws as a raw file */
    int timer_fd;
    lws_usec_t framing_checked_at;
    struct lws_context *context;
    struct ev_loop *loop;           /* the foreign libev loop lws runs in (sketchd_loop.c) */
};

/* Whether it is a /healthz request waiting to write its answer, and for a WebSocket its framing
 * budget and silence (sketchd_connection_checks.c) and how far its close has got. */
struct sketchd_per_connection {
    int healthz;
    int websocket;
    int over_framing_budget;
    int sent_close;          /* our close frame is out: read and drop until the peer's close */
    int lws_closing;         /* a callback refused the connection or the peer sent its close:
                              * lws closes it, and frames are written in writable callbacks only */
    uint64_t delivered;      /* payload bytes handed to the callback (RECEIVE, RECEIVE_PONG) */
    uint64_t framing_seen;   /* framing bytes at the last check */
    int64_t framing_tokens;  /* bytes of framing the connection may still spend */
    lws_usec_t checked_at;
    uint64_t received_seen;  /* bytes the kernel had received at the last check */
    int unread_seen;         /* of those, bytes lws had not read yet */
    lws_usec_t heard_at;     /* when that count last moved */
    int pinged;              /* a PING went out since */
};

/* sketchd_connection_checks.c: starts a new WebSocket's framing budget and silence clock. */
void sketchd_checks_start(struct lws *wsi, struct sketchd_per_connection *pc);
/* Charges its framing, pings it after ping_secs of silence and hangs up after hangup_secs. */
void sketchd_checks_run(struct sketchd_server *server, struct lws *wsi, struct sketchd_per_connection *pc);

/* sketchd_timer.c: starts the timer (tick_ms, or only the framing check when it is 0); 0 on
 * success. */
int sketchd_timer_start(struct sketchd_server *server);
/* Sets the timer's period from now on. */
void sketchd_timer_set_period(struct sketchd_server *server, uint32_t period_ms);
/* The timerfd is readable: the tick, and the framing check when it is due. */
void sketchd_timer_fired(struct sketchd_server *server);

/* The libev loop (sketchd_loop.c). */
struct ev_loop *sketchd_loop_create(void);
void sketchd_loop_turn(struct ev_loop *loop);
void sketchd_loop_destroy(struct ev_loop *loop);

#endif
