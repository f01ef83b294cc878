#include "runtime/cost.h"

#include <algorithm>
#include <limits>
#include <map>

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/modeling.h"
#include "nnadapter/utility/performance_info.h"
#include "nnadapter/utility/properties.h"

namespace nnadapter {
namespace runtime {

namespace {

constexpr int kHost = -1;

double Elements(const core::Operand* o) {
  if (!o) return 0;
  double n = 1;
  for (uint32_t i = 0; i < o->type.dimensions.count; i++) {
    n *= std::max<int32_t>(o->type.dimensions.data[i], 1);
  }
  return n;
}

// Dimension `i` of operand `o` (1 if absent or unknown).
double Dim(const core::Operand* o, int i) {
  if (!o) return 1;
  const auto& d = o->type.dimensions;
  if (i < 0) i += static_cast<int>(d.count);
  if (i < 0 || i >= static_cast<int>(d.count)) return 1;
  return std::max<int32_t>(d.data[i], 1);
}

double Bytes(const core::Operand* o) {
  return Elements(o) * GetOperandPrecisionDataLength(o->type.precision);
}

NNAdapterOperandPrecision ActivationPrecision(const core::Operation& op) {
  const auto* in = op.input_operands.empty() ? nullptr : op.input_operands[0];
  return in ? in->type.precision : NNADAPTER_FLOAT32;
}

}  // namespace

bool CostAwarePartition(const std::string& properties, bool* cost_aware,
                        std::string* error) {
  std::map<std::string, std::string> parsed;
  if (!ParseProperties(properties, &parsed, error)) return false;
  auto it = parsed.find("NNADAPTER_PARTITION");
  *cost_aware = false;
  if (it == parsed.end() || it->second == "greedy") return true;
  if (it->second == "cost") {
    *cost_aware = true;
    return true;
  }
  *error = "NNADAPTER_PARTITION='" + it->second + "': expected greedy or cost";
  return false;
}

double OperationWork(const core::Operation& op) {
  const auto& in = op.input_operands;
  const core::Operand* out =
      op.output_operands.empty() ? nullptr : op.output_operands[0];
  const core::Operand* x = in.size() > 0 ? in[0] : nullptr;
  const core::Operand* w = in.size() > 1 ? in[1] : nullptr;
  switch (op.type) {
    case NNADAPTER_CONV_2D:  // filter [Cout, Cin/group, kh, kw]
      return Elements(out) * Dim(w, 1) * Dim(w, 2) * Dim(w, 3);
    case NNADAPTER_CONV_2D_TRANSPOSE:  // filter [Cin, Cout/group, kh, kw]
      return Elements(x) * Dim(w, 1) * Dim(w, 2) * Dim(w, 3);
    case NNADAPTER_FULLY_CONNECTED:  // weight [units, K]
      return Elements(out) * Dim(w, 1);
    case NNADAPTER_MAT_MUL:
      return Elements(out) * Dim(x, -1);
    default:
      return std::max(Elements(out), Elements(x));
  }
}

double HostNsPerMac(const std::vector<NNAdapterCapabilities>& devices) {
  double ns = 0;
  for (const auto& c : devices) ns = std::max<double>(ns, c.cpu_ns_per_mac);
  return ns > 0 ? ns : kDefaultHostNsPerMac;
}

bool AssignDevicesByCost(const core::Model& model,
                         const std::vector<std::vector<bool>>& supported,
                         const std::vector<NNAdapterCapabilities>& devices,
                         const std::vector<std::string>& device_names,
                         std::vector<size_t>* device_of, CostEstimate* estimate,
                         std::string* error) {
  std::vector<const core::Operation*> order;
  if (!SortOperationsInTopologicalOrder(&model, &order)) {
    *error = "the model has a cycle";
    return false;
  }
  std::map<const core::Operation*, size_t> index;
  for (const auto& op : model.operations) index[&op] = index.size();
  const double host_ns_per_mac = HostNsPerMac(devices);
  auto transfer = [&](int place) {
    return place == kHost ? 0.0 : devices[place].transfer_ns_per_byte;
  };
  std::map<const core::Operand*, int> place;  // where each value lives
  device_of->assign(model.operations.size(), 0);
  *estimate = CostEstimate();
  for (const core::Operation* op : order) {
    const size_t i = index[op];
    const double host = OperationWork(*op) * host_ns_per_mac;
    estimate->host_ns += host;
    double best = std::numeric_limits<double>::infinity();
    int chosen = kHost;
    for (size_t d = 0; d < devices.size(); d++) {
      if (i >= supported[d].size() || !supported[d][i]) continue;
      double ns = host * PerformanceOf(devices[d], op->type,
                                       ActivationPrecision(*op)).exec_time;
      for (const auto* in : op->input_operands) {
        if (!in || IsConstantOperand(in)) continue;
        auto it = place.find(in);
        const int from = it == place.end() ? kHost : it->second;
        if (from != static_cast<int>(d)) {
          ns += Bytes(in) * (transfer(from) + transfer(static_cast<int>(d)));
        }
      }
      for (const auto* out : op->output_operands) {
        if (out && IsModelOutputOperand(out)) {
          ns += Bytes(out) * transfer(static_cast<int>(d));
        }
      }
      if (ns < best) {
        best = ns;
        chosen = static_cast<int>(d);
      }
    }
    if (chosen == kHost) {
      std::string names;
      for (const auto& n : device_names) names += (names.empty() ? "" : ", ") + n;
      *error = "operation #" + std::to_string(i) + " (" +
               OperationTypeName(op->type) +
               ") is not supported by any device of the context (" + names + ")";
      return false;
    }
    (*device_of)[i] = static_cast<size_t>(chosen);
    estimate->device_ns += best;
    for (const auto* out : op->output_operands) {
      if (out) place[out] = chosen;
    }
  }
  return true;
}

}  // namespace runtime
}  // namespace nnadapter
