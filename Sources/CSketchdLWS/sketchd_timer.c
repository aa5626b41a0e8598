/* The periodic tick (SKETCHD_EVENT_TICK) and the framing check, driven by a timerfd that lws
 * adopts as a raw file (the event loop, sketchd_loop.c, watches it like a socket), not by lws_sul:
 * under its own loop, lws 4.1.6 polled with the time to the next sul cut down to whole
 * milliseconds, so in the last fraction of a millisecond before each sul it called poll(..., 0)
 * over every socket again and again (bench/sessions/README.md, "The service thread's turns").
 * A timerfd wakes the loop when it is due. */
#include "sketchd_internal.h"

#include <sys/timerfd.h>
#include <unistd.h>

/* How often each WebSocket is checked (sketchd_checks_run), at the first tick after. */
#define SKETCHD_FRAMING_CHECK_US (250 * LWS_US_PER_MS)

static int set_period(int fd, uint32_t period_ms) {
    struct itimerspec spec = {0};
    spec.it_interval.tv_sec = period_ms / 1000;
    spec.it_interval.tv_nsec = (long)(period_ms % 1000) * 1000000L;
    spec.it_value = spec.it_interval;
    return timerfd_settime(fd, 0, &spec, NULL);
}

/* Without a tick the timer still runs, for the framing check. */
static uint32_t period_of(const struct sketchd_server *server) {
    return server->config.tick_ms > 0 ? server->config.tick_ms : (uint32_t)(SKETCHD_FRAMING_CHECK_US / LWS_US_PER_MS);
}

int sketchd_timer_start(struct sketchd_server *server) {
    struct lws_vhost *vhost = lws_get_vhost_by_name(server->context, "sketchd");
    int fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    if (!vhost || fd < 0 || set_period(fd, period_of(server))) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    lws_sock_file_fd_type descriptor;
    descriptor.filefd = fd;
    /* lws closes the descriptor with the wsi, when the context is destroyed. */
    server->timer = lws_adopt_descriptor_vhost(vhost, LWS_ADOPT_RAW_FILE_DESC, descriptor, "sketchd", NULL);
    if (!server->timer) {
        close(fd);
        return -1;
    }
    server->timer_fd = fd;
    server->framing_checked_at = lws_now_usecs();
    return 0;
}

void sketchd_timer_set_period(struct sketchd_server *server, uint32_t period_ms) {
    if (server->timer)
        set_period(server->timer_fd, period_ms);
}

void sketchd_timer_fired(struct sketchd_server *server) {
    uint64_t expirations;
    if (read(server->timer_fd, &expirations, sizeof expirations) != (ssize_t)sizeof expirations)
        return; /* not due after all (EAGAIN) */
    lws_usec_t now = lws_now_usecs();
    if (now - server->framing_checked_at >= SKETCHD_FRAMING_CHECK_US) {
        server->framing_checked_at = now;
        struct lws_vhost *vhost = lws_get_vhost_by_name(server->context, "sketchd");
        const struct lws_protocols *protocol = vhost ? lws_vhost_name_to_protocol(vhost, "sketchd") : NULL;
        if (protocol)
            lws_callback_all_protocol(server->context, protocol, LWS_CALLBACK_USER);
    }
    if (server->config.tick_ms > 0)
        server->config.on_event(server->config.owner, NULL, SKETCHD_EVENT_TICK, NULL, 0, 0, 0, 0);
}
