// fake_device.ini describes exactly the operations of operations.inc.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "nnadapter/utility/operation_list.h"
#include "testing/operator_info_sections.h"

namespace {

TEST(FakeDeviceOperations, OperatorInfoFileHasOneSectionPerOperation) {
  const std::set<std::string> listed = {
#define FAKE_DEVICE_OPERATION NNADAPTER_KIT_OPERATION_NAME
#include "operations.inc"
#undef FAKE_DEVICE_OPERATION
  };
  EXPECT_EQ(nnadapter_test::OperatorInfoSections(FAKE_DEVICE_INI), listed);
  EXPECT_EQ(listed.size(), 21u);
  EXPECT_TRUE(listed.count("CONV_2D_TRANSPOSE"));
}

}  // namespace
