// Per-operation profile of a sub-model (context property
// GOOGLE_XNNPACK_PROFILE=1): this XNNPACK has no runtime profiling, so each
// operation is converted on its own into a one-node runtime (the same code
// as the real program), run on constant inputs, and timed; the report, per
// operation kind and for the slowest operations with their shapes, goes to
// stderr. Standalone timings ignore cache effects between operations, and
// a CONCAT that the program folds into its consumer convolution is timed in
// its standalone form (zero pad + add).
#ifndef NNADAPTER_DRIVERS_GOOGLE_XNNPACK_PROFILE_H_
#define NNADAPTER_DRIVERS_GOOGLE_XNNPACK_PROFILE_H_

#include <pthreadpool.h>

#include <vector>

#include "nnadapter/hal/types.h"

namespace nnadapter {
namespace google_xnnpack {

// Milliseconds per run of the NCHW operation `op` on its own, after the
// layout pass (a one-operation model with NHWC boundary; inputs filled with
// a constant pattern), or a negative value if XNNPACK cannot run it.
double TimeOperation(const core::Operation& op, pthreadpool_t pool, int repeats);

// Times each of `operations` (a model after the layout pass, converted as
// stored) on its own and prints the kinds and the slowest to stderr.
void PrintOperationProfile(const std::vector<core::Operation*>& operations,
                           pthreadpool_t pool, int repeats);

}  // namespace google_xnnpack
}  // namespace nnadapter

#endif  // NNADAPTER_DRIVERS_GOOGLE_XNNPACK_PROFILE_H_
