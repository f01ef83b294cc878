// Runs a CaseSpec on one device through the public NNAdapter C API and
// compares its outputs with the expectations (NNAPI accuracy rule).
#ifndef TESTS_CONFORMANCE_RUNNER_H_
#define TESTS_CONFORMANCE_RUNNER_H_

#include <string>

#include "case_spec.h"

namespace conformance {

enum class Outcome { kPassed, kFailed, kNotSupported };

struct CaseResult {
  Outcome outcome = Outcome::kFailed;
  std::string message;  // why it failed / which operation was declined
};

// Builds the model of `spec` through the public C API (identified, not
// finished); "" on success with `*model` owned by the caller
// (NNAdapterModel_destroy), else what failed.
std::string BuildCaseModel(const CaseSpec& spec, NNAdapterModel** model);

// `context` must be a context over exactly one device.
CaseResult RunCase(const CaseSpec& spec, NNAdapterContext* context);

// NNAPI accuracy rule. fp32: |e - a| <= atol + 1e-5 + 5 * 1.1920929e-7 * |e|
// (atol = extra tolerance of hand-computed references, usually 0); fp16:
// 5 * 0.0009765625 relative + 1e-3 absolute; 8-bit quantized and (u)int8:
// off by one; other integer precisions and bool: exact. Returns "" if equal,
// else a message naming the first mismatching element.
std::string CompareTensors(const Tensor& expected, const Tensor& actual,
                           double extra_atol);

}  // namespace conformance

#endif  // TESTS_CONFORMANCE_RUNNER_H_
