/* mimalloc (Debian's libmimalloc-dev, MIT): linked into sketchd, it is the process's malloc. */
#include <mimalloc.h>
