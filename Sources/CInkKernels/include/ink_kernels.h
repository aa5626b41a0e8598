#ifndef SKETCHD_INK_KERNELS_H
#define SKETCHD_INK_KERNELS_H

/// One 1-D convolution over time of the handwriting reader's network, with its bias, ReLU when
/// `relu`, and `residual` (the input, same shape as the output) added after it when not NULL.
///
/// `x` holds `t_in` rows of `c_in` values; `wt` the weights tap-major, [kernel][c_in][c_out];
/// `y` receives `t_out` = (t_in - 1) / stride + 1 rows of `c_out` values. Output row t reads input
/// rows t * stride + (k - kernel / 2) * dilation, zero outside. Uses AVX2 and FMA where the
/// processor has them (checked once; outputs past the last whole 8 in plain C), plain C otherwise;
/// both give the same sums up to rounding.
void sketchd_ink_conv1d(int t_in, int c_in, int c_out, int kernel, int stride, int dilation,
                        const float *x, const float *wt, const float *bias, int relu,
                        const float *residual, float *y);

#endif
