// Fault injection for tests of runtime fallback and of the verify/bisect
// tool (tools/nnadapter_check): context properties make fake_device fail
// the way a real NPU driver can. NAME is the upper-case device name.
//   <NAME>_FAULT_COMPILE=1     create_program fails (a driver that cannot
//                              compile a sub-model it said it supports).
//   <NAME>_FAULT_EXECUTE=1     execute_program fails.
//   <NAME>_FAULT_OPERATIONS=CONV_2D,HARD_SWISH
//                              these operations compute wrong values: their
//                              first output is off by <NAME>_FAULT_OFFSET
//                              (default 1.0).
#ifndef NNADAPTER_DRIVERS_FAKE_DEVICE_FAULTS_H_
#define NNADAPTER_DRIVERS_FAKE_DEVICE_FAULTS_H_

#include <map>
#include <set>
#include <string>

#include "converter.h"
#include "fake_ddk/fake_ddk.h"

namespace nnadapter {
namespace fake_device {

struct Faults {
  bool compile{false};
  bool execute{false};
  std::set<NNAdapterOperationType> wrong;
  float offset{1.f};
};

// Reads the fault keys (prefix "<NAME>_FAULT_") of `parsed`; a result code
// with the key named on a bad value.
int ParseFaults(const std::map<std::string, std::string>& parsed,
                const std::string& prefix, Faults* faults);

// After `op` was converted: if its type is a wrong-value fault, adds a node
// that offsets its first output and rebinds the operand to that result.
void InjectValueFault(const Faults& faults, const core::Operation& op,
                      Converter* converter, fake_ddk::Graph* graph);

}  // namespace fake_device
}  // namespace nnadapter

#endif  // NNADAPTER_DRIVERS_FAKE_DEVICE_FAULTS_H_
