#include "ink_kernels.h"

#include <immintrin.h>
#include <string.h>

static inline int source_row(int t, int k, int kernel, int stride, int dilation) {
    return t * stride + (k - kernel / 2) * dilation;
}

static void conv_plain(int t_in, int c_in, int c_out, int kernel, int stride, int dilation,
                       const float *x, const float *wt, const float *bias, int relu,
                       const float *residual, float *y) {
    int t_out = (t_in - 1) / stride + 1;
    for (int t = 0; t < t_out; t++) {
        float *out = y + (long)t * c_out;
        memcpy(out, bias, sizeof(float) * c_out);
        for (int k = 0; k < kernel; k++) {
            int s = source_row(t, k, kernel, stride, dilation);
            if (s < 0 || s >= t_in) continue;
            const float *in = x + (long)s * c_in;
            const float *w = wt + (long)k * c_in * c_out;
            for (int c = 0; c < c_in; c++) {
                float a = in[c];
                const float *wr = w + (long)c * c_out;
                for (int o = 0; o < c_out; o++) out[o] += a * wr[o];
            }
        }
        for (int o = 0; o < c_out; o++) {
            if (relu && out[o] < 0) out[o] = 0;
            if (residual) out[o] += residual[(long)t * c_out + o];
        }
    }
}

__attribute__((target("avx2,fma")))
static void conv_avx2(int t_in, int c_in, int c_out, int kernel, int stride, int dilation,
                      const float *x, const float *wt, const float *bias, int relu,
                      const float *residual, float *y) {
    int t_out = (t_in - 1) / stride + 1;
    const __m256 zero = _mm256_setzero_ps();
    for (int t = 0; t < t_out; t++) {
        float *out = y + (long)t * c_out;
        for (int o0 = 0; o0 < c_out; o0 += 64) {
            int lanes = (c_out - o0) / 8;
            if (lanes > 8) lanes = 8;
            __m256 acc[8];
            for (int j = 0; j < lanes; j++) acc[j] = _mm256_loadu_ps(bias + o0 + 8 * j);
            for (int k = 0; k < kernel; k++) {
                int s = source_row(t, k, kernel, stride, dilation);
                if (s < 0 || s >= t_in) continue;
                const float *in = x + (long)s * c_in;
                const float *w = wt + (long)k * c_in * c_out + o0;
                if (lanes == 8) {
                    for (int c = 0; c < c_in; c++) {
                        __m256 a = _mm256_broadcast_ss(in + c);
                        const float *wr = w + (long)c * c_out;
                        acc[0] = _mm256_fmadd_ps(a, _mm256_loadu_ps(wr), acc[0]);
                        acc[1] = _mm256_fmadd_ps(a, _mm256_loadu_ps(wr + 8), acc[1]);
                        acc[2] = _mm256_fmadd_ps(a, _mm256_loadu_ps(wr + 16), acc[2]);
                        acc[3] = _mm256_fmadd_ps(a, _mm256_loadu_ps(wr + 24), acc[3]);
                        acc[4] = _mm256_fmadd_ps(a, _mm256_loadu_ps(wr + 32), acc[4]);
                        acc[5] = _mm256_fmadd_ps(a, _mm256_loadu_ps(wr + 40), acc[5]);
                        acc[6] = _mm256_fmadd_ps(a, _mm256_loadu_ps(wr + 48), acc[6]);
                        acc[7] = _mm256_fmadd_ps(a, _mm256_loadu_ps(wr + 56), acc[7]);
                    }
                } else {
                    for (int c = 0; c < c_in; c++) {
                        __m256 a = _mm256_broadcast_ss(in + c);
                        const float *wr = w + (long)c * c_out;
                        for (int j = 0; j < lanes; j++) acc[j] = _mm256_fmadd_ps(a, _mm256_loadu_ps(wr + 8 * j), acc[j]);
                    }
                }
            }
            for (int j = 0; j < lanes; j++) {
                __m256 v = relu ? _mm256_max_ps(acc[j], zero) : acc[j];
                if (residual) v = _mm256_add_ps(v, _mm256_loadu_ps(residual + (long)t * c_out + o0 + 8 * j));
                _mm256_storeu_ps(out + o0 + 8 * j, v);
            }
        }
    }
}

void sketchd_ink_conv1d(int t_in, int c_in, int c_out, int kernel, int stride, int dilation,
                        const float *x, const float *wt, const float *bias, int relu,
                        const float *residual, float *y) {
    __builtin_cpu_init();
    if (c_out % 8 == 0 && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        conv_avx2(t_in, c_in, c_out, kernel, stride, dilation, x, wt, bias, relu, residual, y);
    } else {
        conv_plain(t_in, c_in, c_out, kernel, stride, dilation, x, wt, bias, relu, residual, y);
    }
}
