// google_xnnpack's measured capabilities: a calibration run of a few
// milliseconds times representative work (a 1x1 convolution, a 3x3
// depthwise convolution, an element-wise ADD; the bulk of ShuffleNetV2 and
// the PP-OCR detector; the two convolutions in int8 too) on XNNPACK and on
// the CPU path's kernels (oneDNN for the convolutions, as lite/operators/nn
// uses it: s8 primitives with VNNI, else fp32 emulation for int8; a plain
// loop for the ADD), both on one thread in the same run, and reports the
// ratios.
//
// The result is cached per machine in <NNAdapter cache dir>/
// google_xnnpack_capabilities.txt, keyed by the CPU model, the XNNPACK and
// oneDNN libraries and the driver version; a file that does not parse or
// whose key differs is ignored (VLOG) and rewritten. The cache dir is
// $NNADAPTER_CACHE_DIR; without it nothing is read or written and the
// figures are measured once per process (no file the user did not point at).
#ifndef NNADAPTER_DRIVERS_GOOGLE_XNNPACK_CALIBRATION_H_
#define NNADAPTER_DRIVERS_GOOGLE_XNNPACK_CALIBRATION_H_

#include <string>

#include "nnadapter/nnadapter.h"

namespace nnadapter {
namespace google_xnnpack {

// Sets the measured figures (float32, quant8_symm when XNNPACK runs the
// int8 workload, and ADD exec_time and power_usage; cpu_ns_per_mac) in
// `capabilities`,
// from the cache or a calibration run, and the source to MEASURED; the
// other figures stay as given (google_xnnpack.ini's). False with `error`
// if XNNPACK or oneDNN could not run the calibration.
bool MeasuredCapabilities(int driver_version, NNAdapterCapabilities* capabilities,
                          std::string* error);

// The cache file MeasuredCapabilities reads and writes ("" if no cache dir
// can be named).
std::string CalibrationCachePath();

}  // namespace google_xnnpack
}  // namespace nnadapter

#endif  // NNADAPTER_DRIVERS_GOOGLE_XNNPACK_CALIBRATION_H_
