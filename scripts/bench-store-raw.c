/* SQLite's own limits for scripts/bench-store.sh: the same table shape as sharp9's event log
 * (WITHOUT ROWID, (session, seq) key, t, a ~10-byte action blob), driven by a tight C-API loop.
 *
 *   bench-store-raw DB insert N        N rows in one transaction          -> rows/s
 *   bench-store-raw DB scan            read every row in seq order        -> rows/s
 *   bench-store-raw DB append N full   N one-row transactions, fsync each -> transactions/s
 *   bench-store-raw DB append N normal N one-row transactions, no fsync   -> transactions/s
 *   bench-store-raw DB insert-chunked N   N events as 256-event blob rows, one transaction
 *                                         (sharp9's chunk layout)       -> events/s
 *   bench-store-raw DB scan-chunked       read every chunk row in order -> events/s
 *   bench-store-raw DB state-at SEQ ID    the SQL of one `sharp9 state ID --at SEQ`, in a fresh
 *                                         process, without decoding or reducing -> microseconds
 *
 * Prints the wall-clock rate and the CPU-time rate (state-at: the wall and CPU microseconds).
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static sqlite3 *db;

static void check(int rc, const char *what) {
  if (rc != SQLITE_OK && rc != SQLITE_ROW && rc != SQLITE_DONE) {
    fprintf(stderr, "bench-store-raw: %s: %s\n", what, sqlite3_errmsg(db));
    exit(1);
  }
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void exec(const char *sql) { check(sqlite3_exec(db, sql, 0, 0, 0), sql); }

static void create(void) {
  exec("CREATE TABLE IF NOT EXISTS events (session_pk INTEGER NOT NULL, seq INTEGER NOT NULL,"
       " t REAL NOT NULL, action BLOB NOT NULL, PRIMARY KEY (session_pk, seq))"
       " STRICT, WITHOUT ROWID");
}

/* sharp9's event_chunks layout: 256 events per row, each entry t (8 bytes), a length byte and a
 * 9-byte action, behind a format byte: the same bytes per event as a 30 Hz tick. */
enum { CHUNK = 256, ENTRY = 18 };
static void create_chunks(void) {
  exec("CREATE TABLE IF NOT EXISTS event_chunks (session_pk INTEGER NOT NULL,"
       " first_seq INTEGER NOT NULL, count INTEGER NOT NULL, events BLOB NOT NULL,"
       " PRIMARY KEY (session_pk, first_seq)) STRICT");
}
static void insert_rows(sqlite3_stmt *insert, long first, long count) {
  unsigned char blob[9] = {9, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F};
  for (long seq = first; seq < first + count; seq++) {
    sqlite3_bind_int64(insert, 1, 1);
    sqlite3_bind_int64(insert, 2, seq);
    sqlite3_bind_double(insert, 3, seq / 30.0);
    sqlite3_bind_blob(insert, 4, blob, sizeof blob, SQLITE_TRANSIENT);
    check(sqlite3_step(insert), "insert");
    sqlite3_reset(insert);
  }
}

/* Steps `sql` through every row, touching each column, the way sharp9 reads it. Parameters: `a`
 * as ?1 and `b` as ?2, then `text`, if any, as the last one. */
static void rows_of(const char *sql, long long a, long long b, const char *text) {
  sqlite3_stmt *select;
  check(sqlite3_prepare_v2(db, sql, -1, &select, 0), sql);
  int integers = sqlite3_bind_parameter_count(select) - (text ? 1 : 0);
  if (integers >= 1) sqlite3_bind_int64(select, 1, a);
  if (integers >= 2) sqlite3_bind_int64(select, 2, b);
  if (text) sqlite3_bind_text(select, integers + 1, text, -1, SQLITE_STATIC);
  long bytes = 0;
  while (sqlite3_step(select) == SQLITE_ROW) {
    for (int column = 0; column < sqlite3_column_count(select); column++) {
      (void)sqlite3_column_blob(select, column);
      bytes += sqlite3_column_bytes(select, column);
    }
  }
  check(sqlite3_finalize(select), sql);
  if (bytes < 0) puts("");
}

/* SQLite's floor under `sharp9 state ID --at SEQ`: the same open, pragmas and queries (schema
 * check, migration rows, session row, nearest snapshot, the chunks up to SEQ), nothing decoded. */
static int state_at(const char *path, long long seq, const char *id) {
  double start = now();
  clock_t cpu_start = clock();
  check(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, 0), "open");
  exec("PRAGMA busy_timeout = 5000");
  rows_of("SELECT count(*) FROM sqlite_schema", 0, 0, 0);
  rows_of("PRAGMA journal_mode = WAL", 0, 0, 0);
  exec("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON");
  rows_of("SELECT count(*), count(*) FILTER (WHERE name = 'sharp9_migrations') FROM sqlite_schema",
          0, 0, 0);
  rows_of("SELECT id, name, sha256 FROM sharp9_migrations ORDER BY id", 0, 0, 0);
  rows_of("SELECT pk, id, title, created_ms, started_ms, ended_ms, audio_path, audio_sha256,"
          " audio_frames, audio_sample_rate, audio_channels, sharp9_version, reducer_version,"
          " event_count, last_t, audio_located_path FROM sessions WHERE id = ?1",
          0, 0, id);
  exec("BEGIN DEFERRED");
  long long snapshot = seq / 1000 * 1000;  /* sharp9's default checkpoint interval */
  rows_of("SELECT seq, state FROM checkpoints WHERE session_pk = 1 AND seq <= ?1"
          " AND reducer_version = (SELECT reducer_version FROM sessions WHERE pk = 1)"
          " ORDER BY seq DESC LIMIT 1", seq, 0, 0);
  rows_of("SELECT first_seq, count, events FROM event_chunks WHERE session_pk = 1 AND first_seq <= ?2"
          " AND first_seq >= (SELECT coalesce(max(first_seq), 1) FROM event_chunks"
          " WHERE session_pk = 1 AND first_seq <= ?1) ORDER BY first_seq", snapshot + 1, seq, 0);
  exec("COMMIT");
  double elapsed = now() - start;
  double cpu = (double)(clock() - cpu_start) / CLOCKS_PER_SEC;
  sqlite3_close(db);
  printf("%.0f %.0f\n", elapsed * 1e6, cpu * 1e6);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 5 && strcmp(argv[2], "state-at") == 0) return state_at(argv[1], atoll(argv[3]), argv[4]);
  if (argc < 3) {
    fprintf(stderr, "usage: bench-store-raw DB insert N | scan | append N full|normal"
                    " | insert-chunked N | scan-chunked | state-at SEQ ID\n");
    return 2;
  }
  check(sqlite3_open(argv[1], &db), "open");
  exec("PRAGMA journal_mode = WAL");
  const char *mode = argv[2];
  sqlite3_stmt *statement;
  double start;
  clock_t cpu_start;
  long rows = 0;
  if (strcmp(mode, "insert") == 0 && argc == 4) {
    exec("PRAGMA synchronous = FULL");
    create();
    long count = atol(argv[3]);
    check(sqlite3_prepare_v2(db, "INSERT INTO events VALUES (?, ?, ?, ?)", -1, &statement, 0),
          "prepare");
    start = now();
    cpu_start = clock();
    exec("BEGIN IMMEDIATE");
    insert_rows(statement, 1, count);
    exec("COMMIT");
    rows = count;
  } else if (strcmp(mode, "scan") == 0) {
    check(sqlite3_prepare_v2(db,
                             "SELECT seq, t, action FROM events WHERE session_pk = 1 AND seq > 0"
                             " ORDER BY seq",
                             -1, &statement, 0),
          "prepare");
    start = now();
    cpu_start = clock();
    long bytes = 0;
    double sum = 0;
    while (sqlite3_step(statement) == SQLITE_ROW) {
      sum += sqlite3_column_double(statement, 1) + sqlite3_column_int64(statement, 0);
      const unsigned char *blob = sqlite3_column_blob(statement, 2);
      bytes += sqlite3_column_bytes(statement, 2) + (blob ? blob[0] : 0);
      rows++;
    }
    if (sum < 0 || bytes < 0) puts("");
  } else if (strcmp(mode, "insert-chunked") == 0 && argc == 4) {
    exec("PRAGMA synchronous = FULL");
    create_chunks();
    long count = atol(argv[3]);
    check(sqlite3_prepare_v2(db, "INSERT INTO event_chunks VALUES (1, ?, ?, ?)", -1, &statement,
                             0),
          "prepare");
    static unsigned char blob[1 + CHUNK * ENTRY];
    start = now();
    cpu_start = clock();
    exec("BEGIN IMMEDIATE");
    for (long first = 1; first <= count; first += CHUNK) {
      long n = count - first + 1 < CHUNK ? count - first + 1 : CHUNK;
      blob[0] = 1;
      for (long i = 0; i < n; i++) {
        double t = (first + i) / 30.0;
        unsigned char *entry = blob + 1 + i * ENTRY;
        memcpy(entry, &t, 8);
        entry[8] = 9;
        entry[9] = 9;
        memcpy(entry + 10, &t, 8);
      }
      sqlite3_bind_int64(statement, 1, first);
      sqlite3_bind_int64(statement, 2, n);
      sqlite3_bind_blob(statement, 3, blob, (int)(1 + n * ENTRY), SQLITE_TRANSIENT);
      check(sqlite3_step(statement), "insert");
      sqlite3_reset(statement);
    }
    exec("COMMIT");
    rows = count;
  } else if (strcmp(mode, "scan-chunked") == 0) {
    check(sqlite3_prepare_v2(db,
                             "SELECT first_seq, count, events FROM event_chunks"
                             " WHERE session_pk = 1 AND first_seq > 0 ORDER BY first_seq",
                             -1, &statement, 0),
          "prepare");
    start = now();
    cpu_start = clock();
    double sum = 0;
    while (sqlite3_step(statement) == SQLITE_ROW) {
      long n = sqlite3_column_int64(statement, 1);
      const unsigned char *blob = sqlite3_column_blob(statement, 2);
      /* Touch every entry's t and tag, as a decoder would. */
      for (long i = 0; i < n; i++) {
        double t;
        memcpy(&t, blob + 1 + i * ENTRY, 8);
        sum += t + blob[1 + i * ENTRY + 9];
      }
      rows += n;
    }
    if (sum < 0) puts("");
  } else if (strcmp(mode, "append") == 0 && argc == 5) {
    exec(strcmp(argv[4], "full") == 0 ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
    create();
    long count = atol(argv[3]);
    check(sqlite3_prepare_v2(db, "INSERT INTO events VALUES (?, ?, ?, ?)", -1, &statement, 0),
          "prepare");
    start = now();
    cpu_start = clock();
    for (long i = 1; i <= count; i++) {
      exec("BEGIN IMMEDIATE");
      insert_rows(statement, i, 1);
      exec("COMMIT");
    }
    rows = count;
  } else {
    fprintf(stderr, "bench-store-raw: unknown mode %s\n", mode);
    return 2;
  }
  double elapsed = now() - start;
  double cpu = (double)(clock() - cpu_start) / CLOCKS_PER_SEC;
  sqlite3_finalize(statement);
  sqlite3_close(db);
  /* Wall-clock rate, then the CPU-time rate (the machine may be shared). */
  printf("%.0f %.0f\n", rows / elapsed, rows / (cpu > 0 ? cpu : elapsed));
  return 0;
}
