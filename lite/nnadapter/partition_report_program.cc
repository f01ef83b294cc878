// PartitionReport::FromProgram: the partition an optimized program (a .nb)
// records, for the light runtime, which has no subgraph pass.
#include "lite/nnadapter/partition_config.h"
#include "lite/nnadapter/partition_report.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

PartitionReport PartitionReport::FromProgram(const cpp::ProgramDesc& program,
                                             const std::vector<std::string>& devices) {
  PartitionReport report;
  report.devices = devices;
  report.min_subgraph_size = 0;  // not recorded in an optimized program
  if (program.blocks.empty()) return report;
  for (const auto& op : program.blocks[0].ops) {
    if (op.Type() == "feed" || op.Type() == "fetch") continue;
    if (op.Type() != "subgraph") {
      OpPlacement p;
      p.type = op.Type();
      p.config_line = OpConfigLine(op);
      p.reason = "placed on the CPU when the model was optimized (the .nb does not record why; "
                 "opt --visualization_file_output_path reports it)";
      report.ops.push_back(p);
      continue;
    }
    const int32_t b = op.GetAttr<int32_t>("sub_block", -1);
    SubgraphPlacement sg;
    sg.inputs = op.GetAttr<std::vector<std::string>>("input_data_names", {});
    sg.outputs = op.GetAttr<std::vector<std::string>>("output_data_names", {});
    if (b > 0 && b < static_cast<int32_t>(program.blocks.size())) {
      for (const auto& inner : program.blocks[b].ops) {
        OpPlacement p;
        p.type = inner.Type();
        p.config_line = OpConfigLine(inner);
        p.subgraph = static_cast<int>(report.subgraphs.size());
        // One device runs it all; of several, the pass recorded which.
        p.device = devices.size() == 1 ? devices.front()
                                       : inner.GetAttr<std::string>(kPlacedDeviceAttr, "");
        sg.ops.push_back(static_cast<int>(report.ops.size()));
        report.ops.push_back(p);
      }
    }
    report.subgraphs.push_back(sg);
  }
  return report;
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
