// PlanMemoryReuse: which names share storage, on small op sequences with
// the expected renaming written out by hand.
#include "lite/core/memory_reuse.h"

#include <gtest/gtest.h>

namespace paddle {
namespace lite {
namespace {

using Plan = std::map<std::string, std::string>;
bool All(const std::string&) { return true; }

TEST(MemoryReuse, AChainReusesTheNameFreedLast) {
  // x -> a -> b -> c -> d: a dies when b is written (b is read by step 2),
  // so c takes a's name, d takes b's.
  std::vector<ReuseStep> s = {{{"x"}, {"a"}}, {{"a"}, {"b"}}, {{"b"}, {"c"}}, {{"c"}, {"d"}}};
  EXPECT_EQ(PlanMemoryReuse(s, [](const std::string& n) { return n != "x" && n != "d"; }),
            (Plan{{"c", "a"}}));
  // d eligible too: it takes b's name (b dies at step 2, after c took a's).
  EXPECT_EQ(PlanMemoryReuse(s, [](const std::string& n) { return n != "x"; }),
            (Plan{{"c", "a"}, {"d", "b"}}));
}

TEST(MemoryReuse, NeverANameTheStepReads) {
  // Step 2 reads a (its last use) and writes c: a is freed only after the
  // step's outputs are placed, so c cannot take a's name, and b is still
  // read later: c keeps its own.
  std::vector<ReuseStep> s = {{{"x"}, {"a"}}, {{"x"}, {"b"}}, {{"a"}, {"c"}}, {{"b", "c"}, {"y"}}};
  EXPECT_EQ(PlanMemoryReuse(s, [](const std::string& n) { return n != "x" && n != "y"; }),
            Plan{});
}

TEST(MemoryReuse, NamesWrittenTwiceOrReadBeforeWrittenKeepTheirStorage) {
  // t is written twice (an in-place update): never renamed nor handed out.
  std::vector<ReuseStep> s = {{{"x"}, {"t"}}, {{"t"}, {"t"}}, {{"t"}, {"u"}}, {{"u"}, {"v"}},
                              {{"v"}, {"w"}}};
  const Plan p = PlanMemoryReuse(s, All);
  EXPECT_EQ(p.count("t"), 0u);
  for (const auto& kv : p) EXPECT_NE(kv.second, "t") << kv.first;
  EXPECT_EQ(p, (Plan{{"w", "u"}}));
  // r is read (step 0) before its only write (step 1): an input, kept.
  std::vector<ReuseStep> r = {{{"r"}, {"a"}}, {{"a"}, {"r"}}, {{"r"}, {"b"}}};
  EXPECT_EQ(PlanMemoryReuse(r, All).count("r"), 0u);
}

TEST(MemoryReuse, IneligibleNamesAreNeitherRenamedNorHandedOut) {
  std::vector<ReuseStep> s = {{{"x"}, {"a"}}, {{"a"}, {"b"}}, {{"b"}, {"c"}}, {{"c"}, {"d"}}};
  const Plan p = PlanMemoryReuse(s, [](const std::string& n) { return n != "a" && n != "x"; });
  EXPECT_EQ(p.count("a"), 0u);
  for (const auto& kv : p) EXPECT_NE(kv.second, "a");
  EXPECT_EQ(p, (Plan{{"d", "b"}}));
}

TEST(MemoryReuse, IdsFormAgreesWithTheNamesForm) {
  // The same chain as above on ids: 0 = x, 1 = a, 2 = b, 3 = c, 4 = d.
  const std::vector<std::vector<int>> ins = {{0}, {1}, {2}, {3}};
  const std::vector<std::vector<int>> outs = {{1}, {2}, {3}, {4}};
  EXPECT_EQ(PlanMemoryReuseIds(ins, outs, {false, true, true, true, true}),
            (std::vector<int>{0, 1, 2, 1, 2}));
}

}  // namespace
}  // namespace lite
}  // namespace paddle
