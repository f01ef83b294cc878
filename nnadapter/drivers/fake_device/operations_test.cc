// fake_device.ini describes exactly the operations of operations.inc.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/operation_list.h"
#include "nnadapter/utility/operator_info.h"

namespace {

TEST(FakeDeviceOperations, OperatorInfoFileHasOneSectionPerOperation) {
  const std::set<std::string> listed = {
#define FAKE_DEVICE_OPERATION NNADAPTER_KIT_OPERATION_NAME
#include "operations.inc"
#undef FAKE_DEVICE_OPERATION
  };
  nnadapter::OperatorInfo info;
  std::string error;
  ASSERT_TRUE(nnadapter::LoadOperatorInfoFile(FAKE_DEVICE_INI, &info, &error))
      << error;
  std::set<std::string> described;
  for (const auto& entry : info.operators) {
    described.insert(nnadapter::OperationTypeName(entry.first));
  }
  EXPECT_EQ(described, listed);
  EXPECT_EQ(listed.size(), 21u);
  EXPECT_TRUE(listed.count("CONV_2D_TRANSPOSE"));
}

}  // namespace
