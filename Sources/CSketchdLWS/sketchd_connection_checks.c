/* What the tick checks on every WebSocket about every 250 ms (sketchd_timer.c): its framing
 * budget, and whether it has gone silent. Both read what the kernel received on the socket. */
#include "sketchd_internal.h"

#include <linux/sockios.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

/* Framing is what the kernel received on a WebSocket that never reached the callback as
 * payload: frame headers, and whole frames lws 4.1.6 handles itself without a callback (PING,
 * empty PONG; lib/roles/ws/ops-ws.c, lws_ws_rx_sm). A flood of empty control frames costs the
 * service thread a core and passes no check above lws, so each connection gets a budget of it:
 * a burst, refilled at a rate far above what any client's headers need. */
#define SKETCHD_FRAMING_BURST (1024 * 1024)
#define SKETCHD_FRAMING_PER_SECOND (64 * 1024)

/* Bytes the kernel received on the connection, and of those how many lws has consumed; 0 when
 * the socket cannot say. */
static int received_bytes(struct lws *wsi, struct sketchd_per_connection *pc, uint64_t *received,
                          uint64_t *consumed) {
    int fd = lws_get_socket_fd(wsi);
    struct tcp_info info;
    socklen_t size = sizeof info;
    int unread = 0;
    if (fd < 0 || getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &size) || size < sizeof info)
        return 0;
    /* Nothing received since a check that found everything read: nothing is unread now either,
     * and the ioctl (a system call per connection per check) is not needed. */
    int settled = info.tcpi_bytes_received == pc->received_seen && pc->unread_seen == 0;
    if (!settled && (ioctl(fd, SIOCINQ, &unread) || unread < 0))
        return 0;
    pc->unread_seen = unread;
    *received = info.tcpi_bytes_received;
    *consumed = info.tcpi_bytes_received - (uint64_t)unread;
    return 1;
}

/* Framing bytes so far: consumed bytes that were not delivered as payload. */
static uint64_t framing_of(const struct sketchd_per_connection *pc, uint64_t consumed) {
    return consumed > pc->delivered ? consumed - pc->delivered : 0;
}

void sketchd_checks_start(struct lws *wsi, struct sketchd_per_connection *pc) {
    uint64_t received = 0, consumed = 0;
    pc->websocket = 1;
    pc->unread_seen = -1; /* not checked yet */
    if (received_bytes(wsi, pc, &received, &consumed))
        pc->framing_seen = framing_of(pc, consumed); /* the upgrade request is not framing */
    pc->framing_tokens = SKETCHD_FRAMING_BURST;
    pc->checked_at = pc->heard_at = lws_now_usecs();
    pc->received_seen = received;
}

/* Charges the framing since the last check. A connection over budget is no longer read (so its
 * flood costs nothing more), is closed with 1008 on its next writable turn, and is killed a
 * second later if it does not take the close frame. */
static void charge_framing(struct lws *wsi, struct sketchd_per_connection *pc, uint64_t framing, lws_usec_t now) {
    int64_t refill = (int64_t)((now - pc->checked_at) * SKETCHD_FRAMING_PER_SECOND / LWS_US_PER_SEC);
    pc->framing_tokens += refill;
    if (pc->framing_tokens > SKETCHD_FRAMING_BURST)
        pc->framing_tokens = SKETCHD_FRAMING_BURST;
    pc->framing_tokens -= (int64_t)(framing - pc->framing_seen);
    pc->framing_seen = framing;
    pc->checked_at = now;
    if (pc->framing_tokens >= 0)
        return;
    pc->over_framing_budget = 1;
    lws_close_reason(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, (unsigned char *)"too many frames", 15);
    lws_rx_flow_control(wsi, 0);
    lws_callback_on_writable(wsi);
    lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, 1);
}

/* lws 4.1.6's validity timers (retry_and_idle_policy) pinged every WebSocket every ping_secs,
 * busy or not, each from its own lws_sul (before each, a spin of poll(0) over every socket, then
 * a writable turn for the ping and a turn for the pong). Here a connection is pinged only after
 * ping_secs in which the kernel received nothing on it (a PONG, even an empty one lws drops,
 * counts), and hung up after hangup_secs of that. */
static void keep_alive(struct sketchd_server *server, struct lws *wsi, struct sketchd_per_connection *pc,
                       uint64_t received, lws_usec_t now) {
    if (received != pc->received_seen) {
        pc->received_seen = received;
        pc->heard_at = now;
        pc->pinged = 0;
        return;
    }
    lws_usec_t silent = now - pc->heard_at;
    if (silent >= (lws_usec_t)server->config.hangup_secs * LWS_US_PER_SEC) {
        lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
        return;
    }
    if (pc->pinged || silent < (lws_usec_t)server->config.ping_secs * LWS_US_PER_SEC || !sketchd_can_write_now(wsi))
        return;
    unsigned char ping[LWS_PRE];
    if (lws_write(wsi, &ping[LWS_PRE], 0, LWS_WRITE_PING) >= 0)
        pc->pinged = 1;
}

void sketchd_checks_run(struct sketchd_server *server, struct lws *wsi, struct sketchd_per_connection *pc) {
    uint64_t received, consumed;
    if (!server || !pc || !pc->websocket || pc->over_framing_budget || !received_bytes(wsi, pc, &received, &consumed))
        return;
    lws_usec_t now = lws_now_usecs();
    charge_framing(wsi, pc, framing_of(pc, consumed), now);
    if (!pc->over_framing_budget)
        keep_alive(server, wsi, pc, received, now);
}
