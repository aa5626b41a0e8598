#include <sqlite3.h>

/* sqlite3_db_config is variadic, which Swift cannot call: a fixed-argument wrapper for the one
 * option used. With `on`, closing the last connection does not checkpoint the WAL into the
 * database file (and so leaves the -wal and -shm files where they are). */
static inline int sketchd_sqlite3_no_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on, (int *)0);
}
