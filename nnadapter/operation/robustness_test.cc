// Hostile operands (the NNAPI driver guide's discipline): every operation's
// valid case is mutated at random (ranks, extents, precisions, lifetimes,
// null or missing operands, alternative shapes). Each call must return
// NO_ERROR or INVALID_PARAMETER with a message naming the operation, and
// never crash (run under the sanitizer build as well).
#include <random>

#include "operation/test_util.h"

namespace nnadapter {
namespace operation {
namespace test {
namespace {

void Mutate(std::mt19937* rng, Model* m, Case* c) {
  auto pick = [&](int n) {
    return static_cast<int>(std::uniform_int_distribution<int>(0, n - 1)(*rng));
  };
  const int32_t extents[] = {U, 0, 1, 2, 3, 7, 1 << 20};
  if (c->inputs.empty()) return;
  const size_t k = static_cast<size_t>(pick(static_cast<int>(c->inputs.size())));
  core::Operand* o = c->inputs[k];
  switch (pick(7)) {
    case 0: {  // new rank and extents (constants keep their old buffer)
      if (!o) break;
      const uint32_t rank = static_cast<uint32_t>(pick(9));
      o->type.dimensions.count = rank;
      for (uint32_t d = 0; d < rank; d++) {
        o->type.dimensions.data[d] = extents[pick(7)];
      }
      break;
    }
    case 1:  // any precision code, valid or not
      if (o) o->type.precision = pick(22) - 1;
      break;
    case 2:  // constant becomes a model input
      if (o) o->type.lifetime = NNADAPTER_MODEL_INPUT;
      break;
    case 3:
      c->inputs[k] = nullptr;
      break;
    case 4:
      c->inputs.erase(c->inputs.begin() + static_cast<long>(k));
      break;
    case 5: {  // alternative shapes of the same rank
      if (!o) break;
      const uint32_t n = static_cast<uint32_t>(pick(3) + 1);
      o->type.dimensions.dynamic_count = n;
      for (uint32_t s = 0; s < n; s++) {
        for (uint32_t d = 0; d < o->type.dimensions.count; d++) {
          o->type.dimensions.dynamic_data[s][d] = extents[pick(6) + 1];
        }
      }
      break;
    }
    default:  // a fresh fp32 tensor in place of any operand
      c->inputs[k] = m->F32({extents[pick(7)], extents[pick(7)]});
      break;
  }
}

TEST(Robustness, RandomlyMutatedOperationsNeverCrash) {
  std::mt19937 rng(20261122);
  int rejected = 0, accepted = 0;
  for (const OpInfo& op : kOperations) {
    for (int iteration = 0; iteration < 150; iteration++) {
      Model m;
      Case c = ValidCases().at(op.type)(&m);
      const int mutations = 1 + iteration % 3;
      for (int k = 0; k < mutations; k++) Mutate(&rng, &m, &c);
      std::string msg;
      const int rc = RunOp(c.type, c.inputs, c.outputs, &msg);
      if (rc == NNADAPTER_NO_ERROR) {
        accepted++;
        for (core::Operand* out : c.outputs) {
          ASSERT_LE(out->type.dimensions.count,
                    static_cast<uint32_t>(NNADAPTER_MAX_SIZE_OF_DIMENSIONS))
              << op.name;
        }
      } else {
        rejected++;
        ASSERT_EQ(rc, NNADAPTER_INVALID_PARAMETER) << op.name << ": " << msg;
        ASSERT_EQ(msg.rfind(std::string(op.name) + ": ", 0), 0u) << msg;
      }
    }
  }
  // Most mutations must be caught; some (e.g. a new extent on a
  // broadcastable operand) are legitimately valid.
  EXPECT_GT(rejected, accepted);
}

}  // namespace
}  // namespace test
}  // namespace operation
}  // namespace nnadapter
