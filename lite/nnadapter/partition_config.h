// The subgraph partition config of the NNAdapter doc: one rule per line (or
// several joined by "-", as Paddle Lite accepts),
//   op_type:in1,in2:out1   ops of that type reading all listed inputs and
//                          writing all listed outputs are forced to the CPU
//   op_type::out           any inputs; op_type:in  any outputs; op_type  all
// CRLF line ends, blanks around names, empty lines and '#' comments are
// tolerated; a malformed line is an Error naming the line number.
#pragma once
#include <string>
#include <vector>

#include "lite/core/program_desc.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

struct PartitionRule {
  int line{0};
  std::string op_type;
  std::vector<std::string> inputs;
  std::vector<std::string> outputs;
  std::string text;  // the line as written (trimmed)
};

// `source` names the file/buffer in messages.
std::vector<PartitionRule> ParsePartitionConfig(const std::string& text,
                                                const std::string& source);
bool RuleMatches(const PartitionRule& rule, const cpp::OpDesc& op);
// "op_type:in1,in2:out1" for an op (inputs and outputs in slot order), the
// line that forces exactly this op to the CPU.
std::string OpConfigLine(const cpp::OpDesc& op);

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
