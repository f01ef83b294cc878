#include "lite/nnadapter/partition_config.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>

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

// Issue 27 #16: names holding the grammar's separators ('-' joins rules,
// ':' separates fields, ',' names) were split; ONNX names such as
// onnx::Sigmoid_2 were errors. The printed line escapes them and parses
// back to a rule that matches exactly its op.
TEST(PartitionConfig, PrintedLinesEscapeSeparatorsInNamesAndParseBackToTheirOp) {
  cpp::OpDesc relu("relu");
  relu.SetInput("X", {"x"});
  relu.SetOutput("Out", {"feat-1"});
  EXPECT_EQ(OpConfigLine(relu), "relu:x:feat\\-1");
  cpp::OpDesc sig("sigmoid");
  sig.SetInput("X", {"onnx::Sigmoid_2"});
  sig.SetOutput("Out", {"a,b #c\\d\xc3\xa9"});
  EXPECT_EQ(OpConfigLine(sig), "sigmoid:onnx\\:\\:Sigmoid_2:a\\,b\\x20\\#c\\\\d\\xc3\\xa9");
  cpp::OpDesc other("relu");
  other.SetInput("X", {"x"});
  other.SetOutput("Out", {"feat"});
  const std::vector<const cpp::OpDesc*> ops = {&relu, &sig, &other};
  // Every printed line, alone and all on one line joined by '-'.
  std::string joined;
  for (const auto* op : ops) {
    auto rules = ParsePartitionConfig(OpConfigLine(*op) + "\n", "printed");
    ASSERT_EQ(rules.size(), 1u) << OpConfigLine(*op);
    for (const auto* candidate : ops) {
      EXPECT_EQ(RuleMatches(rules[0], *candidate), candidate == op)
          << OpConfigLine(*op) << " vs " << OpConfigLine(*candidate);
    }
    joined += (joined.empty() ? "" : "-") + OpConfigLine(*op);
  }
  auto rules = ParsePartitionConfig(joined, "joined");
  ASSERT_EQ(rules.size(), 3u);
  EXPECT_EQ(rules[0].outputs, (std::vector<std::string>{"feat-1"}));
  EXPECT_EQ(rules[1].inputs, (std::vector<std::string>{"onnx::Sigmoid_2"}));
  EXPECT_EQ(rules[1].outputs, (std::vector<std::string>{"a,b #c\\d\xc3\xa9"}));
  EXPECT_EQ(rules[2].outputs, (std::vector<std::string>{"feat"}));
  // Before: "relu:x:feat-1" was two rules, "relu:x:feat" and "1".
  // An unknown escape is an error naming the line.
  try {
    ParsePartitionConfig("relu\nrelu:x\\q:y\n", "cfg.txt");
    ADD_FAILURE() << "accepted \\q";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("cfg.txt:2: malformed input list 'x\\q'"),
              std::string::npos)
        << e.what();
  }
}

// Issue 27 #15a: a 3 GB partition config was read whole (3.1 GB RSS, then
// std::bad_alloc). Files above 16 MiB are refused before any byte is read.
TEST(PartitionConfig, AFileAboveTheCapIsRefusedNamingTheFileAndTheCap) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("partition_config_big_" + std::to_string(getpid()) + ".txt"))
                               .string();
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(ftruncate(fd, off_t{3} << 30), 0);  // sparse: no disk used
  close(fd);
  std::string msg;
  try {
    ReadPartitionConfigFile(path);
  } catch (const Error& e) {
    msg = e.what();
  }
  EXPECT_NE(msg.find("cannot read partition config '" + path + "': it is 3221225472 bytes, "
                     "more than the 16777216 bytes a partition config may have"),
            std::string::npos)
      << msg;
  // At the cap it is read.
  const int fd2 = open(path.c_str(), O_WRONLY | O_TRUNC);
  ASSERT_GE(fd2, 0);
  ASSERT_EQ(ftruncate(fd2, static_cast<off_t>(kMaxPartitionConfigBytes)), 0);
  close(fd2);
  EXPECT_EQ(ReadPartitionConfigFile(path).size(), kMaxPartitionConfigBytes);
  std::remove(path.c_str());
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
