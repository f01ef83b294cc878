// NaN and Inf inputs through every converter case of the harness: the CPU
// kernel and builtin_device must agree element for element (NaN where the
// other path has NaN, the same infinities, finite values within the case's
// tolerance). The behaviour both follow is IEEE propagation, as ONNX Runtime
// and Paddle's own scalar kernels do: relu(NaN) = NaN, a max-pool window
// holding a NaN gives NaN, clip(NaN) = NaN, x * 0 with x = Inf is NaN
// (docs/reliability.md, "Non-finite values").
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <set>

#include "lite/nnadapter/converter_harness.h"
#include "lite/nnadapter/converter_harness_cases.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Puts NaN, +Inf and -Inf into the first, middle and last element of every
// run-time float input of the op; returns whether there was one.
bool Poison(OpRunner& r) {
  bool any = false;
  for (const auto& [slot, names] : r.desc().inputs()) {
    for (const auto& name : names) {
      Tensor* t = r.scope().FindVar(name);
      if (!t || t->persistable() || t->dtype() != DataType::kFloat32 || t->numel() < 3) continue;
      float* p = t->mutable_data<float>();
      const int64_t n = t->numel();
      p[0] = std::numeric_limits<float>::quiet_NaN();
      p[n / 2] = std::numeric_limits<float>::infinity();
      p[n - 1] = -std::numeric_limits<float>::infinity();
      any = true;
    }
  }
  return any;
}

// The number of elements where the two paths disagree (first few reported).
int Disagreements(const Tensor& ref, const HostBuffer& got, double atol, double rtol,
                  std::string* first) {
  if (ref.dtype() != DataType::kFloat32) return 0;  // integer outputs: the main harness
  const size_t n = static_cast<size_t>(ref.numel());
  if (got.output.size() < n * sizeof(float)) return 1;
  const float* a = ref.data<float>();
  const float* b = reinterpret_cast<const float*>(got.output.data());
  int bad = 0;
  for (size_t i = 0; i < n; ++i) {
    bool same;
    if (std::isnan(a[i]) || std::isnan(b[i])) {
      same = std::isnan(a[i]) && std::isnan(b[i]);
    } else if (std::isinf(a[i]) || std::isinf(b[i])) {
      same = a[i] == b[i];
    } else {
      same = std::fabs(a[i] - b[i]) <= atol + rtol * std::fabs(a[i]);
    }
    if (!same && bad++ == 0) {
      *first = "[" + std::to_string(i) + "] CPU " + std::to_string(a[i]) + " device " +
               std::to_string(b[i]);
    }
  }
  return bad;
}

// Cases whose NNAdapter form cannot give the IEEE result for non-finite
// inputs, with the reason (docs/reliability.md lists them too).
const std::map<std::string, std::string>& KnownDifferences() {
  static const std::map<std::string, std::string> known = {
      {"elu", "composed as max(x, 0) + alpha * (exp(min(x, 0)) - 1): MAX/MIN drop NaN"},
      {"sqrt", "converted as POW(x, 0.5): pow(-Inf, 0.5) = +Inf where sqrt(-Inf) = NaN"},
      {"top_k_v2", "TOP_K orders NaN first; the CPU kernel's comparison never selects it"},
      {"arg_sort", "TOP_K leaves NaN in place; the CPU kernel sorts NaN above every number"},
      {"argsort", "TOP_K leaves NaN in place; the CPU kernel sorts NaN above every number"},
      {"elementwise_mod",
       "composed as x - FLOOR_DIV(x, y) * y: a finite x with y = +-Inf gives 0 * Inf = NaN "
       "where fmod keeps x"},
      {"quantize_linear", "QUANTIZE writes int8, which has no NaN: a NaN input becomes a code"},
      {"bilinear_interp [v1 scale 1.7 align_corners 1]",
       "v1's float source ratio rounds a tap weight to 0 on the CPU where builtin_device's "
       "double ratio does not, so -Inf * 0 = NaN on one side only (finite inputs agree within "
       "1e-5)"},
  };
  return known;
}

TEST(ConverterHarness, NanAndInfInputsGiveTheSameOutputsOnCpuAndBuiltinDevice) {
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  int checked = 0;
  std::map<std::string, std::string> disagree;  // op [case] -> first difference
  std::set<std::string> ops;
  for (const auto& hc : HarnessCases()) {
    // Cases without a CPU kernel compare against a reference written for
    // finite inputs; declining cases never reach the device.
    if (hc.expect != kMatches || KernelsFor(hc.op).empty()) continue;
    const int64_t n = hc.sizes.size() > 2 ? hc.sizes[2] : hc.sizes.back();
    OpRunner r(hc.op);
    hc.build(r, n);
    if (!Poison(r)) continue;
    const std::string what = hc.op + " [" + hc.label + "] n=" + std::to_string(n);
    try {
      r.Run();
    } catch (const Error&) {
      // An op may refuse non-finite values (e.g. as indices); the device
      // then is not asked.
      continue;
    }
    DeviceRun run = RunOnBuiltinDevice(r.desc(), r.scope());
    if (run.declined || run.unsupported) continue;
    for (const auto& [name, buffer] : run.outputs) {
      std::string first;
      int bad = Disagreements(*r.Get(name), buffer, hc.atol, hc.rtol, &first);
      if (bad && !KnownDifferences().count(hc.op) &&
          !KnownDifferences().count(hc.op + " [" + hc.label + "]")) {
        disagree[what + " output " + name] = std::to_string(bad) + " differ, " + first;
      }
    }
    ops.insert(hc.op);
    ++checked;
  }
  for (const auto& [what, diff] : disagree) ADD_FAILURE() << what << ": " << diff;
  std::printf("non-finite harness: %d cases of %zu op types with NaN/+Inf/-Inf inputs, %zu "
              "disagree\n",
              checked, ops.size(), disagree.size());
  EXPECT_GT(checked, 100);
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
