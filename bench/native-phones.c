// The audience's phones for `BENCH_PHONES=native npm run bench:live`, started by
// bench/native-subscribers.ts: the same websockets and checks as bench/live-subscribers.ts, read by
// one epoll loop in C. On this 2-core machine the Node phones' reading of 3,000 sockets took about a
// core at 50 events a second (a stream, a buffer and a callback per socket per read): CPU that real
// phones bring with them and the bench took from the server. Here a read costs its system call.
//
//   native-phones HOST PORT PATH GIG COUNT
//
// Prints "ready VERSION" once every phone has its gig's snapshot (VERSION: the first phone's); then
// answers each line on stdin: "cpu" with this process's CPU time in microseconds, "report" with one
// line of JSON (live-subscribers.ts's report of its websocket phones). Exits 1 with a message on
// stderr when a phone cannot follow the gig.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum { HANDSHAKE, WAITING, SUBSCRIBED, CLOSED };
enum { OPENING_AT_ONCE = 100, READ_SIZE = 65536, MAX_ERRORS = 5 };

typedef struct {
  int fd;
  int state;
  long version;
  /* When the phone asked for the gig (ms, wall clock): events committed before it are a resync. */
  double asked;
  char *pending;
  size_t length, capacity;
} Phone;

static Phone *phones;
static int count, subscribed, epoll_fd;
static const char *gig;
static double *latencies;
static long noted, latency_capacity, replayed, missing, out_of_order;
static char *errors[MAX_ERRORS];
static int error_count;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void fail(const char *what) {
  fprintf(stderr, "native phones: %s (%s)\n", what, strerror(errno));
  exit(1);
}

static void close_phone(Phone *phone);

static void note_error(const char *text, size_t length) {
  if (error_count == MAX_ERRORS) return;
  errors[error_count++] = strndup(text, length);
}

/* A client frame: final, masked (the protocol asks it of clients; a zero mask serves a bench). */
static void send_frame(Phone *phone, int opcode, const char *payload, size_t length) {
  char frame[8 + 256];
  size_t header = length < 126 ? 2 : 4;
  if (length > 256) return;
  frame[0] = (char)(0x80 | opcode);
  frame[1] = (char)(0x80 | (length < 126 ? length : 126));
  if (header == 4) {
    frame[2] = 0;
    frame[3] = (char)length;
  }
  memset(frame + header, 0, 4);
  memcpy(frame + header + 4, payload, length);
  if (write(phone->fd, frame, header + 4 + length) < 0) close_phone(phone);
}

/* The number after `key` in `text`, or -1 when the key is not there. */
static double number_after(const char *text, size_t length, const char *key) {
  const char *at = memmem(text, length, key, strlen(key));
  if (!at) return -1;
  return strtod(at + strlen(key), NULL);
}

/* Whether `text` holds `key` (a message's type is at its start, its change's kind further in). */
static int holds(const char *text, size_t length, const char *key) {
  return memmem(text, length, key, strlen(key)) != NULL;
}

static void note_latency(double ms) {
  if (noted == latency_capacity) {
    latency_capacity = latency_capacity ? latency_capacity * 2 : 1 << 16;
    latencies = realloc(latencies, latency_capacity * sizeof(double));
    if (!latencies) fail("out of memory");
  }
  latencies[noted++] = ms;
}

/* A text message: the gig's snapshot, or a change checked and timed as live-subscribers.ts does. */
static void on_text(Phone *phone, const char *text, size_t length, double arrived) {
  if (holds(text, length, "{\"type\":\"queue\"")) {
    phone->version = (long)number_after(text, length, "\"version\":");
    if (phone->state == WAITING) subscribed++;
    phone->state = SUBSCRIBED;
  } else if (holds(text, length, "{\"type\":\"change\"") && phone->state == SUBSCRIBED) {
    long version = (long)number_after(text, length, "\"version\":");
    double at = number_after(text, length, "\"at\":");
    if (version > phone->version + 1) missing += version - phone->version - 1;
    if (version <= phone->version) out_of_order++;
    else phone->version = version;
    if (!holds(text, length, "\"kind\":\"requested\"")) return;
    if (at < phone->asked) replayed++;
    else note_latency(arrived - at);
  } else if (holds(text, length, "{\"type\":\"lead\"")) {
    const char *said = "a guest got a leader message";
    note_error(said, strlen(said));
  } else if (holds(text, length, "{\"type\":\"error\"")) {
    note_error(text, length);
    if (phone->state == WAITING) {
      fprintf(stderr, "native phones: %.*s\n", (int)length, text);
      exit(1);
    }
  }
}

static void close_phone(Phone *phone) {
  if (phone->state == CLOSED) return;
  if (phone->state == HANDSHAKE || phone->state == WAITING) {
    fprintf(stderr, "native phones: a websocket closed before its snapshot\n");
    exit(1);
  }
  epoll_ctl(epoll_fd, EPOLL_CTL_DEL, phone->fd, NULL);
  close(phone->fd);
  phone->state = CLOSED;
}

/* Reads the server's frames (unmasked, unfragmented: all the live server sends) from `pending`. */
static void read_frames(Phone *phone, double arrived) {
  size_t at = 0;
  unsigned char *bytes = (unsigned char *)phone->pending;
  if (phone->state == HANDSHAKE) {
    char *end = memmem(phone->pending, phone->length, "\r\n\r\n", 4);
    if (!end) return;
    if (strncmp(phone->pending, "HTTP/1.1 101", 12)) {
      fprintf(stderr, "native phones: %.*s\n", (int)(end - phone->pending), phone->pending);
      exit(1);
    }
    at = end + 4 - phone->pending;
    char subscribe[160];
    int length = snprintf(subscribe, sizeof subscribe, "{\"type\":\"subscribe\",\"gig\":\"%s\"}", gig);
    phone->state = WAITING;
    phone->asked = now_ms();
    send_frame(phone, 0x1, subscribe, (size_t)length);
  }
  while (phone->length - at >= 2) {
    int opcode = bytes[at] & 0x0f;
    size_t length = bytes[at + 1] & 0x7f, header = 2;
    if (length == 126) {
      if (phone->length - at < 4) break;
      length = (size_t)bytes[at + 2] << 8 | bytes[at + 3];
      header = 4;
    } else if (length == 127) {
      if (phone->length - at < 10) break;
      length = 0;
      for (int i = 2; i < 10; i++) length = length << 8 | bytes[at + i];
      header = 10;
    }
    if (phone->length - at < header + length) break;
    const char *payload = phone->pending + at + header;
    if (opcode == 0x1) on_text(phone, payload, length, arrived);
    else if (opcode == 0x9) send_frame(phone, 0xa, payload, length);
    else if (opcode == 0x8) {
      close_phone(phone);
      return;
    }
    at += header + length;
  }
  memmove(phone->pending, phone->pending + at, phone->length - at);
  phone->length -= at;
}

static void on_readable(Phone *phone) {
  double arrived = now_ms();
  for (;;) {
    if (phone->capacity - phone->length < READ_SIZE) {
      phone->capacity = phone->length + READ_SIZE;
      phone->pending = realloc(phone->pending, phone->capacity);
      if (!phone->pending) fail("out of memory");
    }
    ssize_t got = read(phone->fd, phone->pending + phone->length, phone->capacity - phone->length);
    if (got > 0) {
      phone->length += (size_t)got;
      continue;
    }
    if (got < 0 && errno == EAGAIN) break;
    close_phone(phone);
    return;
  }
  read_frames(phone, arrived);
  if (phone->capacity > 4 * READ_SIZE && phone->length < READ_SIZE) {
    phone->capacity = READ_SIZE;
    phone->pending = realloc(phone->pending, phone->capacity);
  }
}

static void open_phone(Phone *phone, struct sockaddr_in *address, const char *host, const char *path) {
  phone->fd = socket(AF_INET, SOCK_STREAM, 0);
  if (phone->fd < 0) fail("socket");
  if (connect(phone->fd, (struct sockaddr *)address, sizeof *address)) fail("connect");
  int one = 1;
  setsockopt(phone->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  char request[512];
  int length = snprintf(request, sizeof request,
                        "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                        "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ZW5jb3JlLWJlbmNoLXBobw==\r\n\r\n",
                        path, host);
  if (write(phone->fd, request, (size_t)length) != length) fail("write");
  if (fcntl(phone->fd, F_SETFL, fcntl(phone->fd, F_GETFL) | O_NONBLOCK)) fail("fcntl");
  struct epoll_event event = {.events = EPOLLIN, .data.ptr = phone};
  if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, phone->fd, &event)) fail("epoll_ctl");
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int by_version(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

static double percentile(double p) {
  if (!noted) return -1;
  long at = (long)(p / 100 * noted);
  return latencies[at < noted ? at : noted - 1];
}

static void print_json_string(const char *text) {
  putchar('"');
  for (; *text; text++)
    if (*text == '"' || *text == '\\') printf("\\%c", *text);
    else if ((unsigned char)*text < 0x20) putchar(' ');
    else putchar(*text);
  putchar('"');
}

/* What live-subscribers.ts reports of its websocket phones, as one line of JSON (-1: no figure). */
static void report(void) {
  qsort(latencies, (size_t)noted, sizeof(double), by_value);
  long *versions = malloc((size_t)count * sizeof(long));
  int open = 0;
  for (int i = 0; i < count; i++) {
    versions[i] = phones[i].version;
    if (phones[i].state != CLOSED) open++;
  }
  qsort(versions, (size_t)count, sizeof(long), by_version);
  printf("{\"errors\":[");
  for (int i = 0; i < error_count; i++) {
    if (i) putchar(',');
    print_json_string(errors[i]);
  }
  printf("],\"phones\":%d,\"events\":%ld,\"p50\":%.3f,\"p99\":%.3f,\"max\":%.3f,", count, noted,
         percentile(50), percentile(99), noted ? latencies[noted - 1] : -1.0);
  printf("\"replayed\":%ld,\"missing\":%ld,\"outOfOrder\":%ld,\"open\":%d,\"versions\":{", replayed,
         missing, out_of_order, open);
  for (int i = 0; i < count;) {
    int j = i;
    while (j < count && versions[j] == versions[i]) j++;
    printf("%s\"%ld\":%d", i ? "," : "", versions[i], j - i);
    i = j;
  }
  printf("}}\n");
  fflush(stdout);
  free(versions);
}

/* The bench's questions, a line each. */
static void on_command(void) {
  static char line[64];
  static size_t length;
  ssize_t got = read(0, line + length, sizeof line - 1 - length);
  if (got <= 0) exit(0); /* the bench is gone */
  length += (size_t)got;
  char *end;
  while ((end = memchr(line, '\n', length))) {
    *end = 0;
    if (!strcmp(line, "cpu")) {
      struct rusage usage;
      getrusage(RUSAGE_SELF, &usage);
      printf("%ld\n", (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000L + usage.ru_utime.tv_usec +
                          usage.ru_stime.tv_usec);
      fflush(stdout);
    } else if (!strcmp(line, "report")) report();
    length -= (size_t)(end + 1 - line);
    memmove(line, end + 1, length);
  }
  if (length == sizeof line - 1) length = 0;
}

static void run_once(int timeout_ms) {
  struct epoll_event events[256];
  int ready = epoll_wait(epoll_fd, events, 256, timeout_ms);
  if (ready < 0 && errno != EINTR) fail("epoll_wait");
  for (int i = 0; i < ready; i++)
    if (events[i].data.ptr) on_readable(events[i].data.ptr);
    else on_command();
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: native-phones HOST PORT PATH GIG COUNT\n");
    return 2;
  }
  const char *host = argv[1], *path = argv[3];
  gig = argv[4];
  count = atoi(argv[5]);
  if (strlen(gig) > 100 || count <= 0) return 2;
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[2]))};
  if (inet_pton(AF_INET, host, &address.sin_addr) != 1) fail("HOST must be an IPv4 address");
  phones = calloc((size_t)count, sizeof(Phone));
  epoll_fd = epoll_create1(0);
  if (!phones || epoll_fd < 0) fail("setup");
  /* As the Node phones do: a hundred at a time, each batch subscribed before the next opens. */
  for (int opened = 0; opened < count;) {
    int batch = opened + OPENING_AT_ONCE < count ? opened + OPENING_AT_ONCE : count;
    for (; opened < batch; opened++) {
      phones[opened].version = -1;
      open_phone(&phones[opened], &address, host, path);
    }
    while (subscribed < opened) run_once(1000);
  }
  struct epoll_event input = {.events = EPOLLIN, .data.ptr = NULL};
  if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, 0, &input)) fail("epoll_ctl stdin");
  printf("ready %ld\n", phones[0].version);
  fflush(stdout);
  for (;;) run_once(-1);
}
