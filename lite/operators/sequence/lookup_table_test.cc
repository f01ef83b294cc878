#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

namespace {
const std::vector<float> kTable = RandomFloats(7 * 5);  // [7, 5]
std::vector<float> Rows(const std::vector<int64_t>& ids, int64_t padding) {
  std::vector<float> v;
  for (int64_t id : ids) {
    for (int j = 0; j < 5; ++j) v.push_back(id == padding ? 0.f : kTable[id * 5 + j]);
  }
  return v;
}
}  // namespace

TEST(LookupTable, Int64IdsWithLoDAndPaddingIdx) {
  for (int64_t padding : {-1, 3}) {
    OpRunner r("lookup_table");
    r.Input<float>("W", "w", {7, 5}, kTable);
    std::vector<int64_t> ids = {0, 3, 6, 3, 1};
    Tensor* t = r.Input<int64_t>("Ids", "ids", {5, 1}, ids);
    t->set_lod({{0, 2, 5}});
    r.Output("Out", "out");
    r.Attr("padding_idx", padding);
    r.Run();
    EXPECT_EQ(r.Get("out")->dims(), (DDim{5, 5}));
    EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, 2, 5}}));
    EXPECT_EQ(r.Values<float>("out"), Rows(ids, padding));
    // Dynamic shape: a longer ragged batch on the same op.
    std::vector<int64_t> more = {6, 5, 4, 3, 2, 1, 0};
    r.Refill<int64_t>("ids", {7, 1}, more);
    r.Get("ids")->set_lod({{0, 1, 1, 7}});
    r.Run();
    EXPECT_EQ(r.Values<float>("out"), Rows(more, padding));
    EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, 1, 1, 7}}));
  }
}

TEST(LookupTableV2, Int32IdsOfAnyRank) {
  OpRunner r("lookup_table_v2");
  r.Input<float>("W", "w", {7, 5}, kTable);
  r.Input<int32_t>("Ids", "ids", {2, 3}, {1, 2, 0, 6, 6, 5});
  r.Output("Out", "out");
  r.Attr("padding_idx", static_cast<int64_t>(6));
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{2, 3, 5}));
  EXPECT_EQ(r.Values<float>("out"), Rows({1, 2, 0, 6, 6, 5}, 6));
}

TEST(LookupTable, OutOfRangeIdIsAnErrorNamingIt) {
  OpRunner r("lookup_table_v2");
  r.Input<float>("W", "w", {7, 5}, kTable);
  r.Input<int64_t>("Ids", "ids", {3}, {1, 7, 2});
  r.Output("Out", "out");
  ExpectErrorMentions(r, {"lookup_table_v2", "'Ids'[1] = 7", "7 rows"});
  OpRunner v1("lookup_table");
  v1.Input<float>("W", "w", {7, 5}, kTable);
  v1.Input<int64_t>("Ids", "ids", {3, 2}, {1, 1, 2, 2, 3, 3});
  v1.Output("Out", "out");
  ExpectErrorMentions(v1, {"lookup_table", "'Ids'", "dimension of 1"});
}

TEST(Sum, ThreeInputsTakeTheFirstLoD) {
  OpRunner r("sum");
  auto a = RandomFloats(13, -1, 1, 1), b = RandomFloats(13, -1, 1, 2), c = RandomFloats(13, -1, 1, 3);
  r.Input<float>("X", "a", {13, 1}, a)->set_lod({{0, 4, 13}});
  r.Input<float>("X", "b", {13, 1}, b);
  r.Input<float>("X", "c", {13, 1}, c);
  r.Output("Out", "out");
  r.Run();
  std::vector<float> expected(13);
  for (int i = 0; i < 13; ++i) expected[i] = a[i] + b[i] + c[i];
  ExpectAllClose(expected, r.Values<float>("out"));
  EXPECT_EQ(r.Get("out")->lod(), (LoD{{0, 4, 13}}));
  r.Refill<float>("b", {12, 1}, std::vector<float>(12, 1.f));
  ExpectErrorMentions(r, {"sum", "'X'[1]"});
}

TEST(Sum, SelectedRowsInputIsAnErrorNamingIt) {
  // A program that declares X[1] SELECTED_ROWS (a training program's sparse
  // gradient): refused at load, naming the variable.
  cpp::ProgramDesc program;
  program.blocks.emplace_back();
  cpp::VarDesc rows;
  rows.name = "b";
  rows.type = cpp::VarKind::SELECTED_ROWS;
  program.blocks[0].vars.push_back(rows);
  OpRunner r("sum");
  r.Input<float>("X", "a", {2, 1}, {1.f, 2.f});
  r.Input<float>("X", "b", {2, 1}, {3.f, 4.f});
  r.Output("Out", "out");
  auto op = CreateOp("sum");
  op->SetEnv(OpEnv{&program, nullptr});
  const std::string msg = ErrorOf([&] { op->Attach(r.desc(), &r.scope()); });
  EXPECT_NE(msg.find("op 'sum': input 'X' variable 'b' is a SELECTED_ROWS"), std::string::npos)
      << msg;
  // Declared as a LoD tensor, the same op sums.
  program.blocks[0].vars[0].type = cpp::VarKind::LOD_TENSOR;
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{4.f, 6.f}));
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
