#include "tools/nnadapter_check/capabilities.h"

#include <iomanip>

#include <nnadapter/nnadapter.h>

namespace paddle {
namespace lite {
namespace nnadapter_check {

namespace {

const char* SourceName(int32_t source) {
  switch (source) {
    case NNADAPTER_CAPABILITIES_DECLARED:
      return "declared";
    case NNADAPTER_CAPABILITIES_MEASURED:
      return "measured";
    default:
      return "not reported";
  }
}

void PrintFigure(std::ostream& out, const char* what,
                 const NNAdapterPerformanceInfo& p) {
  out << "  " << std::left << std::setw(22) << what << " exec_time "
      << std::setw(8) << p.exec_time << " power_usage " << p.power_usage
      << "\n";
}

}  // namespace

int PrintCapabilities(const std::vector<std::string>& devices,
                      std::ostream& out) {
  int status = 0;
  for (const auto& name : devices) {
    NNAdapterDevice* device = nullptr;
    NNAdapterCapabilities c;
    if (NNAdapterDevice_acquire(name.c_str(), &device) != NNADAPTER_NO_ERROR ||
        NNAdapterDevice_getCapabilities(device, &c) != NNADAPTER_NO_ERROR) {
      out << name << ": " << NNAdapter_getLastErrorMessage() << "\n";
      NNAdapterDevice_release(device);
      status = 2;
      continue;
    }
    NNAdapterDevice_release(device);
    out << name << " (" << SourceName(c.source)
        << "; times and power relative to the CPU path, 1 = same)\n";
    PrintFigure(out, "float32", c.float32_performance);
    PrintFigure(out, "quant8 symmetric", c.quant8_symm_performance);
    PrintFigure(out, "quant8 asymmetric", c.quant8_asymm_performance);
    out << "  transfer_ns_per_byte   " << c.transfer_ns_per_byte << "\n"
        << "  cpu_ns_per_mac         " << c.cpu_ns_per_mac << "\n";
    for (uint32_t i = 0;
         i < c.operation_count && i < NNADAPTER_MAX_OPERATION_PERFORMANCES; i++) {
      const char* op = NNAdapterOperationTypeName(c.operations[i].type);
      PrintFigure(out, op ? op : "?", c.operations[i].performance);
    }
  }
  return status;
}

}  // namespace nnadapter_check
}  // namespace lite
}  // namespace paddle
