// Capabilities and performance figures (NNAdapterCapabilities) as text:
// the [PERFORMANCE] section of an operator-info file, overrides such as
// fake_device's <NAME>_PERFORMANCE environment variable, and the lines
// nnadapter_check prints. The keys are the one table below.
//   float32.exec_time=0.5        float32.power_usage=0.3
//   quant8_symm.exec_time=0.2    quant8_asymm.power_usage=0.2
//   transfer_ns_per_byte=0.05    cpu_ns_per_mac=0.1
//   CONV_2D.exec_time=0.25       (per operation; power_usage likewise)
#ifndef NNADAPTER_UTILITY_PERFORMANCE_INFO_H_
#define NNADAPTER_UTILITY_PERFORMANCE_INFO_H_

#include <string>

#include "nnadapter/nnadapter.h"

namespace nnadapter {

// Every figure 1 (the CPU's own), source NOT_REPORTED.
NNAdapterCapabilities CpuEquivalentCapabilities();

// Sets the figure `key` to `value` (a non-negative number); false with
// `message` naming the key and what was expected.
bool SetPerformanceFigure(const std::string& key, const std::string& value,
                          NNAdapterCapabilities* capabilities,
                          std::string* message);

// "key=value,key=value" (as in an environment variable); `source` names
// the text in the error message.
bool ParsePerformanceFigures(const std::string& text, const std::string& source,
                             NNAdapterCapabilities* capabilities,
                             std::string* error);

// The figure that applies to an operation of `type` whose activations have
// `precision` (a per-operation figure first, else the operand type's; an
// unknown 0 reads as 1).
NNAdapterPerformanceInfo PerformanceOf(const NNAdapterCapabilities& c,
                                       NNAdapterOperationType type,
                                       NNAdapterOperandPrecision precision);

// One "key=value" line per figure, as ParsePerformanceFigures reads them.
std::string FormatCapabilities(const NNAdapterCapabilities& capabilities);

}  // namespace nnadapter

#endif  // NNADAPTER_UTILITY_PERFORMANCE_INFO_H_
