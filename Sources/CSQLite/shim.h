#pragma once
#include <sqlite3.h>

/// `sqlite3_db_config` with one integer flag: the C function is variadic, which Swift cannot call.
static inline int sharp9_db_config_flag(sqlite3 *db, int op, int value) {
  return sqlite3_db_config(db, op, value, (int *)0);
}
