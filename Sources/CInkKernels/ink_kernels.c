#include "ink_kernels.h"

#include <immintrin.h>
#include <string.h>

static inline int source_row(int t, int k, int kernel, int stride, int dilation) {
    return t * stride + (k - kernel / 2) * dilation;
}

/* Outputs `from` to `c_out` of every row, one row at a time. */
static void conv_plain(int t_in, int c_in, int c_out, int kernel, int stride, int dilation,
                       const float *x, const float *wt, const float *bias, int relu,
                       const float *residual, float *y, int from) {
    int t_out = (t_in - 1) / stride + 1;
    for (int t = 0; t < t_out; t++) {
        float *out = y + (long)t * c_out;
        memcpy(out + from, bias + from, sizeof(float) * (c_out - from));
        for (int k = 0; k < kernel; k++) {
            int s = source_row(t, k, kernel, stride, dilation);
            if (s < 0 || s >= t_in) continue;
            const float *in = x + (long)s * c_in;
            const float *w = wt + (long)k * c_in * c_out;
            for (int c = 0; c < c_in; c++) {
                float a = in[c];
                const float *wr = w + (long)c * c_out;
                for (int o = from; o < c_out; o++) out[o] += a * wr[o];
            }
        }
        for (int o = from; o < c_out; o++) {
            if (relu && out[o] < 0) out[o] = 0;
            if (residual) out[o] += residual[(long)t * c_out + o];
        }
    }
}

/* Output rows computed together: each weight vector loaded serves this many rows (12
 * accumulators, two weight vectors and a broadcast fill AVX2's 16 registers). */
#define ROWS 6
/* Longest input row the blocked kernel reads from a zero row for (padding). */
#define MAX_CHANNELS 1024
static const float zero_row[MAX_CHANNELS];

/* The rows' accumulators over one tap: `lanes` (1 or 2) vectors of 8 outputs each, starting at
 * `w` (tap-major weights at the block's first output), for ROWS input rows `in`. */
__attribute__((target("avx2,fma")))
static inline void accumulate(int c_in, int c_out, int lanes, const float *const in[ROWS], const float *w,
                              __m256 acc[ROWS][2]) {
    if (lanes == 2) {
        for (int c = 0; c < c_in; c++) {
            const float *wr = w + (long)c * c_out;
            __m256 w0 = _mm256_loadu_ps(wr), w1 = _mm256_loadu_ps(wr + 8);
            for (int r = 0; r < ROWS; r++) {
                __m256 a = _mm256_broadcast_ss(in[r] + c);
                acc[r][0] = _mm256_fmadd_ps(a, w0, acc[r][0]);
                acc[r][1] = _mm256_fmadd_ps(a, w1, acc[r][1]);
            }
        }
    } else {
        for (int c = 0; c < c_in; c++) {
            __m256 w0 = _mm256_loadu_ps(w + (long)c * c_out);
            for (int r = 0; r < ROWS; r++) acc[r][0] = _mm256_fmadd_ps(_mm256_broadcast_ss(in[r] + c), w0, acc[r][0]);
        }
    }
}

/* The outputs up to the last whole 8, blocked over outputs (16 at a time: that slice of a layer's weights, some 24 KB for 128
 * inputs and 3 taps, stays in L1 while every row passes) and over rows (ROWS at a time, so each
 * weight load serves ROWS rows). Rows outside the input read a zero row. Per output, the sums
 * run in the same order as conv_plain's. */
__attribute__((target("avx2,fma")))
static void conv_avx2(int t_in, int c_in, int c_out, int kernel, int stride, int dilation,
                      const float *x, const float *wt, const float *bias, int relu,
                      const float *residual, float *y) {
    int t_out = (t_in - 1) / stride + 1;
    const __m256 zero = _mm256_setzero_ps();
    int whole = c_out - c_out % 8;
    for (int o0 = 0; o0 < whole; o0 += 16) {
        int lanes = whole - o0 >= 16 ? 2 : 1;
        __m256 b0 = _mm256_loadu_ps(bias + o0), b1 = lanes == 2 ? _mm256_loadu_ps(bias + o0 + 8) : zero;
        for (int t0 = 0; t0 < t_out; t0 += ROWS) {
            int rows = t_out - t0 < ROWS ? t_out - t0 : ROWS;
            __m256 acc[ROWS][2];
            for (int r = 0; r < ROWS; r++) {
                acc[r][0] = b0;
                acc[r][1] = b1;
            }
            for (int k = 0; k < kernel; k++) {
                const float *in[ROWS];
                for (int r = 0; r < ROWS; r++) {
                    int s = source_row(t0 + r, k, kernel, stride, dilation);
                    in[r] = r < rows && s >= 0 && s < t_in ? x + (long)s * c_in : zero_row;
                }
                accumulate(c_in, c_out, lanes, in, wt + (long)k * c_in * c_out + o0, acc);
            }
            for (int r = 0; r < rows; r++) {
                for (int j = 0; j < lanes; j++) {
                    long at = (long)(t0 + r) * c_out + o0 + 8 * j;
                    __m256 v = relu ? _mm256_max_ps(acc[r][j], zero) : acc[r][j];
                    if (residual) v = _mm256_add_ps(v, _mm256_loadu_ps(residual + at));
                    _mm256_storeu_ps(y + at, v);
                }
            }
        }
    }
}

void sketchd_ink_conv1d(int t_in, int c_in, int c_out, int kernel, int stride, int dilation,
                        const float *x, const float *wt, const float *bias, int relu,
                        const float *residual, float *y) {
    __builtin_cpu_init();
    int vectored = 0;
    if (c_in <= MAX_CHANNELS && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        conv_avx2(t_in, c_in, c_out, kernel, stride, dilation, x, wt, bias, relu, residual, y);
        vectored = c_out - c_out % 8;
    }
    if (vectored < c_out) conv_plain(t_in, c_in, c_out, kernel, stride, dilation, x, wt, bias, relu, residual, y, vectored);
}
