// The partition report of the NNAdapter subgraph pass: for every op its
// placement and, when it stays on the CPU, why; for every subgraph its ops,
// inputs, outputs and candidate devices; totals. Written as JSON (stable
// keys, see docs/offload-debugging.md) and summarized in one log line.
#pragma once
#include <string>
#include <vector>

#include "lite/core/program_desc.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

// The attribute the subgraph pass gives each op of a subgraph block when
// several devices are listed: the device that runs it (OpPlacement::device),
// so a .nb's partition report names it too.
constexpr const char kPlacedDeviceAttr[] = "nnadapter_placed_device";

struct OpPlacement {
  std::string type;
  std::string config_line;  // op_type:inputs:outputs, ready for a partition config
  int subgraph{-1};         // index into subgraphs, -1: on the CPU
  // Why it stays on the CPU: "no converter", "converter declined: ...",
  // "device declined: ...", "forced by <config>:<line>", "below the minimum
  // subgraph size ...".
  std::string reason;
  // In a subgraph: the device of the list that runs it (the runtime gives
  // each NNAdapter operation to the first device, in the list's order, that
  // supports it); "dev1+dev2" when its operations go to different devices;
  // empty when not recorded (a .nb optimized for several devices).
  std::string device;
  // The program block holding the op: 0, or the block of a loop body or
  // branch (each block is partitioned on its own).
  int block{0};
};

struct SubgraphPlacement {
  std::vector<int> ops;  // indices into PartitionReport::ops
  std::vector<std::string> inputs, outputs;
};

struct PartitionReport {
  std::vector<std::string> devices;
  int min_subgraph_size{1};
  std::vector<OpPlacement> ops;
  std::vector<SubgraphPlacement> subgraphs;

  int cpu_ops() const;
  std::string Json() const;
  // "N ops: M in K subgraph(s) on dev1,dev2; C on the CPU (type: reason; ...)".
  std::string Summary() const;
  // The ops on the CPU, one "config_line (reason)" per line ("[block b]
  // config_line (reason)" for an op of another block than 0).
  std::string CpuOpLines() const;
  // Reads Json()'s text back (partition_report_reader.cc); throws Error
  // naming what is missing or malformed.
  static PartitionReport FromJson(const std::string& json);
  // FromJson of a file (the one set_nnadapter_partition_report_path wrote).
  static PartitionReport FromJsonFile(const std::string& path);
  // The placement an optimized program records (a .nb's: `subgraph` ops
  // and the ops of their blocks are on the devices, every other op of
  // block 0 on the CPU), for MobileConfig's set_nnadapter_partition_report_
  // path and strict mode (partition_report_program.cc). The reason of a CPU
  // op is what the program can tell: that opt left it there.
  static PartitionReport FromProgram(const cpp::ProgramDesc& program,
                                     const std::vector<std::string>& devices);
};

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
