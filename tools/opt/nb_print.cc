#include "tools/opt/nb_print.h"

#include <map>
#include <set>
#include <sstream>
#include <variant>

namespace paddle {
namespace lite {
namespace opt {
namespace {

bool FeedOrFetch(const cpp::OpDesc& op) { return op.Type() == "feed" || op.Type() == "fetch"; }

struct Runner {
  int32_t block{-1};
  size_t op{0};
  std::string type;
};

// Which op runs each block (control-flow ops and NNAdapter subgraph ops
// name it in their `sub_block` attribute).
std::map<int32_t, Runner> BlockRunners(const cpp::ProgramDesc& p) {
  std::map<int32_t, Runner> runners;
  for (size_t b = 0; b < p.blocks.size(); ++b) {
    const auto& ops = p.blocks[b].ops;
    for (size_t i = 0; i < ops.size(); ++i) {
      auto it = ops[i].attrs().find("sub_block");
      if (it == ops[i].attrs().end()) continue;
      const int32_t* idx = std::get_if<int32_t>(&it->second.value);
      if (!idx) continue;
      const int32_t sub = *idx;
      if (sub > 0 && sub < static_cast<int32_t>(p.blocks.size()) && !runners.count(sub)) {
        runners[sub] = Runner{static_cast<int32_t>(b), i, ops[i].Type()};
      }
    }
  }
  return runners;
}

std::string OpId(int32_t block, size_t i) {
  return block == 0 ? "op" + std::to_string(i)
                    : "b" + std::to_string(block) + "_op" + std::to_string(i);
}

// The kernel of op i of block b ("" for feed/fetch and ops of subgraph
// blocks).
std::string KernelOf(const nb::NbModel& m, int32_t b, size_t i) {
  const cpp::OpDesc& op = m.program.blocks[b].ops[i];
  if (FeedOrFetch(op)) return op.Type();
  if (b == 0) return i < m.kernel_keys.size() ? m.kernel_keys[i].ToString() : "";
  auto it = m.sub_block_kernel_keys.find(b);
  if (it == m.sub_block_kernel_keys.end() || i >= it->second.size()) return "";
  return it->second[i].ToString();
}

}  // namespace

std::string NbModelDot(const nb::NbModel& m) {
  std::ostringstream dot;
  dot << "digraph G {\n  compound=true;\n";
  std::set<std::string> vars;
  const auto runners = BlockRunners(m.program);
  for (size_t b = 0; b < m.program.blocks.size(); ++b) {
    const auto blk = static_cast<int32_t>(b);
    const auto& block = m.program.blocks[b];
    const std::string indent = b == 0 ? "  " : "    ";
    if (b > 0) {
      auto r = runners.find(blk);
      dot << "  subgraph cluster_block" << b << " {\n    label=\"block " << b << " (parent "
          << block.parent_idx;
      if (r != runners.end()) dot << ", run by op '" << r->second.type << "' of block " << r->second.block;
      dot << ")\";\n    style=dashed;\n";
    }
    for (size_t i = 0; i < block.ops.size(); ++i) {
      std::string kernel = KernelOf(m, blk, i);
      if (kernel.empty()) kernel = "in subgraph";
      dot << indent << OpId(blk, i) << " [shape=box, label=\"" << block.ops[i].Type() << "\\n"
          << kernel << "\"];\n";
    }
    if (b > 0) dot << "  }\n";
    for (size_t i = 0; i < block.ops.size(); ++i) {
      for (const auto& n : block.ops[i].InputArgumentNames()) {
        vars.insert(n);
        dot << "  \"" << n << "\" -> " << OpId(blk, i) << ";\n";
      }
      for (const auto& n : block.ops[i].OutputArgumentNames()) {
        vars.insert(n);
        dot << "  " << OpId(blk, i) << " -> \"" << n << "\";\n";
      }
    }
  }
  for (const auto& [b, r] : runners) {
    if (m.program.blocks[b].ops.empty()) continue;
    dot << "  " << OpId(r.block, r.op) << " -> " << OpId(b, 0)
        << " [style=dashed, lhead=cluster_block" << b << ", label=\"sub_block " << b << "\"];\n";
  }
  for (const auto& v : vars) {
    const bool weight = m.weights && m.weights->FindVar(v);
    dot << "  \"" << v << "\" [shape=ellipse" << (weight ? ", style=filled, fillcolor=grey" : "")
        << "];\n";
  }
  dot << "}\n";
  return dot.str();
}

std::string DescribeBlocks(const cpp::ProgramDesc& program) {
  if (program.blocks.size() < 2) return "";
  std::ostringstream out;
  out << "blocks run by other ops:\n";
  const auto runners = BlockRunners(program);
  for (size_t b = 1; b < program.blocks.size(); ++b) {
    auto r = runners.find(static_cast<int32_t>(b));
    std::map<std::string, int> counts;
    for (const auto& op : program.blocks[b].ops) counts[op.Type()]++;
    out << "  block " << b << " (parent " << program.blocks[b].parent_idx << ", run by '"
        << (r == runners.end() ? std::string("nothing") : r->second.type)
        << "'): " << program.blocks[b].ops.size() << " ops (";
    bool first = true;
    for (const auto& [type, n] : counts) {
      out << (first ? "" : ", ") << type << " x" << n;
      first = false;
    }
    out << ")\n";
  }
  return out.str();
}

void PrintKernels(const nb::NbModel& m, std::ostream& out) {
  out << "kernels:\n";
  const auto runners = BlockRunners(m.program);
  for (size_t b = 0; b < m.program.blocks.size(); ++b) {
    const auto blk = static_cast<int32_t>(b);
    if (b > 0 && !m.sub_block_kernel_keys.count(blk)) continue;  // subgraph blocks
    std::string indent = "  ";
    if (b > 0) {
      auto r = runners.find(blk);
      out << "  block " << b << " (run by '" << (r == runners.end() ? "?" : r->second.type)
          << "'):\n";
      indent = "    ";
    }
    const auto& ops = m.program.blocks[b].ops;
    for (size_t i = 0; i < ops.size(); ++i) {
      if (FeedOrFetch(ops[i])) continue;
      out << indent << ops[i].Type() << " -> " << KernelOf(m, blk, i) << "\n";
    }
  }
}

}  // namespace opt
}  // namespace lite
}  // namespace paddle
