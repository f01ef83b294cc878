// The conformance cases as a list: the ONNX backend tests of
// onnx_cases.inc (the single table) and the hand-written cases.
#ifndef TESTS_CONFORMANCE_CASE_LIST_H_
#define TESTS_CONFORMANCE_CASE_LIST_H_

#include <string>
#include <vector>

#include "case_spec.h"

namespace conformance {

struct OnnxCaseEntry {
  const char* op;
  const char* subdir;
  const char* test;
  char category;
  bool from_guide;  // listed by nnadapter_to_onnx_node_tests (D or I)
};

// Every entry of onnx_cases.inc, in file order.
const std::vector<OnnxCaseEntry>& OnnxCaseEntries();

// One CaseSpec per mappable ONNX case (its first data set) and per hand
// case: the models the suite builds. False with `error` if a listed test's
// data cannot be loaded from `data_dir` (missing data is a failure, never a
// skip); tests the mappings cannot express are left out, as the suite
// reports them "unmapped".
bool LoadAllCaseSpecs(const std::string& data_dir, std::vector<CaseSpec>* specs,
                      std::string* error);

}  // namespace conformance

#endif  // TESTS_CONFORMANCE_CASE_LIST_H_
