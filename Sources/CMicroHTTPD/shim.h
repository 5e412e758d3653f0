// GNU libmicrohttpd (Debian: libmicrohttpd-dev). MHD_start_daemon is C-variadic, which Swift
// cannot call: mapsnap_mhd_start below builds its option list in C and calls it.
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// MHD_OPTION_URI_LOG_CALLBACK: called with the raw request target (path and query, not yet
/// decoded) before anything else; its result becomes the request's `con_cls`.
typedef void *(*mapsnap_mhd_uri_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// The daemon's settings, all of them, so that Swift passes one struct instead of varargs.
struct mapsnap_mhd_settings {
    unsigned int flags;
    int listen_fd;                  // a bound, listening socket (MHD_OPTION_LISTEN_SOCKET)
    unsigned int thread_pool_size;  // 0: no pool (thread per connection, or one polling thread)
    unsigned int connection_limit;
    unsigned int connection_timeout_seconds;
    size_t connection_memory_limit;
    MHD_AccessHandlerCallback handler;
    void *handler_cls;
    MHD_RequestCompletedCallback completed;
    void *completed_cls;
    mapsnap_mhd_uri_callback uri;
    void *uri_cls;
};

static inline struct MHD_Daemon *mapsnap_mhd_start(const struct mapsnap_mhd_settings *s) {
    struct MHD_OptionItem options[8];
    int n = 0;
    options[n++] = (struct MHD_OptionItem){ MHD_OPTION_LISTEN_SOCKET, (intptr_t)s->listen_fd, NULL };
    if (s->thread_pool_size > 1)
        options[n++] = (struct MHD_OptionItem){ MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)s->thread_pool_size, NULL };
    options[n++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_LIMIT, (intptr_t)s->connection_limit, NULL };
    options[n++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)s->connection_timeout_seconds, NULL };
    options[n++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)s->connection_memory_limit, NULL };
    options[n++] = (struct MHD_OptionItem){ MHD_OPTION_END, 0, NULL };
    return MHD_start_daemon(s->flags, 0, NULL, NULL, s->handler, s->handler_cls,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_NOTIFY_COMPLETED, s->completed, s->completed_cls,
                            MHD_OPTION_URI_LOG_CALLBACK, s->uri, s->uri_cls,
                            MHD_OPTION_END);
}

