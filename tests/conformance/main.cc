// nnadapter_conformance: runs the NNAdapter conformance suite on devices.
//
//   nnadapter_conformance --device=builtin_device[,fake_device,...]
//                         [--filter=CONV_2D] [--verbose] [--data_dir=DIR]
//                         [--list]
//
// Cases: the ONNX backend node tests of libonnx-testdata mapped to NNAdapter
// operations (onnx_cases.inc) and hand-written cases with independently
// computed expectations (hand_*.cc). Every case is built through the public
// C API, asked for support with NNAdapterModel_getSupportedOperations, then
// compiled, executed and compared with the NNAPI accuracy rule.
//
// One pass table per device. Exit status: 0 when every case a device claims
// to support passes (and, for builtin_device, when it supports every mapped
// case); 1 otherwise; 2 on usage errors, missing test data or a device that
// cannot be acquired.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "case_list.h"
#include "hand_cases.h"
#include "onnx_mapping.h"
#include "runner.h"

namespace {

// Every standard operation (the public X-macro list): each must have at
// least one case.
const char* const kStandardOperations[] = {
#define NNADAPTER_OPERATION(name, code) #name,
#include "nnadapter/operation_types.inc"
};

// ONNX tests whose reference outputs were written with limited precision
// (the generator hard-codes them rounded to 4 decimals): an absolute
// tolerance of one unit in the last written digit is added on top of the
// NNAPI rule.
struct ReferencePrecision {
  const char* test;
  double atol;
};
const ReferencePrecision kReferencePrecision[] = {
    {"test_roialign_aligned_false", 1e-4},
    {"test_roialign_aligned_true", 1e-4},
};

double ExtraTolerance(const std::string& test) {
  for (const auto& r : kReferencePrecision) {
    if (test == r.test) return r.atol;
  }
  return 0.0;
}

struct Row {
  int mapped = 0, passed = 0, failed = 0, unsupported = 0, unmapped = 0;
};

struct Options {
  std::string device = "builtin_device";
  std::string filter;
  std::string data_dir;
  bool verbose = false;
  bool list = false;
};

bool ParseArgs(int argc, char** argv, Options* o) {
  const char* env = std::getenv("ONNX_TESTDATA_DIR");
  o->data_dir = env && *env ? env : "/usr/share/libonnx-testdata/data";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](const char* key, std::string* out) {
      const std::string k = std::string(key) + "=";
      if (a.rfind(k, 0) == 0) {
        *out = a.substr(k.size());
        return true;
      }
      return false;
    };
    if (value("--device", &o->device) || value("--filter", &o->filter) ||
        value("--data_dir", &o->data_dir)) {
      continue;
    }
    if (a == "--verbose") {
      o->verbose = true;
    } else if (a == "--list") {
      o->list = true;
    } else {
      std::fprintf(stderr,
                   "unknown argument '%s'\nusage: %s --device=NAME "
                   "[--filter=SUBSTRING] [--verbose] [--data_dir=DIR] "
                   "[--list]\n",
                   argv[i], argv[0]);
      return false;
    }
  }
  return true;
}

bool Matches(const Options& o, const std::string& op, const std::string& name) {
  return o.filter.empty() || op.find(o.filter) != std::string::npos ||
         name.find(o.filter) != std::string::npos;
}

// Runs every selected case on `device_name`; prints its table. Returns 0
// (ok), 1 (failures) or 2 (device unavailable).
int RunDevice(const Options& opt, const std::string& device_name) {
  using namespace conformance;
  NNAdapterDevice* device = nullptr;
  if (NNAdapterDevice_acquire(device_name.c_str(), &device) != NNADAPTER_NO_ERROR) {
    std::fprintf(stderr, "cannot acquire device '%s': %s\n", device_name.c_str(),
                 NNAdapter_getLastErrorMessage());
    return 2;
  }
  NNAdapterContext* context = nullptr;
  if (NNAdapterContext_create(&device, 1, "", nullptr, &context) != NNADAPTER_NO_ERROR) {
    std::fprintf(stderr, "cannot create a context on '%s': %s\n",
                 device_name.c_str(), NNAdapter_getLastErrorMessage());
    NNAdapterDevice_release(device);
    return 2;
  }
  const bool is_builtin = device_name == "builtin_device";

  std::map<std::string, Row> table;
  std::vector<std::string> problems;  // failures and builtin declines
  std::vector<std::string> unmapped;
  int guide_listed = 0, guide_mapped = 0, derived_mapped = 0;
  int hand_cases = 0, hand_int8_cases = 0;
  auto record = [&](const std::string& op, const std::string& name,
                    const CaseResult& r) {
    Row& row = table[op];
    ++row.mapped;
    switch (r.outcome) {
      case Outcome::kPassed:
        ++row.passed;
        if (opt.verbose) std::printf("PASS  %-26s %s\n", op.c_str(), name.c_str());
        break;
      case Outcome::kNotSupported:
        ++row.unsupported;
        if (is_builtin) problems.push_back(op + " " + name + ": builtin_device " + r.message);
        if (opt.verbose) {
          std::printf("NOSUP %-26s %s: %s\n", op.c_str(), name.c_str(), r.message.c_str());
        }
        break;
      case Outcome::kFailed:
        ++row.failed;
        problems.push_back(op + " " + name + ": " + r.message);
        if (opt.verbose) {
          std::printf("FAIL  %-26s %s: %s\n", op.c_str(), name.c_str(), r.message.c_str());
        }
        break;
    }
  };

  // ONNX backend tests.
  for (const auto& e : conformance::OnnxCaseEntries()) {
    const std::string name = std::string(e.subdir) + "/" + e.test;
    if (!Matches(opt, e.op, name)) continue;
    if (e.from_guide) ++guide_listed;
    OnnxTest test;
    std::string error;
    if (!LoadOnnxTest(opt.data_dir + "/" + e.subdir + "/" + e.test, &test, &error)) {
      // Missing/corrupt test data is a failure, not a skip.
      CaseResult r;
      r.message = "cannot load test: " + error;
      record(e.op, name, r);
      continue;
    }
    CaseResult overall;
    overall.outcome = Outcome::kPassed;
    bool mapped = true;
    for (size_t ds = 0; ds < test.data_sets.size(); ++ds) {
      CaseSpec spec;
      spec.op = e.op;
      spec.name = name;
      if (!BuildOnnxCase(test, ds, e.op, &spec, &error)) {
        mapped = false;
        break;
      }
      const double atol = ExtraTolerance(e.test);
      for (double& t : spec.extra_atol) t = std::max(t, atol);
      CaseResult r = RunCase(spec, context);
      if (r.outcome != Outcome::kPassed) {
        if (test.data_sets.size() > 1) r.message = "data set " + std::to_string(ds) + ": " + r.message;
        overall = r;
        break;
      }
    }
    if (!mapped) {
      ++table[e.op].unmapped;
      unmapped.push_back(std::string(e.op) + " " + name + ": " + error);
      if (opt.verbose) std::printf("UNMAP %-26s %s: %s\n", e.op, name.c_str(), error.c_str());
      continue;
    }
    ++(e.from_guide ? guide_mapped : derived_mapped);
    record(e.op, name, overall);
  }

  // Hand-written cases.
  for (const CaseSpec& spec : HandCases()) {
    if (!Matches(opt, spec.op, spec.name)) continue;
    ++hand_cases;
    if (spec.name.rfind("hand_int8/", 0) == 0) ++hand_int8_cases;
    record(spec.op, spec.name, RunCase(spec, context));
  }

  NNAdapterContext_destroy(context);
  NNAdapterDevice_release(device);

  // Report.
  std::printf("\nNNAdapter conformance on device '%s'\n", device_name.c_str());
  std::printf("%-26s %7s %7s %7s %7s %9s\n", "operation", "mapped", "passed",
              "failed", "nosup", "unmapped");
  Row total;
  for (const auto& kv : table) {
    const Row& r = kv.second;
    std::printf("%-26s %7d %7d %7d %7d %9d\n", kv.first.c_str(), r.mapped,
                r.passed, r.failed, r.unsupported, r.unmapped);
    total.mapped += r.mapped;
    total.passed += r.passed;
    total.failed += r.failed;
    total.unsupported += r.unsupported;
    total.unmapped += r.unmapped;
  }
  std::printf("%-26s %7d %7d %7d %7d %9d\n", "TOTAL", total.mapped,
              total.passed, total.failed, total.unsupported, total.unmapped);
  // Coverage: the mapping guide's tests, the hand cases, every operation.
  std::printf("\nmapping guide (nnadapter_to_onnx_node_tests, categories D+I): "
              "%d tests listed, %d mapped, %d unmapped\n",
              guide_listed, guide_mapped, guide_listed - guide_mapped);
  std::printf("derived ONNX cases (not in the guide): %d; hand cases: %d "
              "(int8 variants: %d)\n", derived_mapped, hand_cases, hand_int8_cases);
  std::vector<std::string> uncovered;
  for (const char* op : kStandardOperations) {
    const auto it = table.find(op);
    if (it == table.end() || it->second.mapped == 0) uncovered.push_back(op);
  }
  const int n_ops = static_cast<int>(sizeof(kStandardOperations) / sizeof(kStandardOperations[0]));
  std::printf("standard operations with at least one case: %d of %d\n",
              n_ops - static_cast<int>(uncovered.size()), n_ops);
  if (opt.filter.empty()) {
    for (const auto& op : uncovered) problems.push_back(op + ": no conformance case");
  }
  if (!unmapped.empty()) {
    std::printf("\nONNX tests the suite could not express (not run, not failed):\n");
    for (const auto& u : unmapped) std::printf("  %s\n", u.c_str());
  }
  if (!problems.empty()) {
    std::printf("\nProblems (%zu):\n", problems.size());
    for (const auto& p : problems) std::printf("  %s\n", p.c_str());
  }
  const bool ok = problems.empty() && total.mapped > 0;
  std::printf("\nconformance %s: %d cases passed, %d failed, %d not supported by "
              "'%s'%s\n",
              ok ? "OK" : "FAILED", total.passed, total.failed,
              total.unsupported, device_name.c_str(),
              is_builtin && total.unsupported ? " (builtin_device must support every case)" : "");
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  if (!ParseArgs(argc, argv, &opt)) return 2;

  if (opt.list) {
    for (const auto& e : conformance::OnnxCaseEntries()) {
      if (Matches(opt, e.op, e.test)) {
        std::printf("%-26s %s/%s [%c]\n", e.op, e.subdir, e.test, e.category);
      }
    }
    for (const auto& c : conformance::HandCases()) {
      if (Matches(opt, c.op, c.name)) std::printf("%-26s %s\n", c.op.c_str(), c.name.c_str());
    }
    return 0;
  }

  if (!std::filesystem::is_directory(opt.data_dir)) {
    std::fprintf(stderr,
                 "ONNX test data directory '%s' does not exist (install the "
                 "Debian package libonnx-testdata or set ONNX_TESTDATA_DIR)\n",
                 opt.data_dir.c_str());
    return 2;
  }

  int status = 0;
  size_t start = 0;
  while (start <= opt.device.size()) {
    size_t end = opt.device.find(',', start);
    if (end == std::string::npos) end = opt.device.size();
    const std::string name = opt.device.substr(start, end - start);
    if (!name.empty()) status = std::max(status, RunDevice(opt, name));
    start = end + 1;
  }
  return status;
}
