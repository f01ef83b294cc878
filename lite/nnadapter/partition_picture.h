// The partition as a picture: every op a box coloured by where it runs (one
// colour per NNAdapter device set, white for the CPU with the reason under
// the op type), the ops of each subgraph boxed together, edges from each
// op to the ops that read its outputs. DOT text, rendered to SVG and PNG by
// Graphviz's `dot` (Debian package graphviz).
#pragma once
#include <string>
#include <vector>

#include "lite/nnadapter/partition_report.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

std::string PartitionDot(const PartitionReport& report);

// Writes <stem>.dot and renders <stem>.svg and <stem>.png; returns the
// paths written. Throws Error naming the file, or saying that `dot` is not
// installed.
std::vector<std::string> WritePartitionPicture(const PartitionReport& report,
                                               const std::string& stem);

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
