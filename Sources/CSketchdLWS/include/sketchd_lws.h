/* Thin C helpers over libwebsockets for sketchd: the parts Swift cannot express cleanly
 * (protocol and mount tables that must outlive the context, LWS_PRE write buffers, the tick's
 * timerfd, fragment flags). Everything here runs on the lws service thread, except
 * sketchd_server_wake, which any thread may call. */
#ifndef SKETCHD_LWS_H
#define SKETCHD_LWS_H

#include <stddef.h>
#include <stdint.h>

struct lws;
struct lws_context;

/** What happened on the service thread. */
enum sketchd_event {
    SKETCHD_EVENT_OPEN = 1,      /* a WebSocket on /ws was established */
    SKETCHD_EVENT_RECEIVE = 2,   /* a piece of a message arrived (see first/final) */
    SKETCHD_EVENT_WRITABLE = 3,  /* the connection may write one message now */
    SKETCHD_EVENT_CLOSED = 4,    /* the connection is gone; forget the wsi */
    SKETCHD_EVENT_WAKE = 5,      /* another thread called sketchd_server_wake */
    SKETCHD_EVENT_TICK = 6,      /* the periodic timer fired (wsi is NULL) */
    SKETCHD_EVENT_FILTER = 7,    /* a WebSocket upgrade on /ws: `in` is "ORIGIN\nHOST", first_fragment
                                  * is 1 when an Origin header was sent; return nonzero to refuse */
};

/** Called for every event; return -1 to close the connection (after sketchd_close_reason). */
typedef int (*sketchd_event_fn)(void *owner, struct lws *wsi, int event, const void *in, size_t len,
                                int first_fragment, int final_fragment, int binary);

/** Server settings; strings are copied. */
struct sketchd_server_config {
    const char *host;        /* interface to bind, e.g. "127.0.0.1" */
    int port;                /* 0 picks a free port */
    const char *web_root;    /* served at / with index.html as default */
    uint16_t ping_secs;      /* seconds in which nothing arrives before a PING */
    uint16_t hangup_secs;    /* seconds in which nothing arrives before hanging up */
    size_t rx_buffer_size;   /* largest piece of a message delivered per RECEIVE */
    uint32_t tick_ms;        /* period of SKETCHD_EVENT_TICK; 0 disables it */
    void *owner;             /* passed back to on_event */
    sketchd_event_fn on_event;
};

/** Creates the context and listening vhost; NULL on failure (lws logs why). */
struct lws_context *sketchd_server_create(const struct sketchd_server_config *config);
/** The port actually bound (useful with port 0). */
int sketchd_server_port(struct lws_context *context);
/** Services the loop once: one turn of its libev loop (blocks until something happens or a wake). */
void sketchd_server_service(struct lws_context *context);
/** Wakes the service loop from any thread; the loop then sees SKETCHD_EVENT_WAKE. */
void sketchd_server_wake(struct lws_context *context);
/** Sets the tick's period to `tick_ms` (> 0) from now on; on the service thread only. */
void sketchd_server_set_tick(struct lws_context *context, uint32_t tick_ms);
/** Destroys the context and the helper's copies of the settings. */
void sketchd_server_destroy(struct lws_context *context);

/** The headroom (LWS_PRE) a frame needs before its payload for lws to write the header. */
size_t sketchd_write_headroom(void);
/** Writes one whole text message from `frame`, which holds sketchd_write_headroom() bytes of
 * headroom then the `len` payload bytes; no copy is made unless the socket cannot take it all.
 * Returns bytes written or -1. The headroom is overwritten, the payload is not. */
int sketchd_write_frame(struct lws *wsi, uint8_t *frame, size_t len);
/** Writes `count` whole text messages (payload `i` at `payloads[i]`, `lengths[i]` bytes) in one
 * send: each gets its frame header in a buffer of the service thread's, and lws keeps a copy of
 * what the socket did not take, as for one frame. Service thread only. Returns the bytes handed
 * over (headers included) or -1. */
int sketchd_write_frames(struct lws *wsi, const uint8_t *const *payloads, const size_t *lengths, size_t count);
/** 1 when lws holds bytes of an earlier write that the socket did not take (it sends them first,
 * when the socket is writable again, then reports SKETCHD_EVENT_WRITABLE); write no more until
 * then. No system call. */
int sketchd_write_buffered(struct lws *wsi);
/** 1 when whole messages may be written to this WebSocket now, outside a writable callback (on
 * the service thread, between lws callbacks): nothing of an earlier write is buffered and no
 * close has been sent, received or started (then only writable callbacks write, as lws wants). */
int sketchd_can_write_now(struct lws *wsi);
/** Asks for one SKETCHD_EVENT_WRITABLE on this connection. */
void sketchd_request_writable(struct lws *wsi);
/** Hands heap the allocator keeps but no longer uses back to the system (glibc malloc_trim). */
void sketchd_trim_heap(void);
/* mallopt(M_ARENA_MAX, count): 1 on success. Call before any thread starts. */
int sketchd_limit_arenas(int count);
/** Names the calling thread (what `top -H`, perf and /proc show); Linux keeps 15 bytes. */
void sketchd_name_thread(const char *name);
/* Stops (1) or resumes (0) reading a WebSocket; a connection over its framing budget is never
 * resumed. */
void sketchd_pause_reading(struct lws *wsi, int paused);

/* Makes SIGTERM and SIGINT raise a flag (read with sketchd_shutdown_signalled) and ignores
 * SIGPIPE; call before the server listens. */
void sketchd_catch_shutdown_signals(void);
int sketchd_shutdown_signalled(void);
/** The peer's numeric address into `buffer`; 0 on success. */
int sketchd_peer_address(struct lws *wsi, char *buffer, size_t length);
/** Sets the close code and reason sent when the callback next returns -1. */
void sketchd_close_reason(struct lws *wsi, int code, const char *reason);
/** Writes a close frame with `code` and `reason` (cut to 123 bytes) now and keeps the connection
 * open, dropping what the peer still sends, until the peer answers with its close (then it is
 * closed) or a kill timer fires. -1 when the write failed (close the connection). */
int sketchd_send_close(struct lws *wsi, int code, const char *reason);
/** Closes the connection on the next loop turn without waiting for the peer (lagging peers). */
void sketchd_kill_soon(struct lws *wsi);
/** Closes the connection after `secs` seconds unless it closes earlier. */
void sketchd_kill_after(struct lws *wsi, int secs);
/** Sets libwebsockets' log level (LLL_ERR | LLL_WARN by default). */
void sketchd_set_log_level(int level);

#endif
