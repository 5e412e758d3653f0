#include "microhttpd_loader.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define MAPSNAP_MHD_FUNCTIONS(X) X(MHD_start_daemon) X(MHD_stop_daemon) X(MHD_quiesce_daemon) \
    X(MHD_queue_response) X(MHD_lookup_connection_value) X(MHD_create_response_from_buffer) \
    X(MHD_add_response_header) X(MHD_destroy_response) X(MHD_suspend_connection) X(MHD_resume_connection) \
    X(MHD_get_connection_values) X(MHD_get_connection_info)

struct mapsnap_mhd_table {
#define MAPSNAP_MHD_FIELD(name) __typeof__(&name) name;
    MAPSNAP_MHD_FUNCTIONS(MAPSNAP_MHD_FIELD)
#undef MAPSNAP_MHD_FIELD
    char error[256];   /* why the library or a function could not be had; empty when loaded */
};

static struct mapsnap_mhd_table loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void open_library(void) {
    struct mapsnap_mhd_table *t = &loaded;
    void *library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *e = dlerror();
        snprintf(t->error, sizeof t->error, "%s", e ? e : "libmicrohttpd.so.12 could not be opened");
        return;
    }
#define MAPSNAP_MHD_LOOKUP(name) \
    t->name = (__typeof__(&name))dlsym(library, #name); \
    if (!t->name) { snprintf(t->error, sizeof t->error, "libmicrohttpd.so.12 has no %s", #name); return; }
    MAPSNAP_MHD_FUNCTIONS(MAPSNAP_MHD_LOOKUP)
#undef MAPSNAP_MHD_LOOKUP
}

static const struct mapsnap_mhd_table *table(void) {
    pthread_once(&once, open_library);
    return loaded.error[0] ? NULL : &loaded;
}

int mapsnap_mhd(const char **error) {
    if (table()) return 1;
    if (error) *error = loaded.error;
    return 0;
}

enum MHD_Result mapsnap_MHD_queue_response(struct MHD_Connection *c, unsigned int status, struct MHD_Response *r) {
    return table()->MHD_queue_response(c, status, r);
}
const char *mapsnap_MHD_lookup_connection_value(struct MHD_Connection *c, enum MHD_ValueKind kind, const char *key) {
    return table()->MHD_lookup_connection_value(c, kind, key);
}
struct MHD_Response *mapsnap_MHD_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode) {
    return table()->MHD_create_response_from_buffer(size, buffer, mode);
}
enum MHD_Result mapsnap_MHD_add_response_header(struct MHD_Response *r, const char *header, const char *content) {
    return table()->MHD_add_response_header(r, header, content);
}
void mapsnap_MHD_destroy_response(struct MHD_Response *r) { table()->MHD_destroy_response(r); }
void mapsnap_MHD_suspend_connection(struct MHD_Connection *c) { table()->MHD_suspend_connection(c); }
void mapsnap_MHD_resume_connection(struct MHD_Connection *c) { table()->MHD_resume_connection(c); }
int mapsnap_MHD_get_connection_values(struct MHD_Connection *c, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator, void *iterator_cls) {
    return table()->MHD_get_connection_values(c, kind, iterator, iterator_cls);
}
int mapsnap_MHD_connection_fd(struct MHD_Connection *c) {
    const union MHD_ConnectionInfo *info = table()->MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}
void *mapsnap_MHD_connection_context(struct MHD_Connection *c) {
    const union MHD_ConnectionInfo *info = table()->MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}
const struct sockaddr *mapsnap_MHD_connection_address(struct MHD_Connection *c) {
    const union MHD_ConnectionInfo *info = table()->MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}
MHD_socket mapsnap_MHD_quiesce_daemon(struct MHD_Daemon *d) { return table()->MHD_quiesce_daemon(d); }
void mapsnap_MHD_stop_daemon(struct MHD_Daemon *d) { table()->MHD_stop_daemon(d); }

struct MHD_Daemon *mapsnap_mhd_start(const struct mapsnap_mhd_settings *s) {
    const struct mapsnap_mhd_table *mhd = table();
    if (!mhd) return NULL;
    struct MHD_OptionItem options[10];
    int n = 0;
    options[n++] = (struct MHD_OptionItem){ MHD_OPTION_LISTEN_SOCKET, (intptr_t)s->listen_fd, NULL };
    if (s->thread_pool_size > 1)
        options[n++] = (struct MHD_OptionItem){ MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)s->thread_pool_size, NULL };
    options[n++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_LIMIT, (intptr_t)s->connection_limit, NULL };
    if (s->per_ip_connection_limit > 0)
        options[n++] = (struct MHD_OptionItem){ MHD_OPTION_PER_IP_CONNECTION_LIMIT, (intptr_t)s->per_ip_connection_limit, NULL };
    if (s->connection)
        options[n++] = (struct MHD_OptionItem){ MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)s->connection, s->connection_cls };
    options[n++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)s->connection_timeout_seconds, NULL };
    options[n++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)s->connection_memory_limit, NULL };
    options[n++] = (struct MHD_OptionItem){ MHD_OPTION_END, 0, NULL };
    return mhd->MHD_start_daemon(s->flags, 0, s->accept, s->accept_cls, s->handler, s->handler_cls,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_NOTIFY_COMPLETED, s->completed, s->completed_cls,
                            MHD_OPTION_URI_LOG_CALLBACK, s->uri, s->uri_cls,
                            MHD_OPTION_END);
}

