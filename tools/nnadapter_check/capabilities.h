// nnadapter_check --print_capabilities: what each device reports through
// NNAdapterDevice_getCapabilities (declared or measured figures relative to
// the CPU path; "not reported" for a driver without the entry).
#ifndef TOOLS_NNADAPTER_CHECK_CAPABILITIES_H_
#define TOOLS_NNADAPTER_CHECK_CAPABILITIES_H_

#include <ostream>
#include <string>
#include <vector>

namespace paddle {
namespace lite {
namespace nnadapter_check {

// Prints the figures of every device; returns 0, or 2 if a device cannot
// be acquired or fails to report (its line says why).
int PrintCapabilities(const std::vector<std::string>& devices,
                      std::ostream& out);

}  // namespace nnadapter_check
}  // namespace lite
}  // namespace paddle

#endif  // TOOLS_NNADAPTER_CHECK_CAPABILITIES_H_
