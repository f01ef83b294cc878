// Each shipped operator-info file answers "is this operation supported?"
// as its driver does, on every model of the conformance suite (the ONNX
// backend cases and the hand cases): the acceptance test of moving a
// driver's support query into its .ini. fake_device: exactly. google_xnnpack:
// the file never refuses what the driver runs; where it accepts and the
// driver refuses, the driver's converter decided on a relation the dialect
// cannot state (window/output sizes, resize factors, int8 parameters), and
// the driver's reason is printed (docs/google-xnnpack.md lists them).
// Run against the hand-written drivers before they were switched to their
// files (fake_device: 0 of 600 operations differed; google_xnnpack: 0
// refused by the file and run by the driver, 6 the other way). Since then
// fake_device answers from its file, so its file is compared with fake_ddk's
// own validation (fake_ddk_oracle.h, the former driver check); google_xnnpack
// is compared with the driver, whose converter stage still runs after the
// file. The conformance runs (nnadapter_conformance_<driver>) check that
// everything a file accepts compiles and matches the reference.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "case_list.h"
#include "fake_ddk_oracle.h"
#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/operator_info.h"
#include "runner.h"
#include "runtime/objects.h"

namespace conformance {
namespace {

struct Device {
  NNAdapterDevice* device = nullptr;
  NNAdapterContext* context = nullptr;
  explicit Device(const char* name) {
    if (NNAdapterDevice_acquire(name, &device) == NNADAPTER_NO_ERROR) {
      NNAdapterContext_create(&device, 1, "", nullptr, &context);
    }
  }
  ~Device() {
    NNAdapterContext_destroy(context);
    NNAdapterDevice_release(device);
  }
};

// Per operation of every case: the driver's answer and the file's.
enum class Agreement { kExact, kFileMayAcceptMore };

// The reference answer for one operation: the driver's (through the C API)
// unless an oracle is given (fake_ddk's own validation for fake_device,
// whose driver now answers from the file itself).
using Oracle = bool (*)(const nnadapter::core::Operation&, std::string*);

void ExpectAgreement(const char* device_name, const char* ini,
                     Agreement agreement, Oracle oracle = nullptr) {
  nnadapter::OperatorInfo info;
  std::string error;
  ASSERT_TRUE(nnadapter::LoadOperatorInfoFile(ini, &info, &error)) << error;
  std::vector<CaseSpec> specs;
  ASSERT_TRUE(LoadAllCaseSpecs(CONFORMANCE_DATA_DIR, &specs, &error)) << error;
  ASSERT_GT(specs.size(), 300u);
  Device d(device_name);
  ASSERT_NE(d.context, nullptr) << NNAdapter_getLastErrorMessage();
  size_t operations = 0, supported = 0;
  std::vector<std::string> disagreements, file_accepts_more;
  for (const auto& spec : specs) {
    NNAdapterModel* raw = nullptr;
    error = BuildCaseModel(spec, &raw);
    ASSERT_TRUE(error.empty()) << spec.name << ": " << error;
    std::unique_ptr<NNAdapterModel, void (*)(NNAdapterModel*)> model(
        raw, NNAdapterModel_destroy);
    const size_t n = spec.operations.size();
    std::unique_ptr<bool[]> by_driver(new bool[n + 1]), by_file(new bool[n + 1]);
    ASSERT_EQ(NNAdapterModel_getSupportedOperations(model.get(), d.context,
                                                    by_driver.get()),
              NNADAPTER_NO_ERROR)
        << spec.name << ": " << NNAdapter_getLastErrorMessage();
    std::vector<std::string> driver_reasons(n);
    for (size_t i = 0; i < n; i++) {
      const char* why = "";
      NNAdapterModel_getUnsupportedReason(model.get(),
                                          static_cast<uint32_t>(i), &why);
      driver_reasons[i] = why;
    }
    const auto& core_model = model->owned.model;
    size_t i = 0;
    for (const auto& op : core_model.operations) {
      std::string file_reason;
      by_file[i] = nnadapter::IsOperationSupported(info, op, &file_reason);
      if (oracle) {
        std::string why;
        by_driver[i] = oracle(op, &why);
        driver_reasons[i] = "fake_ddk: " + why;
      }
      operations++;
      supported += by_driver[i];
      if (by_file[i] != by_driver[i]) {
        auto& list = by_file[i] && agreement == Agreement::kFileMayAcceptMore
                         ? file_accepts_more
                         : disagreements;
        list.push_back(
            spec.name + " #" + std::to_string(i) + " " +
            nnadapter::OperationTypeName(op.type) + ": driver " +
            (by_driver[i] ? "yes" : "no (" + driver_reasons[i] + ")") +
            ", file " + (by_file[i] ? "yes" : "no (" + file_reason + ")"));
      }
      i++;
    }
  }
  std::string all;
  for (const auto& line : disagreements) all += "  " + line + "\n";
  EXPECT_TRUE(disagreements.empty())
      << disagreements.size() << " of " << operations << " operations ("
      << supported << " supported by the driver) disagree:\n"
      << all;
  std::printf("%s: %zu operations of %zu cases, %zu supported, %zu disagree, "
              "%zu accepted by the file and refused by the driver's code:\n",
              device_name, operations, specs.size(), supported,
              disagreements.size(), file_accepts_more.size());
  for (const auto& line : file_accepts_more) std::printf("  %s\n", line.c_str());
}

TEST(OperatorInfoAgreement, FakeDevice) {
  ExpectAgreement("fake_device", FAKE_DEVICE_INI, Agreement::kExact,
                  FakeDdkAccepts);
}

TEST(OperatorInfoAgreement, GoogleXnnpack) {
  ExpectAgreement("google_xnnpack", GOOGLE_XNNPACK_INI,
                  Agreement::kFileMayAcceptMore);
}

}  // namespace
}  // namespace conformance
