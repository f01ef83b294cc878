// ParseProgramDesc / SerializeProgramDesc: field numbers, every attribute
// type, packed repeated fields, and the errors for malformed programs.
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "lite/model_parser/framework.pb.h"
#include "lite/model_parser/model_test_util.h"
#include "lite/model_parser/program_desc_pb.h"

namespace paddle {
namespace lite {
namespace {

namespace pb = ::paddle::framework::proto;
using test::ErrorOf;

cpp::VarDesc TensorVar(const std::string& name, DataType dtype, std::vector<int64_t> dims,
                       bool persistable) {
  cpp::VarDesc v;
  v.name = name;
  v.type = cpp::VarKind::LOD_TENSOR;
  v.dtype = dtype;
  v.dims = std::move(dims);
  v.persistable = persistable;
  return v;
}

// A two-block program that uses every attribute type and variable kind.
cpp::ProgramDesc RichProgram() {
  cpp::ProgramDesc p;
  p.blocks.resize(2);
  auto& b0 = p.blocks[0];
  b0.idx = 0;
  b0.parent_idx = -1;
  cpp::VarDesc feed;
  feed.name = "feed";
  feed.type = cpp::VarKind::FEED_MINIBATCH;
  feed.dtype = DataType::kUnknown;
  feed.persistable = true;
  b0.vars.push_back(feed);
  cpp::VarDesc fetch = feed;
  fetch.name = "fetch";
  fetch.type = cpp::VarKind::FETCH_LIST;
  b0.vars.push_back(fetch);
  cpp::VarDesc x = TensorVar("x", DataType::kFloat32, {-1, 3, -1, -1}, false);
  x.need_check_feed = true;
  x.lod_level = 1;
  b0.vars.push_back(x);
  const DataType all[] = {DataType::kFloat32, DataType::kFloat64, DataType::kFloat16,
                          DataType::kInt8,    DataType::kUInt8,   DataType::kInt16,
                          DataType::kInt32,   DataType::kInt64,   DataType::kBool};
  int i = 0;
  for (DataType t : all) b0.vars.push_back(TensorVar("w" + std::to_string(i++), t, {2, 3}, true));
  cpp::VarDesc arr = TensorVar("arr", DataType::kInt64, {-1}, false);
  arr.type = cpp::VarKind::LOD_TENSOR_ARRAY;
  arr.lod_level = 2;
  b0.vars.push_back(arr);
  cpp::VarDesc rows = TensorVar("rows", DataType::kFloat32, {10, 4}, false);
  rows.type = cpp::VarKind::SELECTED_ROWS;
  b0.vars.push_back(rows);

  cpp::OpDesc op("everything");
  op.SetInput("X", {"x"});
  op.SetInput("Ws", {"w0", "w1", "w2"});
  op.SetInput("Empty", {});
  op.SetOutput("Out", {"y"});
  op.SetAttr("int", int32_t{-7});
  op.SetAttr("float", 0.25f);
  op.SetAttr("string", "SAME");
  op.SetAttr("ints", std::vector<int32_t>{1, -2, 3});
  op.SetAttr("floats", std::vector<float>{0.5f, -1.5f});
  op.SetAttr("strings", std::vector<std::string>{"a", "", "ccc"});
  op.SetAttr("bool", true);
  op.SetAttr("bools", std::vector<bool>{true, false, true});
  op.SetAttr("long", int64_t{1} << 40);
  op.SetAttr("longs", std::vector<int64_t>{-(int64_t{1} << 40), 5});
  op.SetAttr("float64s", std::vector<double>{1e-300, 2.5});
  op.SetAttr("float64", 3.141592653589793);
  op.SetAttr("empty_ints", std::vector<int32_t>{});
  op.SetAttr("scalar", cpp::Scalar::Double(-0.75));
  op.SetAttr("scalars", std::vector<cpp::Scalar>{cpp::Scalar::Bool(true), cpp::Scalar::Long(-(int64_t{1} << 40)),
                                                 cpp::Scalar::Double(2.5), cpp::Scalar::Complex(1, -2)});
  cpp::Attribute block;
  block.type = cpp::AttrType::BLOCK;
  block.value = int32_t{1};
  op.SetAttribute("sub_block", block);
  cpp::Attribute blocks;
  blocks.type = cpp::AttrType::BLOCKS;
  blocks.value = std::vector<int32_t>{1, 0};
  op.SetAttribute("blocks", blocks);
  cpp::Attribute var;
  var.type = cpp::AttrType::VAR;
  var.value = std::string("x");
  op.SetAttribute("var", var);
  cpp::Attribute vars;
  vars.type = cpp::AttrType::VARS;
  vars.value = std::vector<std::string>{"x", "w0"};
  op.SetAttribute("vars", vars);
  op.set_is_target(true);
  b0.ops.push_back(op);

  auto& b1 = p.blocks[1];
  b1.idx = 1;
  b1.parent_idx = 0;
  b1.forward_block_idx = 0;
  b1.vars.push_back(TensorVar("inner", DataType::kFloat32, {1}, false));
  cpp::OpDesc relu("relu");
  relu.SetInput("X", {"x"});
  relu.SetOutput("Out", {"inner"});
  b1.ops.push_back(relu);

  p.has_version = true;
  p.version = 2002002;
  p.op_version_map = {{"conv2d", 1}, {"leaky_relu", 2}};
  return p;
}

TEST(ProgramDescPb, RoundTripsEveryAttributeAndVariableKind) {
  cpp::ProgramDesc p = RichProgram();
  std::string bytes = SerializeProgramDesc(p);
  cpp::ProgramDesc q;
  ParseProgramDesc(bytes, "rich", &q);
  test::ExpectProgramsEqual(p, q);
  EXPECT_EQ(q.blocks[0].ops[0].GetAttr<std::vector<int64_t>>("longs")[0], -(int64_t{1} << 40));
  EXPECT_EQ(q.blocks[0].ops[0].GetAttr<std::string>("string"), "SAME");
  // Serializing again gives the same bytes (deterministic output).
  EXPECT_EQ(SerializeProgramDesc(q), bytes);
}

TEST(ProgramDescPb, SerializedFieldsReadBackWithTheSchema) {
  // Independent check of the conversion through the generated classes.
  pb::ProgramDesc pp;
  ASSERT_TRUE(pp.ParseFromString(SerializeProgramDesc(RichProgram())));
  ASSERT_EQ(pp.blocks_size(), 2);
  EXPECT_EQ(pp.version().version(), 2002002);
  EXPECT_EQ(pp.op_version_map().pair_size(), 2);
  const auto& b0 = pp.blocks(0);
  EXPECT_EQ(b0.parent_idx(), -1);
  const pb::VarDesc* x = nullptr;
  for (const auto& v : b0.vars()) if (v.name() == "x") x = &v;
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->type().type(), pb::VarType::LOD_TENSOR);
  EXPECT_EQ(x->type().lod_tensor().tensor().data_type(), pb::VarType::FP32);
  EXPECT_EQ(x->type().lod_tensor().tensor().dims_size(), 4);
  EXPECT_EQ(x->type().lod_tensor().tensor().dims(0), -1);
  EXPECT_EQ(x->type().lod_tensor().lod_level(), 1);
  EXPECT_TRUE(x->need_check_feed());
  const auto& op = b0.ops(0);
  EXPECT_EQ(op.type(), "everything");
  EXPECT_TRUE(op.is_target());
  int seen = 0;
  for (const auto& a : op.attrs()) {
    if (a.name() == "ints") {
      EXPECT_EQ(a.type(), pb::INTS);
      ASSERT_EQ(a.ints_size(), 3);
      EXPECT_EQ(a.ints(1), -2);
      ++seen;
    } else if (a.name() == "sub_block") {
      EXPECT_EQ(a.type(), pb::BLOCK);
      EXPECT_EQ(a.block_idx(), 1);
      ++seen;
    } else if (a.name() == "float64") {
      EXPECT_EQ(a.type(), pb::FLOAT64);
      EXPECT_DOUBLE_EQ(a.float64(), 3.141592653589793);
      ++seen;
    } else if (a.name() == "scalars") {
      EXPECT_EQ(a.type(), pb::SCALARS);
      ASSERT_EQ(a.scalars_size(), 4);
      EXPECT_EQ(a.scalars(0).type(), pb::Scalar::BOOLEAN);
      EXPECT_TRUE(a.scalars(0).b());
      EXPECT_EQ(a.scalars(1).type(), pb::Scalar::LONG);
      EXPECT_EQ(a.scalars(1).i(), -(int64_t{1} << 40));
      EXPECT_EQ(a.scalars(2).type(), pb::Scalar::FLOAT64);
      EXPECT_EQ(a.scalars(2).r(), 2.5);
      EXPECT_EQ(a.scalars(3).type(), pb::Scalar::COMPLEX128);
      EXPECT_EQ(a.scalars(3).c().r(), 1.0);
      EXPECT_EQ(a.scalars(3).c().i(), -2.0);
      ++seen;
    } else if (a.name() == "scalar") {
      EXPECT_EQ(a.type(), pb::SCALAR);
      EXPECT_EQ(a.scalar().type(), pb::Scalar::FLOAT64);
      EXPECT_EQ(a.scalar().r(), -0.75);
      ++seen;
    } else if (a.name() == "vars") {
      EXPECT_EQ(a.type(), pb::VARS);
      ASSERT_EQ(a.vars_name_size(), 2);
      EXPECT_EQ(a.vars_name(1), "w0");
      ++seen;
    }
  }
  EXPECT_EQ(seen, 6);
  EXPECT_EQ(pp.blocks(1).forward_block_idx(), 0);
}

// Field numbers checked against hand-encoded wire bytes (paddle-formats.md).
TEST(ProgramDescPb, WireBytesMatchPaddleFieldNumbers) {
  cpp::ProgramDesc p;
  p.blocks.resize(1);
  p.blocks[0].parent_idx = -1;
  p.blocks[0].ops.emplace_back("relu");
  const std::string expected(
      "\x0a\x15"                                      // ProgramDesc.blocks (1), 21 bytes
      "\x08\x00"                                      // BlockDesc.idx (1) = 0
      "\x10\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01"  // parent_idx (2) = -1
      "\x22\x06"                                      // ops (4), 6 bytes
      "\x1a\x04relu",                                 // OpDesc.type (3)
      23);
  EXPECT_EQ(SerializeProgramDesc(p), expected);
  cpp::ProgramDesc q;
  ParseProgramDesc(expected, "hand-made", &q);
  ASSERT_EQ(q.blocks.size(), 1u);
  EXPECT_FALSE(q.has_version);
  ASSERT_EQ(q.blocks[0].ops.size(), 1u);
  EXPECT_EQ(q.blocks[0].ops[0].Type(), "relu");
}

TEST(ProgramDescPb, AcceptsPackedRepeatedFields) {
  // Attr {name "a", type INTS, ints packed [1, 300]}; Paddle writes unpacked,
  // any protobuf writer may pack.
  const std::string attr("\x0a\x01" "a" "\x10\x03" "\x32\x03\x01\xac\x02", 10);
  std::string op = std::string("\x1a\x01" "t", 3) + "\x22" + char(attr.size()) + attr;
  std::string block = std::string("\x08\x00\x10\x00", 4) + "\x22" + char(op.size()) + op;
  std::string program = "\x0a" + std::string(1, char(block.size())) + block;
  cpp::ProgramDesc q;
  ParseProgramDesc(program, "packed", &q);
  ASSERT_EQ(q.blocks[0].ops.size(), 1u);
  EXPECT_EQ(q.blocks[0].ops[0].GetAttr<std::vector<int32_t>>("a"), (std::vector<int32_t>{1, 300}));
}

// ---- errors ----

pb::ProgramDesc MinimalPb() {
  pb::ProgramDesc pp;
  auto* b = pp.add_blocks();
  b->set_idx(0);
  b->set_parent_idx(-1);
  auto* v = b->add_vars();
  v->set_name("conv1_weights");
  v->mutable_type()->set_type(pb::VarType::LOD_TENSOR);
  auto* t = v->mutable_type()->mutable_lod_tensor()->mutable_tensor();
  t->set_data_type(pb::VarType::FP32);
  t->add_dims(4);
  auto* op = b->add_ops();
  op->set_type("conv2d");
  auto* a = op->add_attrs();
  a->set_name("groups");
  a->set_type(pb::INT);
  a->set_i(1);
  return pp;
}

std::string ParseError(const pb::ProgramDesc& pp, const std::string& name = "bad.pdmodel") {
  std::string bytes;
  EXPECT_TRUE(pp.SerializePartialToString(&bytes));
  cpp::ProgramDesc out;
  return ErrorOf([&] { ParseProgramDesc(bytes, name, &out); });
}

TEST(ProgramDescPbErrors, MinimalProgramParses) {
  std::string bytes;
  ASSERT_TRUE(MinimalPb().SerializeToString(&bytes));
  cpp::ProgramDesc out;
  ParseProgramDesc(bytes, "ok", &out);
  EXPECT_EQ(out.blocks[0].vars[0].dims, (std::vector<int64_t>{4}));
  EXPECT_EQ(out.blocks[0].ops[0].GetAttr<int>("groups"), 1);
}

// Found by the program fuzzer: a NaN float attribute read as an int (conv2d
// strides) was converted with undefined behaviour.
TEST(ProgramDescPbErrors, NonFiniteOrOutOfRangeNumbersReadAsIntegersAreErrors) {
  cpp::OpDesc op;
  op.SetType("conv2d");
  op.SetAttr("strides", std::vector<float>{1.0f, std::numeric_limits<float>::quiet_NaN()});
  op.SetAttr("groups", std::numeric_limits<float>::infinity());
  op.SetAttr("axis", 1e10);
  op.SetAttr("scale", std::vector<double>{1e300});
  op.SetAttr("ok", 2.0f);
  EXPECT_EQ(ErrorOf([&] { op.GetAttr<std::vector<int32_t>>("strides"); }),
            "op 'conv2d': attribute 'strides' (FLOATS) holds a value that is NaN, infinite or out "
            "of range; expected a list of integers");
  EXPECT_EQ(ErrorOf([&] { op.GetAttr<int32_t>("groups"); }),
            "op 'conv2d': attribute 'groups' (FLOAT) holds a value that is NaN, infinite or out "
            "of range; expected an integer");
  EXPECT_NE(ErrorOf([&] { op.GetAttr<int32_t>("axis"); }).find("out of range"), std::string::npos);
  EXPECT_EQ(op.GetAttr<int64_t>("axis"), 10000000000);
  EXPECT_NE(ErrorOf([&] { op.GetAttr<std::vector<float>>("scale"); }).find("out of range"),
            std::string::npos);
  EXPECT_EQ(op.GetAttr<int32_t>("ok"), 2);
  EXPECT_EQ(ErrorOf([&] { op.GetAttr<std::string>("ok"); }),
            "op 'conv2d': attribute 'ok' has type FLOAT, expected a string");
}

TEST(ProgramDescPbErrors, NotAProtobuf) {
  cpp::ProgramDesc out;
  out.version = 99;
  std::string msg = ErrorOf([&] { ParseProgramDesc(std::string("\xff\xff\xff\xff garbage", 12), "x.pdmodel", &out); });
  EXPECT_NE(msg.find("x.pdmodel"), std::string::npos) << msg;
  EXPECT_NE(msg.find("not a valid Paddle ProgramDesc"), std::string::npos) << msg;
  EXPECT_EQ(out.version, 99);  // untouched on error
}

TEST(ProgramDescPbErrors, EmptyInput) {
  cpp::ProgramDesc out;
  std::string msg = ErrorOf([&] { ParseProgramDesc(std::string(), "empty.pdmodel", &out); });
  EXPECT_NE(msg.find("empty.pdmodel: the model file is empty"), std::string::npos) << msg;
}

TEST(ProgramDescPbErrors, ValidProtobufWithoutBlocks) {
  pb::ProgramDesc pp;
  pp.mutable_version()->set_version(5);
  std::string msg = ParseError(pp);
  EXPECT_NE(msg.find("bad.pdmodel: the ProgramDesc has no blocks"), std::string::npos) << msg;
}

TEST(ProgramDescPbErrors, TruncatedAtEveryFewBytes) {
  std::string bytes;
  ASSERT_TRUE(MinimalPb().SerializeToString(&bytes));
  for (size_t cut = 1; cut < bytes.size(); ++cut) {
    cpp::ProgramDesc out;
    std::string part = bytes.substr(0, cut);
    std::string msg = ErrorOf([&] { ParseProgramDesc(part, "cut.pdmodel", &out); });
    EXPECT_EQ(msg.rfind("cut.pdmodel: ", 0), 0u) << "cut at " << cut << ": " << msg;
  }
}

TEST(ProgramDescPbErrors, OpWithoutType) {
  auto pp = MinimalPb();
  pp.mutable_blocks(0)->mutable_ops(0)->clear_type();
  std::string msg = ParseError(pp);
  EXPECT_NE(msg.find("bad.pdmodel: block 0, op 0: op has no type"), std::string::npos) << msg;
}

TEST(ProgramDescPbErrors, VarWithUnknownType) {
  auto pp = MinimalPb();
  auto* vt = pp.mutable_blocks(0)->mutable_vars(0)->mutable_type();
  vt->clear_type();
  vt->mutable_unknown_fields()->AddVarint(1, 99);
  std::string msg = ParseError(pp);
  EXPECT_NE(msg.find("block 0, var 0 ('conv1_weights'): unknown variable type code 99"),
            std::string::npos) << msg;
}

TEST(ProgramDescPbErrors, VarWithoutNameOrType) {
  auto pp = MinimalPb();
  pp.mutable_blocks(0)->mutable_vars(0)->clear_name();
  EXPECT_NE(ParseError(pp).find("block 0, var 0: variable has no name"), std::string::npos);
  pp = MinimalPb();
  pp.mutable_blocks(0)->mutable_vars(0)->clear_type();
  EXPECT_NE(ParseError(pp).find("('conv1_weights'): variable has no type"), std::string::npos);
}

TEST(ProgramDescPbErrors, TensorVarWithoutOrWithUnknownDataType) {
  auto pp = MinimalPb();
  pp.mutable_blocks(0)->mutable_vars(0)->mutable_type()->clear_lod_tensor();
  EXPECT_NE(ParseError(pp).find("LOD_TENSOR variable has no tensor description"), std::string::npos);
  pp = MinimalPb();
  auto* t = pp.mutable_blocks(0)->mutable_vars(0)->mutable_type()->mutable_lod_tensor()->mutable_tensor();
  t->clear_data_type();
  t->mutable_unknown_fields()->AddVarint(1, 77);
  std::string msg = ParseError(pp);
  EXPECT_NE(msg.find("('conv1_weights'): tensor data_type has unknown code 77"), std::string::npos) << msg;
}

TEST(ProgramDescPbErrors, AttributeWithUnknownTypeOrMissingName) {
  auto pp = MinimalPb();
  auto* a = pp.mutable_blocks(0)->mutable_ops(0)->mutable_attrs(0);
  a->clear_type();
  a->mutable_unknown_fields()->AddVarint(2, 18);
  std::string msg = ParseError(pp);
  EXPECT_NE(msg.find("block 0, op 0 ('conv2d'): attribute 'groups' has unknown type code 18 "
                     "(known: 0-17)"),
            std::string::npos) << msg;
  pp = MinimalPb();
  pp.mutable_blocks(0)->mutable_ops(0)->mutable_attrs(0)->clear_name();
  EXPECT_NE(ParseError(pp).find("op 0 ('conv2d'): attribute has no name"), std::string::npos);
}

// Paddle 2.5+ Scalars read as the number the op asks for; what cannot be one
// (a complex value, a malformed Scalar) is an error naming op and attribute.
TEST(ProgramDescPb, ScalarAttributesConvertLikePhiScalars) {
  cpp::ProgramDesc p = RichProgram();
  cpp::ProgramDesc q;
  ParseProgramDesc(SerializeProgramDesc(p), "rich", &q);
  const cpp::OpDesc& op = q.blocks[0].ops[0];
  EXPECT_EQ(op.GetAttr<float>("scalar"), -0.75f);
  EXPECT_EQ(op.GetAttr<int32_t>("scalar"), 0);  // truncated, as Scalar::to<int>
  EXPECT_EQ(op.GetAttr<std::vector<float>>("scalar"), std::vector<float>{-0.75f});
  cpp::OpDesc three("assign_value");
  three.SetAttr("values", std::vector<cpp::Scalar>{cpp::Scalar::Bool(true), cpp::Scalar::Long(-3),
                                                   cpp::Scalar::Double(0.5)});
  EXPECT_EQ(three.GetAttr<std::vector<double>>("values"), (std::vector<double>{1, -3, 0.5}));
  EXPECT_EQ(three.GetAttr<std::vector<int64_t>>("values"), (std::vector<int64_t>{1, -3, 0}));
  std::string msg = ErrorOf([&] { op.GetAttr<std::vector<double>>("scalars"); });
  EXPECT_NE(msg.find("op 'everything': attribute 'scalars' has type SCALARS holding the complex "
                     "value (1-2j) (COMPLEX128), expected a list of numbers"),
            std::string::npos) << msg;

  auto pp = MinimalPb();
  auto* a = pp.mutable_blocks(0)->mutable_ops(0)->add_attrs();
  a->set_name("value");
  a->set_type(pb::SCALAR);
  msg = ParseError(pp);
  EXPECT_NE(msg.find("('conv2d'): attribute 'value' has type SCALAR but no scalar value"),
            std::string::npos) << msg;
  a->mutable_scalar()->set_type(pb::Scalar::COMPLEX128);
  msg = ParseError(pp);
  EXPECT_NE(msg.find("attribute 'value' holds a COMPLEX128 Scalar without its complex value"),
            std::string::npos) << msg;
  a->mutable_scalar()->clear_type();
  a->mutable_scalar()->mutable_unknown_fields()->AddVarint(1, 9);
  msg = ParseError(pp);
  EXPECT_NE(msg.find("attribute 'value' holds a Scalar of unknown type code 9"), std::string::npos)
      << msg;
}

TEST(ProgramDescPbErrors, BlockAttributeOutOfRange) {
  auto pp = MinimalPb();
  auto* a = pp.mutable_blocks(0)->mutable_ops(0)->add_attrs();
  a->set_name("sub_block");
  a->set_type(pb::BLOCK);
  a->set_block_idx(5);
  std::string msg = ParseError(pp);
  EXPECT_NE(msg.find("attribute 'sub_block' refers to block 5 but the program has 1 block(s)"),
            std::string::npos) << msg;
}

TEST(ProgramDescPbErrors, BlockStructure) {
  auto pp = MinimalPb();
  pp.mutable_blocks(0)->set_idx(3);
  EXPECT_NE(ParseError(pp).find("block 0: block at position 0 says its idx is 3"), std::string::npos);
  pp = MinimalPb();
  pp.mutable_blocks(0)->clear_parent_idx();
  EXPECT_NE(ParseError(pp).find("block 0: block has no parent_idx"), std::string::npos);
  pp = MinimalPb();
  auto* b1 = pp.add_blocks();
  b1->set_idx(1);
  b1->set_parent_idx(7);
  EXPECT_NE(ParseError(pp).find("block 1: invalid parent_idx 7"), std::string::npos);
  pp = MinimalPb();
  *pp.mutable_blocks(0)->add_vars() = pp.blocks(0).vars(0);
  EXPECT_NE(ParseError(pp).find("variable 'conv1_weights' is declared twice"), std::string::npos);
}

TEST(ProgramDescPbErrors, SerializeRejectsMismatchedAttributeValue) {
  cpp::ProgramDesc p;
  p.blocks.resize(1);
  cpp::OpDesc op("scale");
  cpp::Attribute a;
  a.type = cpp::AttrType::FLOAT;
  a.value = std::string("oops");
  op.SetAttribute("scale", a);
  p.blocks[0].ops.push_back(op);
  std::string msg = ErrorOf([&] { SerializeProgramDesc(p); });
  EXPECT_NE(msg.find("op 'scale' attribute 'scale' is declared FLOAT"), std::string::npos) << msg;
}

}  // namespace
}  // namespace lite
}  // namespace paddle
