#include "testing/operator_info_sections.h"

#include <gtest/gtest.h>

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/operator_info.h"

namespace nnadapter_test {

std::set<std::string> OperatorInfoSections(const std::string& path) {
  nnadapter::OperatorInfo info;
  std::string error;
  EXPECT_TRUE(nnadapter::LoadOperatorInfoFile(path, &info, &error)) << error;
  std::set<std::string> names;
  for (const auto& entry : info.operators) {
    names.insert(nnadapter::OperationTypeName(entry.first));
  }
  return names;
}

}  // namespace nnadapter_test
