// The subgraph partition config of the NNAdapter doc: one rule per line (or
// several joined by "-", as Paddle Lite accepts),
//   op_type:in1,in2:out1   ops of that type reading all listed inputs and
//                          writing all listed outputs are forced to the CPU
//   op_type::out           any inputs; op_type:in  any outputs; op_type  all
// CRLF line ends, blanks around names, empty lines and '#' comments are
// tolerated; a malformed line is an Error naming the line number.
// Names holding the grammar's characters are escaped (EscapeName): \- \:
// \, \# and \\ stand for - : , # and a backslash; \xNN for the byte NN
// (blanks, control and non-ASCII bytes). OpConfigLine writes names so, and
// any other backslash sequence is an error.
#pragma once
#include <cstdint>
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
// A partition config file is read whole; larger files are refused (16 MiB:
// a config names ops, one short line each).
constexpr uint64_t kMaxPartitionConfigBytes = uint64_t{16} << 20;
// Reads a partition (or mixed precision) config file through the file-access
// policy (regular files only, at most kMaxPartitionConfigBytes); throws an
// Error naming the file, and for a larger file its size and the cap.
std::string ReadPartitionConfigFile(const std::string& path,
                                    const std::string& what = "partition config");
// `name` as a partition config token (see above).
std::string EscapeName(const std::string& name);
// "op_type:in1,in2:out1" for an op (inputs and outputs in slot order), the
// line that forces exactly this op to the CPU.
std::string OpConfigLine(const cpp::OpDesc& op);

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
