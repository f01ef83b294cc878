#include "case_list.h"

#include "hand_cases.h"
#include "onnx_mapping.h"

namespace conformance {

const std::vector<OnnxCaseEntry>& OnnxCaseEntries() {
  static const std::vector<OnnxCaseEntry> entries = {
#define CONFORMANCE_CASE(op, subdir, test, cat) {op, subdir, test, cat, true},
#define CONFORMANCE_DERIVED_CASE(op, subdir, test, cat) \
  {op, subdir, test, cat, false},
#include "onnx_cases.inc"
#undef CONFORMANCE_DERIVED_CASE
#undef CONFORMANCE_CASE
  };
  return entries;
}

bool LoadAllCaseSpecs(const std::string& data_dir, std::vector<CaseSpec>* specs,
                      std::string* error) {
  for (const auto& e : OnnxCaseEntries()) {
    const std::string name = std::string(e.subdir) + "/" + e.test;
    OnnxTest test;
    if (!LoadOnnxTest(data_dir + "/" + name, &test, error)) {
      *error = name + ": " + *error;
      return false;
    }
    CaseSpec spec;
    spec.op = e.op;
    spec.name = name;
    std::string unmapped;
    if (BuildOnnxCase(test, 0, e.op, &spec, &unmapped)) specs->push_back(spec);
  }
  for (const CaseSpec& spec : HandCases()) specs->push_back(spec);
  return true;
}

}  // namespace conformance
