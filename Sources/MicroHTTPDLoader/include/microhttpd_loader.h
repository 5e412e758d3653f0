#ifndef MAPSNAP_MICROHTTPD_LOADER_H
#define MAPSNAP_MICROHTTPD_LOADER_H
// GNU libmicrohttpd (Debian: libmicrohttpd-dev). MHD_start_daemon is C-variadic, which Swift
// cannot call: mapsnap_mhd_start below builds its option list in C and calls it.
//
// The library is opened when `mapsnap serve` starts its daemon, not when the program starts
// (nothing links it): with GnuTLS and the eight libraries under it, loading it was about 2 ms of
// every command's start, a snapshot's included. Swift calls the `mapsnap_MHD_*` forms of the
// functions it uses, which call through the table `mapsnap_mhd` fills once
// (microhttpd_loader.c).
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <stdio.h>
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
    unsigned int per_ip_connection_limit;   // 0: none (MHD_OPTION_PER_IP_CONNECTION_LIMIT)
    unsigned int connection_timeout_seconds;
    size_t connection_memory_limit;
    MHD_AccessHandlerCallback handler;
    void *handler_cls;
    MHD_RequestCompletedCallback completed;
    void *completed_cls;
    mapsnap_mhd_uri_callback uri;
    void *uri_cls;
    /// Asked for each accepted connection once libmicrohttpd's own limits let it in (NULL: all).
    MHD_AcceptPolicyCallback accept;
    void *accept_cls;
    /// Told when a connection starts and when it closes, before its socket is closed (NULL: none).
    MHD_NotifyConnectionCallback connection;
    void *connection_cls;
};

/// Loads libmicrohttpd on the first call; 1 when it is there, else 0 with the reason in `*error`
/// (a static message, valid for the process).
int mapsnap_mhd(const char **error);

/// NULL when the daemon does not start, or when libmicrohttpd cannot be loaded (`mapsnap_mhd`
/// says why).
struct MHD_Daemon *mapsnap_mhd_start(const struct mapsnap_mhd_settings *s);

/* The functions Swift calls, once the daemon runs (so the library is loaded). */
enum MHD_Result mapsnap_MHD_queue_response(struct MHD_Connection *c, unsigned int status, struct MHD_Response *r);
const char *mapsnap_MHD_lookup_connection_value(struct MHD_Connection *c, enum MHD_ValueKind kind, const char *key);
struct MHD_Response *mapsnap_MHD_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode);
enum MHD_Result mapsnap_MHD_add_response_header(struct MHD_Response *r, const char *header, const char *content);
void mapsnap_MHD_destroy_response(struct MHD_Response *r);
void mapsnap_MHD_suspend_connection(struct MHD_Connection *c);
void mapsnap_MHD_resume_connection(struct MHD_Connection *c);
int mapsnap_MHD_get_connection_values(struct MHD_Connection *c, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator, void *iterator_cls);
/* MHD_get_connection_info is variadic: one function per piece of information Swift reads. */
/// The connection's socket (MHD_CONNECTION_INFO_CONNECTION_FD), or -1.
int mapsnap_MHD_connection_fd(struct MHD_Connection *c);
/// What the connection-notify callback stored in `*socket_context` (MHD_CONNECTION_INFO_SOCKET_CONTEXT), or NULL.
void *mapsnap_MHD_connection_context(struct MHD_Connection *c);
/// The client's address (MHD_CONNECTION_INFO_CLIENT_ADDRESS), or NULL.
const struct sockaddr *mapsnap_MHD_connection_address(struct MHD_Connection *c);
MHD_socket mapsnap_MHD_quiesce_daemon(struct MHD_Daemon *d);
void mapsnap_MHD_stop_daemon(struct MHD_Daemon *d);

#endif
