/* What sketchd keeps per connection (lws' per_session_data), shared by the C files. */
#ifndef SKETCHD_PER_CONNECTION_H
#define SKETCHD_PER_CONNECTION_H

#include <libwebsockets.h>
#include <stdint.h>

/* Whether it is a /healthz request waiting to write its answer, and for a WebSocket its framing
 * budget (see charge_framing in sketchd_lws.c) and how far its close has got. */
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
};

#endif
