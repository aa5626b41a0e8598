#include <cblas.h>
void openblas_set_num_threads(int num_threads);
