// Hand-written conformance cases with independently computed expectations:
// the operations without an ONNX backend test (hand_ops.cc) and int8
// quantized variants (hand_int8.cc, hand_int8_more.cc).
#ifndef TESTS_CONFORMANCE_HAND_CASES_H_
#define TESTS_CONFORMANCE_HAND_CASES_H_

#include <string>
#include <vector>

#include "case_spec.h"

namespace conformance {

std::vector<CaseSpec> HandCases();
// An empty case of operation `op` named <group>/<name>.
inline CaseSpec NamedCase(const std::string& group, const char* op, const char* name) {
  CaseSpec c;
  c.op = op;
  c.name = group + "/" + name;
  return c;
}
void AddHandOpCases(std::vector<CaseSpec>* cases);
void AddHandInt8Cases(std::vector<CaseSpec>* cases);
void AddHandInt8MoreCases(std::vector<CaseSpec>* cases);

}  // namespace conformance

#endif  // TESTS_CONFORMANCE_HAND_CASES_H_
