#include "tests/models/program_mutator.h"

#include <iterator>
#include <limits>
#include <sstream>

namespace paddle {
namespace lite {
namespace testing {
namespace {
std::string DimsText(const std::vector<int64_t>& d) {
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < d.size(); ++i) os << (i ? "," : "") << d[i];
  os << "]";
  return os.str();
}
}  // namespace

std::string ProgramMutator::Mutate(cpp::ProgramDesc* program) {
  if (program->blocks.empty() || program->blocks[0].ops.empty()) return "nothing to mutate";
  std::string account;
  const size_t n = 1 + Pick(3);
  for (size_t i = 0; i < n && !program->blocks[0].ops.empty(); ++i) {
    std::string one;
    switch (Pick(10)) {
      case 0: one = BlockIndex(program); break;
      case 1: one = SubBlockStructure(program); break;
      default: {
        // Any block with ops: the bodies of loops and branches too.
        cpp::BlockDesc* b = &program->blocks[Pick(program->blocks.size())];
        one = MutateOnce(b->ops.empty() ? &program->blocks[0] : b);
      }
    }
    account += (i ? "; " : "") + one;
  }
  return account;
}

std::string ProgramMutator::SubBlockStructure(cpp::ProgramDesc* program) {
  auto& blocks = program->blocks;
  switch (Pick(4)) {
    case 0: {  // a new empty block under a random parent
      cpp::BlockDesc b;
      b.idx = static_cast<int32_t>(blocks.size());
      b.parent_idx = static_cast<int32_t>(Pick(blocks.size()));
      blocks.push_back(b);
      return "add empty block #" + std::to_string(b.idx);
    }
    case 1: {  // two ops share one sub-block
      std::vector<cpp::OpDesc*> with;
      for (auto& b : blocks) {
        for (auto& op : b.ops) {
          if (op.attrs().count("sub_block")) with.push_back(&op);
        }
      }
      if (with.empty()) return "no sub_block to share";
      cpp::OpDesc* from = with[Pick(with.size())];
      cpp::OpDesc* to = &blocks[0].ops[Pick(blocks[0].ops.size())];
      to->SetAttribute("sub_block", from->attrs().at("sub_block"));
      return to->Type() + " shares the sub_block of " + from->Type();
    }
    case 2: {  // an op moves between a sub-block and block 0
      if (blocks.size() < 2) return "no sub-block";
      cpp::BlockDesc& sub = blocks[1 + Pick(blocks.size() - 1)];
      if (Pick(2) && !sub.ops.empty()) {
        const size_t i = Pick(sub.ops.size());
        blocks[0].ops.push_back(sub.ops[i]);
        sub.ops.erase(sub.ops.begin() + static_cast<std::ptrdiff_t>(i));
        return "op of block #" + std::to_string(sub.idx) + " moved to block 0";
      }
      const size_t i = Pick(blocks[0].ops.size());
      sub.ops.push_back(blocks[0].ops[i]);
      return "op " + blocks[0].ops[i].Type() + " copied into block #" + std::to_string(sub.idx);
    }
    default:  // the last block dropped
      if (blocks.size() < 2) return "no sub-block to drop";
      blocks.pop_back();
      return "drop block #" + std::to_string(blocks.size());
  }
}

std::string ProgramMutator::MutateOnce(cpp::BlockDesc* block) {
  cpp::OpDesc* op = &block->ops[Pick(block->ops.size())];
  switch (Pick(7)) {
    case 0: return OpType(block, op);
    case 1: return SlotName(op);
    case 2: return Rewire(block, op);
    case 3: return AttrValue(op);
    case 4: return VarDims(block);
    case 5: return VarType(block);
    default: return DropOrDuplicateOp(block);
  }
}

std::string ProgramMutator::OpType(cpp::BlockDesc* block, cpp::OpDesc* op) {
  static const char* kTypes[] = {"relu",    "conv2d",   "elementwise_add", "softmax", "reshape2",
                                 "concat",  "pool2d",   "matmul_v2",       "feed",    "fetch",
                                 "sequence_pool", "gru", "no_such_op"};
  std::string before = op->Type();
  std::string after = Pick(2) ? block->ops[Pick(block->ops.size())].Type()
                              : kTypes[Pick(sizeof(kTypes) / sizeof(kTypes[0]))];
  op->SetType(after);
  return "type " + before + "->" + after;
}

std::string ProgramMutator::SlotName(cpp::OpDesc* op) {
  auto& slots = Pick(2) ? op->mutable_inputs() : op->mutable_outputs();
  if (slots.empty()) return "slot (none)";
  auto it = slots.begin();
  std::advance(it, Pick(slots.size()));
  std::string from = it->first, to = from;
  if (to.empty() || Pick(4) == 0) {
    to = "Extra";
  } else {
    to[Pick(to.size())] = static_cast<char>('a' + Pick(26));  // one byte, as in the issue
  }
  auto names = it->second;
  slots.erase(it);
  slots[to] = names;
  return "slot " + op->Type() + " " + from + "->" + to;
}

std::string ProgramMutator::Rewire(cpp::BlockDesc* block, cpp::OpDesc* op) {
  auto& slots = Pick(2) ? op->mutable_inputs() : op->mutable_outputs();
  if (slots.empty()) return "rewire (none)";
  auto it = slots.begin();
  std::advance(it, Pick(slots.size()));
  auto& names = it->second;
  const std::string other =
      block->vars.empty() || Pick(4) == 0 ? "no_such_var" : block->vars[Pick(block->vars.size())].name;
  switch (Pick(3)) {
    case 0:
      names.clear();
      return "rewire " + op->Type() + " " + it->first + " emptied";
    case 1:
      names.push_back(other);
      return "rewire " + op->Type() + " " + it->first + " +" + other;
    default:
      if (names.empty()) names.push_back(other);
      else names[Pick(names.size())] = other;
      return "rewire " + op->Type() + " " + it->first + "=" + other;
  }
}

std::string ProgramMutator::AttrValue(cpp::OpDesc* op) {
  std::string name = "axis";
  if (!op->attrs().empty()) {
    auto it = op->attrs().begin();
    std::advance(it, Pick(op->attrs().size()));
    name = it->first;
  }
  cpp::Attribute a;
  switch (Pick(8)) {
    case 0: a.type = cpp::AttrType::INT; a.value = int32_t{-1}; break;
    case 1: a.type = cpp::AttrType::INT; a.value = std::numeric_limits<int32_t>::max(); break;
    case 2: a.type = cpp::AttrType::FLOAT; a.value = std::numeric_limits<float>::quiet_NaN(); break;
    case 3: a.type = cpp::AttrType::STRING; a.value = std::string("bogus"); break;
    case 4: a.type = cpp::AttrType::INTS; a.value = std::vector<int32_t>{}; break;
    case 5: a.type = cpp::AttrType::INTS; a.value = std::vector<int32_t>{0, -7, 1 << 30}; break;
    case 6: a.type = cpp::AttrType::BOOLEAN; a.value = true; break;
    default:
      a.type = cpp::AttrType::LONGS;
      a.value = std::vector<int64_t>{std::numeric_limits<int64_t>::max(), 0};
  }
  op->SetAttribute(name, a);
  return "attr " + op->Type() + "." + name + " -> " + cpp::AttrTypeName(a.type);
}

std::string ProgramMutator::VarDims(cpp::BlockDesc* block) {
  if (block->vars.empty()) return "dims (no vars)";
  cpp::VarDesc& v = block->vars[Pick(block->vars.size())];
  const std::vector<int64_t> before = v.dims;
  switch (Pick(5)) {
    case 0: v.dims = {}; break;
    case 1: v.dims = {0}; break;
    case 2: v.dims = {int64_t{1} << 40, int64_t{1} << 40}; break;
    case 3: if (!v.dims.empty()) v.dims.pop_back(); break;
    default: v.dims.push_back(-1);
  }
  return "dims " + v.name + " " + DimsText(before) + "->" + DimsText(v.dims);
}

std::string ProgramMutator::VarType(cpp::BlockDesc* block) {
  if (block->vars.empty()) return "vartype (no vars)";
  cpp::VarDesc& v = block->vars[Pick(block->vars.size())];
  static const DataType kTypes[] = {DataType::kInt64, DataType::kBool, DataType::kFloat16,
                                    DataType::kUInt8, DataType::kInt32};
  if (Pick(3) == 0) {
    v.type = Pick(2) ? cpp::VarKind::SELECTED_ROWS : cpp::VarKind::FETCH_LIST;
    return "vartype " + v.name + " kind";
  }
  v.dtype = kTypes[Pick(sizeof(kTypes) / sizeof(kTypes[0]))];
  v.persistable = Pick(4) == 0 ? !v.persistable : v.persistable;
  return "vartype " + v.name + " dtype";
}

std::string ProgramMutator::BlockIndex(cpp::ProgramDesc* program) {
  const int32_t n = static_cast<int32_t>(program->blocks.size());
  const int32_t kIndices[] = {-1, 0, n - 1, n, std::numeric_limits<int32_t>::max()};
  const int32_t index = kIndices[Pick(sizeof(kIndices) / sizeof(kIndices[0]))];
  cpp::BlockDesc& holder = program->blocks[Pick(program->blocks.size())];
  if (Pick(2)) {
    cpp::BlockDesc& in = holder.ops.empty() ? program->blocks[0] : holder;
    cpp::OpDesc& op = in.ops[Pick(in.ops.size())];
    cpp::Attribute a;
    a.type = cpp::AttrType::BLOCK;
    a.value = index;
    op.SetAttribute("sub_block", a);
    return "block attr " + op.Type() + ".sub_block -> " + std::to_string(index);
  }
  cpp::BlockDesc& b = program->blocks[Pick(program->blocks.size())];
  const int32_t before = b.parent_idx;
  b.parent_idx = index;
  return "block #" + std::to_string(b.idx) + " parent " + std::to_string(before) + "->" +
         std::to_string(index);
}

std::string ProgramMutator::DropOrDuplicateOp(cpp::BlockDesc* block) {
  const size_t i = Pick(block->ops.size());
  const std::string type = block->ops[i].Type();
  if (Pick(2)) {
    block->ops.erase(block->ops.begin() + static_cast<std::ptrdiff_t>(i));
    return "drop op #" + std::to_string(i) + " " + type;
  }
  cpp::OpDesc copy = block->ops[i];
  block->ops.insert(block->ops.begin() + static_cast<std::ptrdiff_t>(i), std::move(copy));
  return "duplicate op #" + std::to_string(i) + " " + type;
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
