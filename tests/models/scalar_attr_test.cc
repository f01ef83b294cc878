// Paddle 2.5+ SCALAR / SCALARS attributes end to end: a program written with
// protobuf here (Paddle's field numbers: AttrType 16/17, OpDesc.Attr.scalar
// 20 / scalars 21, Scalar.type 1, b 2, i 3, r 4, c 5) runs with the values
// its Scalars hold, through the full API, opt's protobuf output and opt's
// .nb read by MobileConfig; a complex Scalar where a number is wanted stops
// the load naming op and attribute.
#include <fstream>

#include "lite/model_parser/framework.pb.h"
#include "tests/models/nb_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

namespace pb = ::paddle::framework::proto;

void AddVar(pb::BlockDesc* b, const std::string& name, pb::VarType::Type kind,
            std::vector<int64_t> dims = {}) {
  pb::VarDesc* v = b->add_vars();
  v->set_name(name);
  v->mutable_type()->set_type(kind);
  if (kind == pb::VarType::LOD_TENSOR) {
    auto* t = v->mutable_type()->mutable_lod_tensor()->mutable_tensor();
    t->set_data_type(pb::VarType::FP32);
    for (int64_t d : dims) t->add_dims(d);
  }
}

pb::OpDesc* AddOp(pb::BlockDesc* b, const std::string& type,
                  const std::vector<std::pair<std::string, std::string>>& ins,
                  const std::vector<std::pair<std::string, std::string>>& outs) {
  pb::OpDesc* op = b->add_ops();
  op->set_type(type);
  for (const auto& [slot, var] : ins) {
    auto* s = op->add_inputs();
    s->set_parameter(slot);
    s->add_arguments(var);
  }
  for (const auto& [slot, var] : outs) {
    auto* s = op->add_outputs();
    s->set_parameter(slot);
    s->add_arguments(var);
  }
  return op;
}

pb::OpDesc::Attr* AddAttr(pb::OpDesc* op, const std::string& name, pb::AttrType type) {
  pb::OpDesc::Attr* a = op->add_attrs();
  a->set_name(name);
  a->set_type(type);
  return a;
}

void SetScalar(pb::Scalar* s, pb::Scalar::Type type, double v) {
  s->set_type(type);
  if (type == pb::Scalar::BOOLEAN) s->set_b(v != 0);
  if (type == pb::Scalar::LONG) s->set_i(static_cast<int64_t>(v));
  if (type == pb::Scalar::FLOAT64) s->set_r(v);
  if (type == pb::Scalar::COMPLEX128) {
    s->mutable_c()->set_r(v);
    s->mutable_c()->set_i(2.0);
  }
}

void ScalarAttr(pb::OpDesc* op, const std::string& name, pb::Scalar::Type type, double v) {
  SetScalar(AddAttr(op, name, pb::SCALAR)->mutable_scalar(), type, v);
}

// x[4] → scale(scale 2.5 FLOAT64, bias 1 LONG, bias_after_scale true BOOLEAN)
//      + assign_value(values [0.5 FLOAT64, -2 LONG, true BOOLEAN, 3.25 FLOAT64])
//      → clip(min -1 LONG, max 6 FLOAT64) → out.
// `scale_kind` is the Scalar kind of scale's `scale`.
std::string ScalarProgram(pb::Scalar::Type scale_kind) {
  pb::ProgramDesc p;
  p.mutable_version()->set_version(2006000);
  pb::BlockDesc* b = p.add_blocks();
  b->set_idx(0);
  b->set_parent_idx(-1);
  AddVar(b, "feed", pb::VarType::FEED_MINIBATCH);
  AddVar(b, "fetch", pb::VarType::FETCH_LIST);
  for (const char* v : {"x", "y", "c", "z", "out"}) AddVar(b, v, pb::VarType::LOD_TENSOR, {4});
  AddAttr(AddOp(b, "feed", {{"X", "feed"}}, {{"Out", "x"}}), "col", pb::INT)->set_i(0);
  pb::OpDesc* scale = AddOp(b, "scale", {{"X", "x"}}, {{"Out", "y"}});
  ScalarAttr(scale, "scale", scale_kind, 2.5);
  ScalarAttr(scale, "bias", pb::Scalar::LONG, 1);
  ScalarAttr(scale, "bias_after_scale", pb::Scalar::BOOLEAN, 1);
  pb::OpDesc* assign = AddOp(b, "assign_value", {}, {{"Out", "c"}});
  AddAttr(assign, "shape", pb::INTS)->add_ints(4);
  AddAttr(assign, "dtype", pb::INT)->set_i(pb::VarType::FP32);
  pb::OpDesc::Attr* values = AddAttr(assign, "values", pb::SCALARS);
  SetScalar(values->add_scalars(), pb::Scalar::FLOAT64, 0.5);
  SetScalar(values->add_scalars(), pb::Scalar::LONG, -2);
  SetScalar(values->add_scalars(), pb::Scalar::BOOLEAN, 1);
  SetScalar(values->add_scalars(), pb::Scalar::FLOAT64, 3.25);
  AddAttr(AddOp(b, "elementwise_add", {{"X", "y"}, {"Y", "c"}}, {{"Out", "z"}}), "axis",
          pb::INT)
      ->set_i(-1);
  pb::OpDesc* clip = AddOp(b, "clip", {{"X", "z"}}, {{"Out", "out"}});
  ScalarAttr(clip, "min", pb::Scalar::LONG, -1);
  ScalarAttr(clip, "max", pb::Scalar::FLOAT64, 6);
  AddAttr(AddOp(b, "fetch", {{"X", "out"}}, {{"Out", "fetch"}}), "col", pb::INT)->set_i(0);
  std::string bytes;
  EXPECT_TRUE(p.SerializeToString(&bytes));
  return bytes;
}

// x = [-3, 0, 1, 4]: y = 2.5x + 1 = [-6.5, 1, 3.5, 11]; z = y + [0.5, -2, 1, 3.25]
// = [-6, -1, 4.5, 14.25]; clipped to [-1, 6].
const std::vector<float> kExpected = {-1.f, -1.f, 4.5f, 6.f};

std::vector<float> RunOnce(lite_api::PaddlePredictor* p) {
  auto in = p->GetInput(0);
  in->Resize({4});
  const float x[] = {-3.f, 0.f, 1.f, 4.f};
  std::copy(x, x + 4, in->mutable_data<float>());
  p->Run();
  auto out = p->GetOutput(0);
  const float* o = out->data<float>();
  return std::vector<float>(o, o + 4);
}

std::string WriteModelDir(const std::string& name, pb::Scalar::Type scale_kind) {
  std::string dir = TempDir(name);
  std::ofstream(dir + "/__model__", std::ios::binary) << ScalarProgram(scale_kind);
  return dir;
}

std::string RunOptOnDir(const std::string& dir, const std::string& out, const std::string& type,
                        int* rc) {
  lite::opt::OptFlags f;
  f.model_dir = dir;
  f.valid_targets = "x86";
  f.optimize_out = out;
  f.optimize_out_type = type;
  std::ostringstream so, se;
  *rc = lite::opt::RunOpt(f, so, se);
  return so.str() + se.str();
}

TEST(ScalarAttributes, RunWithTheirValuesThroughFullApiOptAndNb) {
  const std::string dir = WriteModelDir("scalar", pb::Scalar::FLOAT64);
  lite_api::CxxConfig cxx;
  cxx.set_model_dir(dir);
  EXPECT_EQ(RunOnce(lite_api::CreatePaddlePredictor(cxx).get()), kExpected);

  int rc = 0;
  std::string log = RunOptOnDir(dir, dir + "/opt", "naive_buffer", &rc);
  ASSERT_EQ(rc, 0) << log;
  lite_api::MobileConfig mobile;
  mobile.set_model_from_file(dir + "/opt.nb");
  EXPECT_EQ(RunOnce(lite_api::CreatePaddlePredictor(mobile).get()), kExpected);

  // opt's protobuf output writes the Scalars back in Paddle's schema.
  log = RunOptOnDir(dir, dir + "/pb", "protobuf", &rc);
  ASSERT_EQ(rc, 0) << log;
  pb::ProgramDesc written;
  std::ifstream in(dir + "/pb/__model__", std::ios::binary);
  ASSERT_TRUE(written.ParseFromIstream(&in));
  int scalars = 0;
  for (const auto& op : written.blocks(0).ops()) {
    for (const auto& a : op.attrs()) {
      scalars += a.type() == pb::SCALAR ? a.has_scalar() : a.type() == pb::SCALARS;
    }
  }
  EXPECT_GT(scalars, 0) << "the optimized program kept no SCALAR attribute (clip's min/max are)";
  lite_api::CxxConfig again;
  again.set_model_dir(dir + "/pb");
  EXPECT_EQ(RunOnce(lite_api::CreatePaddlePredictor(again).get()), kExpected);
  std::filesystem::remove_all(dir);
}

TEST(ScalarAttributes, ComplexWhereANumberIsWantedNamesOpAndAttribute) {
  const std::string dir = WriteModelDir("scalar_complex", pb::Scalar::COMPLEX128);
  lite_api::CxxConfig cxx;
  cxx.set_model_dir(dir);
  std::string error;
  try {
    RunOnce(lite_api::CreatePaddlePredictor(cxx).get());
  } catch (const lite_api::Error& e) {
    error = e.what();
  }
  for (const char* part : {"op 'scale'", "attribute 'scale'", "SCALAR", "(2.5+2j) (COMPLEX128)",
                           "expected a number"}) {
    EXPECT_NE(error.find(part), std::string::npos) << part << " not in: " << error;
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
