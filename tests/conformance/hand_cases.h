// Hand-written conformance cases with independently computed expectations:
// the operations without an ONNX backend test (hand_ops.cc) and int8
// quantized variants (hand_int8.cc, hand_int8_more.cc).
#ifndef TESTS_CONFORMANCE_HAND_CASES_H_
#define TESTS_CONFORMANCE_HAND_CASES_H_

#include <vector>

#include "case_spec.h"

namespace conformance {

std::vector<CaseSpec> HandCases();
void AddHandOpCases(std::vector<CaseSpec>* cases);
void AddHandInt8Cases(std::vector<CaseSpec>* cases);
void AddHandInt8MoreCases(std::vector<CaseSpec>* cases);

}  // namespace conformance

#endif  // TESTS_CONFORMANCE_HAND_CASES_H_
