// The converter differential harness: every Paddle op type of
// converters.inc has cases here (a type without one fails the test); each
// case runs on the odd sizes 1, 3, 13, 127 through the CPU kernel and
// through its converter on builtin_device and every converted output must
// agree (float: |cpu - device| <= 1e-5 + 1e-5 * |cpu|, NNAPI's fp32 rule at
// the scale of these inputs; integers and bools exactly). A case marked
// kDeclines checks that the converter refuses the attribute combination
// (the op then stays on the CPU) instead of miscomputing it.
#include <cstdlib>
#include <map>

#include "lite/nnadapter/converter_harness.h"
#include "lite/nnadapter/converter_harness_cases.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Output slots a converter never produces (training/shape bookkeeping).
bool AuxiliarySlot(const std::string& slot_and_var) {
  static const char* kSlots[] = {"XShape:", "Mean:", "Variance:", "SavedMean:",
                                 "SavedVariance:", "MeanOut:", "VarianceOut:", "ReserveSpace:"};
  for (const char* s : kSlots) {
    if (slot_and_var.rfind(s, 0) == 0) return true;
  }
  return false;
}

void RunCase(const HarnessCase& hc, int64_t n, int* checked) {
  const std::string what = hc.op + " [" + hc.label + "] n=" + std::to_string(n);
  SCOPED_TRACE(what);
  OpRunner r(hc.op);
  hc.build(r, n);
  const bool has_kernel = !KernelsFor(hc.op).empty();
  if (has_kernel) {
    r.Run();
  } else {
    // Explicit in the table (no_cpu_kernel), never a silent skip: the
    // case's own reference writes the expected outputs.
    ASSERT_NE(hc.no_cpu_kernel, nullptr)
        << what << ": no CPU kernel and the case does not say why";
    ASSERT_TRUE(hc.reference) << what << ": no CPU kernel and no reference";
    hc.reference(r);
  }
  DeviceRun run = RunOnBuiltinDevice(r.desc(), r.scope());
  if (hc.expect == kDeclines) {
    EXPECT_TRUE(run.declined) << what << ": the converter should decline";
    if (run.declined && !hc.decline_mentions.empty()) {
      EXPECT_NE(run.decline_reason.find(hc.decline_mentions), std::string::npos)
          << what << ": '" << hc.decline_mentions << "' not in: " << run.decline_reason;
    }
    ++*checked;
    return;
  }
  ASSERT_FALSE(run.declined) << what << ": converter declined: " << run.decline_reason;
  ASSERT_FALSE(run.unsupported) << what << ": builtin_device declined an operation";
  for (const auto& u : run.unmapped_outputs) {
    EXPECT_TRUE(AuxiliarySlot(u)) << what << ": output " << u << " is not converted";
  }
  ASSERT_FALSE(run.outputs.empty()) << what << ": nothing to compare";
  for (const auto& [name, buffer] : run.outputs) {
    ExpectSameOutput(*r.Get(name), buffer, what + " output " + name, hc.atol, hc.rtol);
  }
  ++*checked;
}

TEST(ConverterHarness, EveryConverterHasCasesAndMatchesTheCpuKernel) {
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  const std::vector<HarnessCase> cases = HarnessCases();
  std::map<std::string, int> matching_cases;
  for (const auto& hc : cases) {
    if (hc.expect == kMatches) ++matching_cases[hc.op];
  }
  for (const auto& op : nnadapter_bridge::ConvertibleOpTypes()) {
    EXPECT_GT(matching_cases[op], 0) << "converter of '" << op << "' has no harness case";
  }
  int checked = 0, pending = 0;
  for (const auto& hc : cases) {
    EXPECT_NE(nnadapter_bridge::FindConverter(hc.op), nullptr)
        << "harness case for '" << hc.op << "', which has no converter";
    if (KernelsFor(hc.op).empty() && hc.no_cpu_kernel) ++pending;
    for (int64_t n : hc.sizes) RunCase(hc, n, &checked);
  }
  std::printf("converter harness: %zu op types, %zu cases, %d runs; %d cases against their own "
              "reference (no CPU kernel yet)\n",
              nnadapter_bridge::ConvertibleOpTypes().size(), cases.size(), checked, pending);
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
