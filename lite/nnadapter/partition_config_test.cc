#include "lite/nnadapter/partition_config.h"

#include <gtest/gtest.h>

#include "lite/core/error.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

TEST(PartitionConfig, SeveralRulesOnOneLineJoinedByDash) {
  auto rules = ParsePartitionConfig("softmax - conv2d:x:y-pool2d\nrelu\n", "cfg.txt");
  ASSERT_EQ(rules.size(), 4u);
  EXPECT_EQ(rules[0].op_type, "softmax");
  EXPECT_EQ(rules[1].op_type, "conv2d");
  EXPECT_EQ(rules[1].inputs, (std::vector<std::string>{"x"}));
  EXPECT_EQ(rules[1].outputs, (std::vector<std::string>{"y"}));
  EXPECT_EQ(rules[2].op_type, "pool2d");
  EXPECT_EQ(rules[2].line, 1);
  EXPECT_EQ(rules[3].line, 2);
  std::string msg;
  try {
    ParsePartitionConfig("softmax--relu\n", "cfg.txt");
  } catch (const Error& e) {
    msg = e.what();
  }
  EXPECT_NE(msg.find("cfg.txt:1: 'softmax--relu' has an empty rule between '-' separators"),
            std::string::npos)
      << msg;
}

TEST(PartitionConfig, AllRuleFormsWithCrlfBlanksAndComments) {
  std::string text =
      "# force these to the CPU\r\n"
      "\r\n"
      "  conv2d : x , w : y \r\n"
      "pool2d::p_out\r\n"
      "relu:r_in\r\n"
      "softmax\r\n";
  auto rules = ParsePartitionConfig(text, "cfg.txt");
  ASSERT_EQ(rules.size(), 4u);
  EXPECT_EQ(rules[0].line, 3);
  EXPECT_EQ(rules[0].op_type, "conv2d");
  EXPECT_EQ(rules[0].inputs, (std::vector<std::string>{"x", "w"}));
  EXPECT_EQ(rules[0].outputs, (std::vector<std::string>{"y"}));
  EXPECT_TRUE(rules[1].inputs.empty());
  EXPECT_EQ(rules[1].outputs, (std::vector<std::string>{"p_out"}));
  EXPECT_EQ(rules[2].inputs, (std::vector<std::string>{"r_in"}));
  EXPECT_TRUE(rules[3].inputs.empty() && rules[3].outputs.empty());

  cpp::OpDesc conv("conv2d");
  conv.SetInput("Input", {"x"});
  conv.SetInput("Filter", {"w"});
  conv.SetOutput("Output", {"y"});
  EXPECT_TRUE(RuleMatches(rules[0], conv));
  conv.SetOutput("Output", {"z"});
  EXPECT_FALSE(RuleMatches(rules[0], conv));
  cpp::OpDesc sm("softmax");
  EXPECT_TRUE(RuleMatches(rules[3], sm));
  // The printed line of an op is a rule that matches exactly that op.
  EXPECT_EQ(OpConfigLine(conv), "conv2d:w,x:z");
  auto back = ParsePartitionConfig(OpConfigLine(conv), "printed");
  EXPECT_TRUE(RuleMatches(back[0], conv));
}

TEST(PartitionConfig, MalformedLinesAreRejectedWithTheLineNumber) {
  for (const char* bad : {"conv2d:a:b:c", ":x:y", "conv2d:a,,b:y", "conv 2d"}) {
    try {
      ParsePartitionConfig(std::string("# ok\nrelu\n") + bad + "\n", "cfg.txt");
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("cfg.txt:3"), std::string::npos) << e.what();
    }
  }
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
