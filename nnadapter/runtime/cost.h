// Cost-aware placement (context property NNADAPTER_PARTITION=cost): each
// operation goes to the device with the lowest estimated time, counting the
// transfer of its inputs from where they were produced. Estimates come from
// the devices' capabilities (NNAdapterCapabilities, relative to the host
// CPU path) and a work estimate per operation (multiply-accumulates, or
// elements for the element-wise rest) at an assumed host speed.
#ifndef NNADAPTER_RUNTIME_COST_H_
#define NNADAPTER_RUNTIME_COST_H_

#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "nnadapter/nnadapter.h"

namespace nnadapter {
namespace runtime {

// The host CPU path's time per unit of work when no device reports
// cpu_ns_per_mac: 0.1 ns (10 G multiply-accumulates per second), an
// assumption documented in docs/nnadapter-runtime.md.
constexpr double kDefaultHostNsPerMac = 0.1;

// "NNADAPTER_PARTITION=cost" in the context properties: true; "greedy" or
// absent: false; anything else: false with `error`.
bool CostAwarePartition(const std::string& properties, bool* cost_aware,
                        std::string* error);

// Multiply-accumulates (CONV_2D, CONV_2D_TRANSPOSE, FULLY_CONNECTED,
// MAT_MUL) or elements produced (everything else); unknown dims count 1.
double OperationWork(const core::Operation& operation);

// The host time per unit of work: the largest cpu_ns_per_mac a device
// reports, else kDefaultHostNsPerMac.
double HostNsPerMac(const std::vector<NNAdapterCapabilities>& devices);

struct CostEstimate {
  double device_ns = 0;  // the assignment: compute + transfers
  double host_ns = 0;    // every operation on the host CPU path
};

// For each operation (model order) the device of lowest estimated time
// among those whose `supported[d][i]` is true, in topological order; an
// input produced elsewhere (or a model input, on the host) adds
// bytes x (transfer_ns_per_byte of both ends); model outputs go back to
// the host. Ties go to the earlier device (the greedy choice). False with
// `error` naming the first operation no device supports.
bool AssignDevicesByCost(const core::Model& model,
                         const std::vector<std::vector<bool>>& supported,
                         const std::vector<NNAdapterCapabilities>& devices,
                         const std::vector<std::string>& device_names,
                         std::vector<size_t>* device_of, CostEstimate* estimate,
                         std::string* error);

}  // namespace runtime
}  // namespace nnadapter

struct NNAdapterContext;

namespace nnadapter {
namespace runtime {

// Every device's capabilities, in the context's order; a driver error is
// returned with `message` naming the device.
int ContextCapabilities(const NNAdapterContext* context,
                        std::vector<NNAdapterCapabilities>* capabilities,
                        std::string* message);

}  // namespace runtime
}  // namespace nnadapter

#endif  // NNADAPTER_RUNTIME_COST_H_
