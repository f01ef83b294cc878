#include "profile.h"

#include <xnnpack.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <list>
#include <map>
#include <string>

#include "converter.h"
#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/modeling.h"
#include "nnadapter/utility/optimizer.h"

namespace nnadapter {
namespace google_xnnpack {

namespace {

// "CONV_2D 3x3 96->24 @160x160", "DEPTHWISE 5x5 ...", "ADD [1,96,40,40]".
std::string Describe(const core::Operation& op, std::string* kind) {
  *kind = OperationTypeName(op.type);
  const auto& out = op.output_operands[0]->type.dimensions;
  std::string shape = DimensionsToString(out);
  if (op.type == NNADAPTER_CONV_2D && op.input_operands.size() == 9 &&
      out.count == 4) {
    // After the layout pass: NHWC tensors, a filter [Cout, kh, kw, Cin/g]
    // or, depthwise, [1, kh, kw, Cout].
    int32_t group = 1;
    GetConstantInt32(op.input_operands[6], &group);
    const auto& w = op.input_operands[1]->type.dimensions;
    const auto& x = op.input_operands[0]->type.dimensions;
    const bool dw = group > 1 && w.data[0] == 1;
    const bool pointwise = w.data[1] == 1 && w.data[2] == 1;
    *kind = dw ? "CONV_2D depthwise" : pointwise ? "CONV_2D 1x1" : "CONV_2D kxk";
    return *kind + " " + std::to_string(w.data[1]) + "x" +
           std::to_string(w.data[2]) + " " + std::to_string(x.data[3]) + "->" +
           std::to_string(out.data[3]) + " @" + std::to_string(out.data[1]) +
           "x" + std::to_string(out.data[2]) +
           (group > 1 ? " g" + std::to_string(group) : "");
  }
  return *kind + " " + shape;
}

size_t Bytes(const core::Operand* o) {
  std::vector<size_t> dims;
  if (!XnnDims(o, &dims)) return 0;
  size_t n = o->type.precision == NNADAPTER_FLOAT32 ? 4 : 1;
  for (size_t d : dims) n *= d;
  return n + XNN_EXTRA_BYTES;
}

// Milliseconds per run of `op` as stored (after the layout pass) converted
// on its own into a runtime, or a negative value.
double TimeConverted(const core::Operation& op, pthreadpool_t pool, int repeats) {
  xnn_subgraph_t subgraph = nullptr;
  const uint32_t externals =
      static_cast<uint32_t>(op.input_operands.size() + op.output_operands.size());
  if (xnn_create_subgraph(externals, 0, &subgraph) != xnn_status_success) {
    return -1;
  }
  std::list<std::vector<uint8_t>> storage, buffers;
  Converter converter(subgraph, &storage);
  converter.set_standalone(true, 0);
  std::string error;
  xnn_runtime_t runtime = nullptr;
  bool ok = converter.Convert(op, &error) &&
            xnn_create_runtime_v2(subgraph, pool, 0, &runtime) ==
                xnn_status_success;
  xnn_delete_subgraph(subgraph);
  if (!ok) return -1;
  std::vector<xnn_external_value> values;
  for (const auto* m : {&converter.external_inputs(), &converter.external_outputs()}) {
    for (const auto& kv : *m) {
      // Inputs of 0x3c bytes: 0.0115 as fp32 patterns, 60 as int8.
      buffers.emplace_back(Bytes(kv.first), 0x3c);
      values.push_back({kv.second, buffers.back().data()});
    }
  }
  double ms = -1;
  if (xnn_setup_runtime(runtime, values.size(), values.data()) ==
          xnn_status_success &&
      xnn_invoke_runtime(runtime) == xnn_status_success) {
    auto start = std::chrono::steady_clock::now();
    for (int r = 0; r < repeats; r++) xnn_invoke_runtime(runtime);
    ms = std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - start)
             .count() /
         repeats;
  }
  xnn_delete_runtime(runtime);
  return ms;
}

}  // namespace

double TimeOperation(const core::Operation& op, pthreadpool_t pool, int repeats) {
  OwnedModel single = SingleOperationModel(op);
  ConvertDataLayoutNchwToNhwc(&single, BoundaryLayout::kNhwc);
  double total = 0;
  for (const auto* laid_out : SortOperationsInTopologicalOrder(&single.model)) {
    const double ms = TimeConverted(*laid_out, pool, repeats);
    if (ms < 0) return ms;
    total += ms;
  }
  return total;
}

void PrintOperationProfile(const std::vector<core::Operation*>& operations,
                           pthreadpool_t pool, int repeats) {
  struct Row {
    int count = 0;
    double ms = 0;
  };
  std::map<std::string, Row> kinds;
  std::vector<std::pair<double, std::string>> each;
  double total = 0;
  for (const auto* op : operations) {
    std::string kind, what = Describe(*op, &kind);
    const double ms = TimeConverted(*op, pool, repeats);
    if (ms < 0) continue;
    kinds[kind].count++;
    kinds[kind].ms += ms;
    each.emplace_back(ms, what);
    total += ms;
  }
  std::vector<std::pair<double, std::string>> sorted;
  for (const auto& kv : kinds) sorted.emplace_back(kv.second.ms, kv.first);
  std::sort(sorted.rbegin(), sorted.rend());
  std::sort(each.rbegin(), each.rend());
  std::fprintf(stderr,
               "google_xnnpack profile: %zu operations timed on their own, "
               "%.3f ms in total\n%-28s %6s %10s %7s\n",
               each.size(), total, "kind", "count", "ms/run", "%");
  for (const auto& r : sorted) {
    std::fprintf(stderr, "%-28s %6d %10.3f %6.1f%%\n", r.second.c_str(),
                 kinds[r.second].count, r.first,
                 total > 0 ? 100 * r.first / total : 0.0);
  }
  std::fprintf(stderr, "slowest operations:\n");
  for (size_t i = 0; i < each.size() && i < 10; i++) {
    std::fprintf(stderr, "  %8.3f ms  %s\n", each[i].first, each[i].second.c_str());
  }
}

}  // namespace google_xnnpack
}  // namespace nnadapter
