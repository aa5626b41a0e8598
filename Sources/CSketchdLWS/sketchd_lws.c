#define _GNU_SOURCE /* pthread_setname_np */
#include "sketchd_lws.h"
#include "sketchd_internal.h"

#include <libwebsockets.h>
#include <stdlib.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <limits.h>
#include <netinet/in.h>
#include <sys/socket.h>

static struct sketchd_server *server_of(struct lws *wsi) {
    return (struct sketchd_server *)lws_context_user(lws_get_context(wsi));
}

static int forward(struct sketchd_server *server, struct lws *wsi, int event, const void *in, size_t len,
                   int first, int final, int binary) {
    return server->config.on_event(server->config.owner, wsi, event, in, len, first, final, binary);
}

/* Whether `c` may be part of an id (PROTOCOL.md: 1-64 of A-Z a-z 0-9 _ . : -). */
static int is_id_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
           c == ':' || c == '-';
}

/* WebSocket upgrades are accepted on /ws and on /ws/<session id> only. */
static int is_ws_path(const char *uri, int n) {
    if (n < 3 || memcmp(uri, "/ws", 3) != 0)
        return 0;
    if (n == 3)
        return 1;
    if (uri[3] != '/' || n - 4 < 1 || n - 4 > 64)
        return 0;
    for (int i = 4; i < n; i++)
        if (!is_id_char(uri[i]))
            return 0;
    return 1;
}

/* The request path; n < 0 when it is missing or longer than the buffer. */
static int request_path(struct lws *wsi, char *uri, int size) {
    return lws_hdr_copy(wsi, uri, size, WSI_TOKEN_GET_URI);
}

void sketchd_pause_reading(struct lws *wsi, int paused) {
    struct sketchd_per_connection *pc = (struct sketchd_per_connection *)lws_wsi_user(wsi);
    if (!paused && pc && pc->over_framing_budget)
        return;  /* doomed: stays unread until its 1008 close */
    lws_rx_flow_control(wsi, paused ? 0 : 1);
}

static const char healthz_body[] = "{\"status\":\"ok\"}\n";

/* GET /healthz: 200 and a small JSON body, for load balancers. */
static int answer_healthz(struct lws *wsi, struct sketchd_per_connection *pc) {
    unsigned char buffer[LWS_PRE + 512], *start = &buffer[LWS_PRE], *p = start, *end = &buffer[sizeof buffer - 1];
    if (lws_add_http_common_headers(wsi, HTTP_STATUS_OK, "application/json", sizeof healthz_body - 1, &p, end) ||
        lws_add_http_header_by_token(wsi, WSI_TOKEN_HTTP_CACHE_CONTROL, (const unsigned char *)"no-store", 8, &p, end) ||
        lws_finalize_write_http_header(wsi, start, &p, end))
        return 1;
    pc->healthz = 1;
    lws_callback_on_writable(wsi);
    return 0;
}

/* Whether the file a GET of `uri` would serve lies inside the web root once every symlink is
 * resolved. A path that does not exist is allowed (lws answers 404). */
static int inside_web_root(struct sketchd_server *server, const char *uri) {
    if (!server->web_root_real)
        return 0;
    char path[PATH_MAX], real[PATH_MAX];
    size_t length = strlen(uri);
    int n = snprintf(path, sizeof path, "%s%s%s%s", server->web_root, uri[0] == '/' ? "" : "/", uri,
                     length == 0 || uri[length - 1] == '/' ? "index.html" : "");
    if (n < 0 || (size_t)n >= sizeof path)
        return 0;
    if (!realpath(path, real))
        return 1;
    size_t root = strlen(server->web_root_real);
    return strncmp(real, server->web_root_real, root) == 0 && (real[root] == '/' || real[root] == '\0');
}

/* Hands the upgrade's Origin and Host headers to the owner, which decides (origin policy). */
static int filter_origin(struct sketchd_server *server, struct lws *wsi) {
    char headers[512];
    int origin = lws_hdr_copy(wsi, headers, 256, WSI_TOKEN_ORIGIN);
    int has_origin = lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN) > 0;
    if (origin < 0 || (has_origin && origin == 0))
        return 1; /* an Origin too long to be one */
    headers[origin] = '\n';
    int host = lws_hdr_copy(wsi, headers + origin + 1, (int)sizeof headers - origin - 1, WSI_TOKEN_HOST);
    if (host < 0)
        host = 0;
    return forward(server, wsi, SKETCHD_EVENT_FILTER, headers, (size_t)(origin + 1 + host), has_origin, 0, 0) ? 1 : 0;
}

/* A WebSocket callback's answer; nonzero makes lws close the connection, so nothing more is
 * written to it outside a writable callback (sketchd_can_write_now). */
static int closing_if_refused(void *user, int answer) {
    if (answer)
        ((struct sketchd_per_connection *)user)->lws_closing = 1;
    return answer;
}

static int sketchd_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len) {
    struct sketchd_server *server;
    switch (reason) {
    case LWS_CALLBACK_FILTER_HTTP_CONNECTION:
        if (inside_web_root(server_of(wsi), (const char *)in))
            return 0;
        lws_return_http_status(wsi, HTTP_STATUS_FORBIDDEN, NULL);
        return -1;
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION: {
        char uri[80];
        return is_ws_path(uri, request_path(wsi, uri, sizeof uri)) ? filter_origin(server_of(wsi), wsi) : 1;
    }
    case LWS_CALLBACK_ESTABLISHED: {
        /* The daemon learns the path: /ws/<session> binds the connection to that session. */
        char uri[80];
        int n = request_path(wsi, uri, sizeof uri);
        sketchd_checks_start(wsi, (struct sketchd_per_connection *)user);
        return forward(server_of(wsi), wsi, SKETCHD_EVENT_OPEN, uri, n > 0 ? (size_t)n : 0, 0, 0, 0);
    }
    case LWS_CALLBACK_HTTP:
        /* Only the /healthz mount reaches here; the web root is served by lws itself. */
        return answer_healthz(wsi, (struct sketchd_per_connection *)user);
    case LWS_CALLBACK_HTTP_WRITEABLE: {
        struct sketchd_per_connection *pc = (struct sketchd_per_connection *)user;
        if (!pc || !pc->healthz)
            return lws_callback_http_dummy(wsi, reason, user, in, len);
        unsigned char body[LWS_PRE + sizeof healthz_body];
        memcpy(&body[LWS_PRE], healthz_body, sizeof healthz_body - 1);
        pc->healthz = 0;
        if (lws_write(wsi, &body[LWS_PRE], sizeof healthz_body - 1, LWS_WRITE_HTTP_FINAL) != (int)(sizeof healthz_body - 1))
            return 1;
        return lws_http_transaction_completed(wsi) ? -1 : 0;
    }
    case LWS_CALLBACK_RECEIVE_PONG:
        ((struct sketchd_per_connection *)user)->delivered += len;
        return 0;
    case LWS_CALLBACK_USER:
        sketchd_checks_run(server_of(wsi), wsi, (struct sketchd_per_connection *)user);
        return 0;
    case LWS_CALLBACK_RAW_RX_FILE:
        server = server_of(wsi);
        if (server && wsi == server->timer)
            sketchd_timer_fired(server);
        return 0;
    case LWS_CALLBACK_RECEIVE:
        ((struct sketchd_per_connection *)user)->delivered += len;
        if (((struct sketchd_per_connection *)user)->sent_close)
            return 0; /* the peer had not yet read our close frame */
        return closing_if_refused(user, forward(server_of(wsi), wsi, SKETCHD_EVENT_RECEIVE, in, len,
                                                lws_is_first_fragment(wsi), lws_is_final_fragment(wsi),
                                                lws_frame_is_binary(wsi)));
    case LWS_CALLBACK_SERVER_WRITEABLE:
        if (((struct sketchd_per_connection *)user)->over_framing_budget)
            return -1; /* sends the 1008 close set by charge_framing */
        if (((struct sketchd_per_connection *)user)->sent_close)
            return 0;
        return closing_if_refused(user, forward(server_of(wsi), wsi, SKETCHD_EVENT_WRITABLE, NULL, 0, 0, 0, 0));
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        /* lws answers the peer's close itself; after our close frame this is the peer's answer:
         * hang up without echoing it. */
        ((struct sketchd_per_connection *)user)->lws_closing = 1;
        return ((struct sketchd_per_connection *)user)->sent_close ? 1 : 0;
    case LWS_CALLBACK_CLOSED:
        return forward(server_of(wsi), wsi, SKETCHD_EVENT_CLOSED, NULL, 0, 0, 0, 0);
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        server = server_of(wsi);
        if (server)
            forward(server, NULL, SKETCHD_EVENT_WAKE, NULL, 0, 0, 0, 0);
        return 0;
    default:
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

static void free_server(struct sketchd_server *server) {
    if (server->loop)
        sketchd_loop_destroy(server->loop);
    free(server->host);
    free(server->web_root);
    free(server->web_root_real);
    free(server);
}

struct lws_context *sketchd_server_create(const struct sketchd_server_config *config) {
    struct sketchd_server *server = calloc(1, sizeof *server);
    if (!server)
        return NULL;
    server->config = *config;
    server->host = strdup(config->host);
    server->web_root = strdup(config->web_root);
    server->web_root_real = realpath(config->web_root, NULL);
    server->loop = sketchd_loop_create();
    if (!server->loop) {
        lwsl_err("sketchd: cannot create the event loop\n");
        free_server(server);
        return NULL;
    }

    /* One protocol: protocols[0] also serves HTTP (through lws_callback_http_dummy). */
    server->protocols[0].name = "sketchd";
    server->protocols[0].callback = sketchd_callback;
    server->protocols[0].rx_buffer_size = config->rx_buffer_size;
    server->protocols[0].per_session_data_size = sizeof(struct sketchd_per_connection);

    server->mount.mountpoint = "/";
    server->mount.mountpoint_len = 1;
    server->mount.origin = server->web_root;
    server->mount.def = "index.html";
    server->mount.origin_protocol = LWSMPRO_FILE;

    /* /healthz is answered by the protocol's callback; it comes first so it wins over "/". */
    server->healthz_mount.mountpoint = "/healthz";
    server->healthz_mount.mountpoint_len = 8;
    server->healthz_mount.origin = "sketchd";
    server->healthz_mount.origin_protocol = LWSMPRO_CALLBACK;
    server->healthz_mount.mount_next = &server->mount;


    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = config->port;
    info.iface = server->host;
    info.protocols = server->protocols;
    info.mounts = &server->healthz_mount;
    /* A policy without validity times: lws pings no one (sketchd_connection_checks.c does). */
    info.retry_and_idle_policy = &server->retry;
    info.user = server;
    /* VALIDATE_UTF8: a text frame that is not UTF-8 is closed with 1007 by lws itself. */
    info.options = LWS_SERVER_OPTION_DISABLE_IPV6 | LWS_SERVER_OPTION_HTTP_HEADERS_SECURITY_BEST_PRACTICES_ENFORCE |
                   LWS_SERVER_OPTION_VALIDATE_UTF8 | LWS_SERVER_OPTION_LIBEV;
    void *loops[1] = {server->loop};
    info.foreign_loops = loops;
    /* Browsers send every localhost cookie to every port: room for 16 KiB of request headers. */
    info.max_http_header_data = 16384;
    info.vhost_name = "sketchd";

    struct lws_context *context = lws_create_context(&info);
    if (!context) {
        free_server(server);
        return NULL;
    }
    server->context = context;
    if (sketchd_timer_start(server)) {
        lwsl_err("sketchd: cannot start the tick's timerfd\n");
        lws_context_destroy(context);
        free_server(server);
        return NULL;
    }
    return context;
}

int sketchd_server_port(struct lws_context *context) {
    struct lws_vhost *vhost = lws_get_vhost_by_name(context, "sketchd");
    return vhost ? lws_get_vhost_listen_port(vhost) : -1;
}

void sketchd_server_service(struct lws_context *context) {
    struct sketchd_server *server = (struct sketchd_server *)lws_context_user(context);
    sketchd_loop_turn(server->loop);
}

void sketchd_server_wake(struct lws_context *context) { lws_cancel_service(context); }

void sketchd_server_set_tick(struct lws_context *context, uint32_t tick_ms) {
    struct sketchd_server *server = (struct sketchd_server *)lws_context_user(context);
    if (!server || tick_ms == 0 || server->config.tick_ms == tick_ms)
        return;
    server->config.tick_ms = tick_ms;
    sketchd_timer_set_period(server, tick_ms);
}

void sketchd_server_destroy(struct lws_context *context) {
    struct sketchd_server *server = (struct sketchd_server *)lws_context_user(context);
    lws_context_destroy(context);
    free_server(server);
}

int sketchd_peer_address(struct lws *wsi, char *buffer, size_t length) {
    return lws_get_peer_simple(wsi, buffer, length) ? 0 : -1;
}

void sketchd_close_reason(struct lws *wsi, int code, const char *reason) {
    lws_close_reason(wsi, (enum lws_close_status)code, (unsigned char *)reason, strlen(reason));
}

/* With lws 4.1.6's own close, a peer still sending when the close frame goes out (a hello right
 * after connecting) finds the socket closed (lib/core-net/close.c skips its staged shutdown)
 * and is reset: its answer to the close fails with EPIPE, or its kernel drops the close frame. Writing the close frame ourselves keeps the connection open:
 * what the peer sends meanwhile is read and dropped, and its own close ends it cleanly. */
/* lws-write.h leaves the close opcode out of its public enum; lws_write frames it as a close
 * (lib/roles/ws/private-lib-roles-ws.h: #define LWS_WRITE_CLOSE 4). */
static const enum lws_write_protocol write_close = (enum lws_write_protocol)4;

int sketchd_send_close(struct lws *wsi, int code, const char *reason) {
    struct sketchd_per_connection *pc = (struct sketchd_per_connection *)lws_wsi_user(wsi);
    if (!pc || pc->sent_close)
        return 0;
    unsigned char frame[LWS_PRE + 125];
    size_t length = strlen(reason);
    if (length > 123)
        length = 123;
    frame[LWS_PRE] = (unsigned char)((code >> 8) & 0xff);
    frame[LWS_PRE + 1] = (unsigned char)(code & 0xff);
    memcpy(&frame[LWS_PRE + 2], reason, length);
    pc->sent_close = 1;
    return lws_write(wsi, &frame[LWS_PRE], length + 2, write_close) < 0 ? -1 : 0;
}

void sketchd_kill_soon(struct lws *wsi) { lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC); }

void sketchd_kill_after(struct lws *wsi, int secs) { lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, secs); }

void sketchd_set_log_level(int level) { lws_set_log_level(level, NULL); }

void sketchd_name_thread(const char *name) { pthread_setname_np(pthread_self(), name); }

void sketchd_trim_heap(void) { malloc_trim(0); }

int sketchd_limit_arenas(int count) { return mallopt(M_ARENA_MAX, count); }

/* SIGTERM and SIGINT only raise a flag, installed synchronously before anything listens (a
 * dispatch signal source registers later, and a signal that comes first would be lost). */
static volatile sig_atomic_t shutdown_signalled = 0;

static void on_shutdown_signal(int number) {
    (void)number;
    shutdown_signalled = 1;
}

void sketchd_catch_shutdown_signals(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_shutdown_signal;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
    signal(SIGPIPE, SIG_IGN);
}

int sketchd_shutdown_signalled(void) { return shutdown_signalled; }
