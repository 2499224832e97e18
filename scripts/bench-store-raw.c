/* SQLite's own limits for scripts/bench-store.sh: the same table shape as sharp9's event log
 * (WITHOUT ROWID, (session, seq) key, t, a ~10-byte action blob), driven by a tight C-API loop.
 *
 *   bench-store-raw DB insert N        N rows in one transaction          -> rows/s
 *   bench-store-raw DB scan            read every row in seq order        -> rows/s
 *   bench-store-raw DB append N full   N one-row transactions, fsync each -> transactions/s
 *   bench-store-raw DB append N normal N one-row transactions, no fsync   -> transactions/s
 *
 * Prints the wall-clock rate and the CPU-time rate.
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

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: bench-store-raw DB insert N | scan | append N full|normal\n");
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
