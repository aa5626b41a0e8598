/* Writing whole text messages to a WebSocket: one from its headroom, several in one send, and
 * whether a write may be made now. */
#include "sketchd_lws.h"
#include "sketchd_internal.h"

#include <libwebsockets.h>
#include <stdlib.h>
#include <string.h>

/* A batch buffer larger than this (a caller that batched more) is freed after its write. */
#define SKETCHD_BATCH_KEEP_BYTES (256 * 1024)

size_t sketchd_write_headroom(void) { return LWS_PRE; }

int sketchd_write_frame(struct lws *wsi, uint8_t *frame, size_t len) {
    /* lws puts the frame header in the headroom and keeps its own copy of what the socket did
     * not take, so the same frame can be written to the next connection right after. */
    return lws_write(wsi, frame + LWS_PRE, len, LWS_WRITE_TEXT);
}

/* lws_partial_buffered, not lws_send_pipe_choked: the latter polls the socket (a system call
 * per check), and a write the kernel does not take whole is buffered by lws and shows here. */
int sketchd_write_buffered(struct lws *wsi) { return lws_partial_buffered(wsi); }

int sketchd_can_write_now(struct lws *wsi) {
    const struct sketchd_per_connection *pc = (const struct sketchd_per_connection *)lws_wsi_user(wsi);
    return pc && pc->websocket && !pc->over_framing_budget && !pc->sent_close && !pc->lws_closing &&
           !lws_partial_buffered(wsi);
}

void sketchd_request_writable(struct lws *wsi) { lws_callback_on_writable(wsi); }

/* One text frame's header as a server writes it (FIN, no mask): returns its length. */
static size_t text_frame_header(uint8_t *header, size_t len) {
    header[0] = 0x81;
    if (len < 126) {
        header[1] = (uint8_t)len;
        return 2;
    }
    if (len < 65536) {
        header[1] = 126;
        header[2] = (uint8_t)(len >> 8);
        header[3] = (uint8_t)len;
        return 4;
    }
    header[1] = 127;
    for (int i = 0; i < 8; i++)
        header[2 + i] = (uint8_t)((uint64_t)len >> (56 - 8 * i));
    return 10;
}

/* The service thread's buffer for batched frames (lws keeps its own copy of what the socket
 * does not take, so it is reused at once). */
static uint8_t *batch_buffer;
static size_t batch_capacity;

int sketchd_write_frames(struct lws *wsi, const uint8_t *const *payloads, const size_t *lengths, size_t count) {
    size_t total = LWS_PRE;
    for (size_t i = 0; i < count; i++)
        total += 10 + lengths[i];
    if (total > batch_capacity) {
        uint8_t *grown = realloc(batch_buffer, total);
        if (!grown)
            return -1;
        batch_buffer = grown;
        batch_capacity = total;
    }
    size_t used = LWS_PRE;
    for (size_t i = 0; i < count; i++) {
        used += text_frame_header(batch_buffer + used, lengths[i]);
        memcpy(batch_buffer + used, payloads[i], lengths[i]);
        used += lengths[i];
    }
    /* LWS_WRITE_RAW goes straight to lws_issue_raw: no second header, the same buffering of a
     * partial send as a text frame gets. */
    size_t length = used - LWS_PRE;
    int written = lws_write(wsi, batch_buffer + LWS_PRE, length, LWS_WRITE_RAW);
    if (batch_capacity > SKETCHD_BATCH_KEEP_BYTES) {
        free(batch_buffer);
        batch_buffer = NULL;
        batch_capacity = 0;
    }
    return written < 0 ? -1 : (int)length;
}
