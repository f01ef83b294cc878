// What opt prints about an optimized model (.nb), every block included: the
// Graphviz graph of --optimized_nb_model_path + --visualization_file_
// output_path and the kernel list of --display_kernels.
#pragma once
#include <ostream>
#include <string>

#include "lite/model_parser/nb/nb_model.h"

namespace paddle {
namespace lite {
namespace opt {

// A Graphviz digraph ("digraph G {"): the ops of block 0 as boxes labelled
// with their kernel (op<i>), variables as ellipses (weights grey); every
// other block a cluster "block b (parent p, run by op '<type>' of block q)"
// whose ops (b<b>_op<i>) carry their kernels (ops of an NNAdapter subgraph
// block: "in subgraph"), linked to the op that runs it by a dashed edge.
std::string NbModelDot(const nb::NbModel& m);

// One line per block after block 0: "  block b (parent p, run by '<type>'):
// n ops (<type> xk, ...)", for --print_model_ops; "" for one block.
std::string DescribeBlocks(const cpp::ProgramDesc& program);

// "kernels:" then "  <op> -> <kernel key>" per op of block 0, then per
// control-flow block "  block b (run by '<type>'):" and its ops, indented.
void PrintKernels(const nb::NbModel& m, std::ostream& out);

}  // namespace opt
}  // namespace lite
}  // namespace paddle
