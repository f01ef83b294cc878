// google_xnnpack.ini describes exactly the operations of operations.inc
// (the converter's dispatch): the file decides the operand types, the
// converter the rest.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "nnadapter/utility/operation_list.h"
#include "testing/operator_info_sections.h"

namespace {

TEST(GoogleXnnpackOperations, OperatorInfoFileHasOneSectionPerOperation) {
  const std::set<std::string> listed = {
#define GOOGLE_XNNPACK_OPERATION NNADAPTER_KIT_OPERATION_NAME
#include "operations.inc"
#undef GOOGLE_XNNPACK_OPERATION
  };
  EXPECT_EQ(nnadapter_test::OperatorInfoSections(GOOGLE_XNNPACK_INI), listed);
  EXPECT_EQ(listed.size(), 42u);
}

}  // namespace
