// A structure-aware mutator of Paddle programs (Debian 12 has no
// libprotobuf-mutator): it edits the parsed cpp::ProgramDesc the way a
// corrupted or hand-edited model differs from a good one: op types, slot
// names, attribute types and values, variable dims and types, rewired or
// dropped ops, block indices (sub_block attributes, parent blocks), the ops
// of every block and the sub-block structure itself.
// Deterministic for a given seed.
#pragma once
#include <cstdint>
#include <random>
#include <string>

#include "lite/core/program_desc.h"

namespace paddle {
namespace lite {
namespace testing {

class ProgramMutator {
 public:
  explicit ProgramMutator(uint32_t seed) : rng_(seed) {}
  // Applies 1..3 random mutations (any block's ops and vars, block indices,
  // sub-block structure);
  // returns a one-line account for failure reports
  // ("slot relu#3 Out->Oxt; dims x [1,3,224,224]->[0]").
  std::string Mutate(cpp::ProgramDesc* program);

 private:
  std::string MutateOnce(cpp::BlockDesc* block);
  std::string OpType(cpp::BlockDesc* block, cpp::OpDesc* op);
  std::string SlotName(cpp::OpDesc* op);
  std::string Rewire(cpp::BlockDesc* block, cpp::OpDesc* op);
  std::string AttrValue(cpp::OpDesc* op);
  std::string VarDims(cpp::BlockDesc* block);
  std::string VarType(cpp::BlockDesc* block);
  std::string DropOrDuplicateOp(cpp::BlockDesc* block);
  std::string BlockIndex(cpp::ProgramDesc* program);
  // Sub-block structure: empty blocks added, a sub-block shared by two ops,
  // ops moved between a sub-block and block 0, the last block dropped.
  std::string SubBlockStructure(cpp::ProgramDesc* program);
  size_t Pick(size_t n) { return n ? std::uniform_int_distribution<size_t>(0, n - 1)(rng_) : 0; }

  std::mt19937 rng_;
};

}  // namespace testing
}  // namespace lite
}  // namespace paddle
