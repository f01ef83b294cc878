// calib / calib_once / calib_inplace and layout / layout_once against naive
// references written here, with the direction told by the program's
// VarDescs, by Paddle Lite's recorded kernel alias, and refused when
// neither says it.
#include <cmath>
#include <cstring>

#include "lite/core/op_inputs.h"
#include "lite/core/op_test_util.h"
#include "lite/graph/pass.h"
#include "lite/operators/tensor/half_float.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

using operators::FloatToHalf;
using operators::HalfToFloat;

const std::vector<DDim> kShapes = {{1}, {3, 13}, {127}, {2, 3, 13, 1}};

// Runs an OpRunner's op the way RuntimeProgram does (SetEnv with the
// program, AttachChecked, InferShape, the op's one kernel); Run() again
// reruns the same op instance (dynamic shapes).
class EnvRun {
 public:
  EnvRun(OpRunner* r, const cpp::ProgramDesc* program) : r_(r), program_(program) {}
  void Run() {
    if (!op_) {
      op_ = CreateOp(r_->desc().Type());
      op_->SetEnv(OpEnv{program_, nullptr});
      AttachChecked(op_.get(), r_->desc(), &r_->scope());
      kernel_ = CreateKernel(KernelsFor(r_->desc().Type()).at(0)->key);
      kernel_->BindParam(op_->param());
    }
    op_->InferShape();
    kernel_->Run(RunContext{});
  }
  std::string Error() {
    return ErrorOf([&] { Run(); });
  }

 private:
  OpRunner* r_;
  const cpp::ProgramDesc* program_;
  std::unique_ptr<Operator> op_;
  std::unique_ptr<Kernel> kernel_;
};

// A one-block program declaring `vars` with the given types and dims.
cpp::ProgramDesc Declaring(const std::vector<std::tuple<std::string, DataType, DDim>>& vars) {
  cpp::ProgramDesc program;
  program.blocks.emplace_back();
  for (const auto& [name, type, dims] : vars) {
    cpp::VarDesc v;
    v.name = name;
    v.dtype = type;
    v.dims = dims;
    program.blocks[0].vars.push_back(v);
  }
  return program;
}

void ExpectMentions(const std::string& msg, const std::vector<std::string>& words) {
  for (const auto& w : words) EXPECT_NE(msg.find(w), std::string::npos) << "'" << w << "' not in: " << msg;
}

// Values spread over [-3, 3] with exact halves of the scale (ties) mixed in.
std::vector<float> CalibInput(int64_t n, float scale) {
  auto v = RandomFloats(static_cast<size_t>(n), -3.f, 3.f, static_cast<uint32_t>(n));
  for (int64_t i = 0; i < n; i += 5) v[i] = (static_cast<float>(i % 11) - 5.5f) * scale;
  return v;
}

TEST(Calib, Fp32ToInt8AndBackByRecordedVarTypesOnOddShapes) {
  for (float scale : {1.f, 0.02f, 0.0123f}) {
    for (const DDim& d : kShapes) {
      const int64_t n = Numel(d);
      for (const char* type : {"calib", "calib_once"}) {
        OpRunner q(type);
        const auto x = CalibInput(n, scale);
        q.Input<float>("Input", "x", d, x);
        q.Output("Out", "q");
        q.Attr("scale", scale);
        auto program = Declaring({{"x", DataType::kFloat32, d}, {"q", DataType::kInt8, d}});
        EnvRun(&q, &program).Run();
        // Paddle Lite: clamp(round(x * (1 / scale)), -127, 127), ties away.
        std::vector<int8_t> want(x.size());
        for (size_t i = 0; i < x.size(); ++i) {
          want[i] = static_cast<int8_t>(std::min(127.f, std::max(-127.f, std::round(x[i] * (1.f / scale)))));
        }
        ASSERT_EQ(q.Get("q")->dtype(), DataType::kInt8);
        EXPECT_EQ(q.Get("q")->dims(), d);
        EXPECT_EQ(q.Values<int8_t>("q"), want) << type << " scale " << scale;

        OpRunner dq(type);
        dq.Input<int8_t>("Input", "q", d, want);
        dq.Output("Out", "y");
        dq.Attr("scale", scale);
        auto back = Declaring({{"y", DataType::kFloat32, d}});
        EnvRun(&dq, &back).Run();
        std::vector<float> y(want.size());
        for (size_t i = 0; i < y.size(); ++i) y[i] = want[i] * scale;
        EXPECT_EQ(dq.Values<float>("y"), y) << type;
      }
    }
  }
}

// The plain conversions of Paddle Lite's calib kernels, by VarDesc type.
TEST(Calib, IntegerBoolAndHalfConversions) {
  const std::vector<float> f = {-2.75f, -1.5f, -0.5f, 0.f, 0.4f, 1.5f, 2.5f, 1e10f, -1e10f, NAN};
  const std::vector<int32_t> i32 = {-70000, -3, 0, 7, 65504, 2147483647};
  const std::vector<int64_t> i64 = {-(int64_t{1} << 40), -5, 0, 9, 65519, 65520};
  auto run = [](OpRunner& r, DataType out_type) {
    auto program = Declaring({{"out", out_type, {}}});
    EnvRun(&r, &program).Run();
    EXPECT_EQ(r.Get("out")->dtype(), out_type);
  };
  {  // fp32 -> int32 / int64: truncation toward zero, saturating, NaN -> 0
    OpRunner r("calib");
    r.Input<float>("Input", "x", {10}, f);
    r.Output("Out", "out");
    run(r, DataType::kInt32);
    EXPECT_EQ(r.Values<int32_t>("out"),
              (std::vector<int32_t>{-2, -1, 0, 0, 0, 1, 2, 2147483647, -2147483647 - 1, 0}));
    OpRunner s("calib");
    s.Input<float>("Input", "x", {10}, f);
    s.Output("Out", "out");
    run(s, DataType::kInt64);
    EXPECT_EQ(s.Values<int64_t>("out"),
              (std::vector<int64_t>{-2, -1, 0, 0, 0, 1, 2, 10000000000, -10000000000, 0}));
  }
  {  // int32 -> fp32 / int64; int64 -> fp32 / int32 (as C++ casts: -2^40 -> 0)
    OpRunner r("calib");
    r.Input<int32_t>("Input", "x", {6}, i32);
    r.Output("Out", "out");
    run(r, DataType::kFloat32);
    EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{-70000.f, -3.f, 0.f, 7.f, 65504.f, 2147483648.f}));
    OpRunner s("calib");
    s.Input<int32_t>("Input", "x", {6}, i32);
    s.Output("Out", "out");
    run(s, DataType::kInt64);
    EXPECT_EQ(s.Values<int64_t>("out"), (std::vector<int64_t>(i32.begin(), i32.end())));
    OpRunner t("calib");
    t.Input<int64_t>("Input", "x", {6}, i64);
    t.Output("Out", "out");
    run(t, DataType::kInt32);
    EXPECT_EQ(t.Values<int32_t>("out"), (std::vector<int32_t>{0, -5, 0, 9, 65519, 65520}));
    OpRunner u("calib");
    u.Input<int64_t>("Input", "x", {6}, i64);
    u.Output("Out", "out");
    run(u, DataType::kFloat32);
    EXPECT_EQ(u.Values<float>("out"), (std::vector<float>{-1099511627776.f, -5.f, 0.f, 9.f, 65519.f, 65520.f}));
  }
  {  // bool -> float
    OpRunner r("calib");
    r.Input<bool>("Input", "x", {3}, {true, false, true});
    r.Output("Out", "out");
    run(r, DataType::kFloat32);
    EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{1.f, 0.f, 1.f}));
  }
  {  // int32 / int64 -> fp16 (65519 rounds down to 65504, 65520 up to Inf)
    OpRunner r("calib");
    r.Input<int64_t>("Input", "x", {6}, i64);
    r.Output("Out", "out");
    run(r, DataType::kFloat16);
    const uint16_t* h = static_cast<const uint16_t*>(r.Get("out")->raw_data());
    EXPECT_EQ(HalfToFloat(h[1]), -5.f);
    EXPECT_EQ(HalfToFloat(h[4]), 65504.f);
    EXPECT_TRUE(std::isinf(HalfToFloat(h[5])));
    EXPECT_TRUE(std::isinf(HalfToFloat(h[0])) && HalfToFloat(h[0]) < 0);
    OpRunner s("calib");
    s.Input<int32_t>("Input", "x", {6}, i32);
    s.Output("Out", "out");
    run(s, DataType::kFloat16);
    const uint16_t* g = static_cast<const uint16_t*>(s.Get("out")->raw_data());
    EXPECT_EQ(HalfToFloat(g[3]), 7.f);
    EXPECT_EQ(HalfToFloat(g[4]), 65504.f);
  }
}

// fp16 bit patterns: every one of the 65536 halves round-trips through
// float exactly, and float -> half rounds to nearest even (checked against
// the two neighbouring halves, computed independently with ldexp).
TEST(Calib, HalfConversionIsExactAndRoundsToNearestEven) {
  for (uint32_t h = 0; h < 65536; ++h) {
    const float f = HalfToFloat(static_cast<uint16_t>(h));
    if (std::isnan(f)) {
      EXPECT_TRUE(std::isnan(HalfToFloat(FloatToHalf(f)))) << h;
      continue;
    }
    EXPECT_EQ(FloatToHalf(f), h) << h;
  }
  auto naive = [](float x) {  // value of the nearest half, ties to even mantissa
    const float a = std::fabs(x);
    if (a >= 65520.f) return std::copysign(INFINITY, x);
    const int e = a < 6.103515625e-05f ? -14 : std::ilogb(a);
    const float ulp = std::ldexp(1.f, e - 10);
    float lo = std::floor(a / ulp) * ulp, hi = lo + ulp;
    float r = (a - lo < hi - a) ? lo : (a - lo > hi - a) ? hi
              : (std::fmod(lo / ulp, 2.f) == 0.f ? lo : hi);
    return std::copysign(r, x);
  };
  for (float x : RandomFloats(5000, -70000.f, 70000.f, 3)) EXPECT_EQ(HalfToFloat(FloatToHalf(x)), naive(x)) << x;
  for (float x : RandomFloats(5000, -1e-4f, 1e-4f, 4)) EXPECT_EQ(HalfToFloat(FloatToHalf(x)), naive(x)) << x;
  // Through the op: fp32 -> fp16 -> int32 and fp16 -> fp32.
  OpRunner r("calib");
  r.Input<float>("Input", "x", {4}, {0.1f, 2049.f, -3.75f, 1e-8f});
  r.Output("Out", "h");
  auto program = Declaring({{"h", DataType::kFloat16, {4}}, {"i", DataType::kInt32, {4}}});
  EnvRun(&r, &program).Run();
  const uint16_t* h = static_cast<const uint16_t*>(r.Get("h")->raw_data());
  EXPECT_EQ(h[0], 0x2e66u);                    // 0.1 -> 0.0999755859375
  EXPECT_EQ(HalfToFloat(h[1]), 2048.f);        // tie between 2048 and 2050: even
  EXPECT_EQ(HalfToFloat(h[2]), -3.75f);
  EXPECT_EQ(h[3], 0u);                         // below half the smallest subnormal
  OpRunner to_int("calib");
  to_int.scope().Var("h")->CopyFrom(*r.Get("h"));
  to_int.desc().SetInput("Input", {"h"});
  to_int.Output("Out", "i");
  EnvRun(&to_int, &program).Run();
  EXPECT_EQ(to_int.Values<int32_t>("i"), (std::vector<int32_t>{0, 2048, -3, 0}));
}

TEST(Calib, RecordedKernelAliasAndInplaceAndDynamicShape) {
  // No program: Paddle Lite's recorded kernel says the direction.
  OpRunner r("calib_once");
  r.Input<float>("Input", "x", {3}, {0.26f, -9.f, 1.f});
  r.Output("Out", "q");
  r.Attr("scale", 0.1f);
  r.Attr("__@kernel_type_attr@__", std::string("calib_once/fp32_to_int8/2/2/1"));
  EnvRun run(&r, nullptr);
  run.Run();
  EXPECT_EQ(r.Values<int8_t>("q"), (std::vector<int8_t>{3, -90, 10}));
  r.Refill<float>("x", {2, 1}, {100.f, -0.04f});  // dynamic shape, same op
  run.Run();
  EXPECT_EQ(r.Get("q")->dims(), (DDim{2, 1}));
  EXPECT_EQ(r.Values<int8_t>("q"), (std::vector<int8_t>{127, 0}));
  // calib_inplace: fp32 -> fp16 -> fp32 on the same variable.
  OpRunner in("calib_inplace");
  in.Input<float>("Input", "x", {1, 3}, {1.f / 3, 70000.f, -2.5f});
  in.Output("Out", "x");
  EnvRun to_half(&in, nullptr);
  to_half.Run();
  ASSERT_EQ(in.Get("x")->dtype(), DataType::kFloat16);
  EnvRun to_float(&in, nullptr);
  to_float.Run();
  EXPECT_EQ(in.Get("x")->dims(), (DDim{1, 3}));
  EXPECT_EQ(in.Values<float>("x"), (std::vector<float>{0.333251953125f, INFINITY, -2.5f}));
}

TEST(Calib, BadInputsNameTheOpVariableAndAttribute) {
  auto expect = [](const std::string& type, DataType in_type, const cpp::ProgramDesc* program,
                   const std::vector<std::pair<std::string, std::string>>& attrs,
                   const std::vector<std::string>& words, const std::string& out = "out") {
    OpRunner r(type);
    if (in_type == DataType::kInt16) {
      r.Input<int16_t>("Input", "x", {2}, {1, 2});
    } else {
      r.Input<float>("Input", "x", {2}, {1, 2});
    }
    r.Output("Out", out);
    for (const auto& [k, v] : attrs) {
      if (k == "scale") {
        r.Attr(k, std::stof(v));
      } else {
        r.Attr(k, v);
      }
    }
    ExpectMentions(EnvRun(&r, program).Error(), words);
  };
  auto int8_out = Declaring({{"out", DataType::kInt8, {2}}});
  auto bool_out = Declaring({{"out", DataType::kBool, {2}}});
  expect("calib", DataType::kInt16, &int8_out, {},
         {"op 'calib'", "'x'", "int16", "'out'", "int8", "supported: float32->int8"});
  expect("calib", DataType::kFloat32, &bool_out, {}, {"op 'calib'", "'out'", "bool"});
  expect("calib", DataType::kFloat32, nullptr, {},
         {"op 'calib'", "__@kernel_type_attr@__", "'out'", "no VarDesc"});
  expect("calib_once", DataType::kFloat32, nullptr,
         {{"__@kernel_type_attr@__", "calib_once/fp32_to_int4/2/2/1"}},
         {"op 'calib_once'", "__@kernel_type_attr@__", "fp32_to_int4"});
  expect("calib", DataType::kFloat32, nullptr, {{"__@kernel_type_attr@__", "calib"}},
         {"op 'calib'", "__@kernel_type_attr@__", "<alias>"});
  expect("calib", DataType::kFloat32, nullptr,
         {{"__@kernel_type_attr@__", "calib/int8_to_fp32/2/2/1"}},
         {"op 'calib'", "int8_to_fp32", "'x'", "float32"});
  expect("calib", DataType::kFloat32, &int8_out, {{"scale", "0"}}, {"op 'calib'", "'scale'", "positive"});
  expect("calib_inplace", DataType::kFloat32, nullptr, {}, {"op 'calib_inplace'", "'out'", "in place"});
  expect("calib_inplace", DataType::kInt16, nullptr, {}, {"op 'calib_inplace'", "int16", "float32->float16"},
         "x");
}

// NCHW -> NHWC and back, naive index arithmetic.
template <typename T>
std::vector<T> NaiveToNhwc(const std::vector<T>& v, const DDim& d) {
  std::vector<T> out(v.size());
  for (int64_t n = 0; n < d[0]; ++n)
    for (int64_t c = 0; c < d[1]; ++c)
      for (int64_t h = 0; h < d[2]; ++h)
        for (int64_t w = 0; w < d[3]; ++w)
          out[((n * d[2] + h) * d[3] + w) * d[1] + c] = v[((n * d[1] + c) * d[2] + h) * d[3] + w];
  return out;
}

TEST(Layout, BothDirectionsByVarDescDimsOnOddShapesAndTypes) {
  for (const DDim& d : {DDim{1, 3, 13, 1}, DDim{2, 13, 1, 127}, DDim{1, 1, 3, 13}, DDim{3, 127, 2, 1}}) {
    const DDim nhwc = {d[0], d[2], d[3], d[1]};
    const auto x = RandomFloats(Numel(d), -5, 5, 9);
    for (const char* type : {"layout", "layout_once"}) {
      OpRunner r(type);
      r.Input<float>("Input", "x", d, x);
      r.Output("Out", "y");
      auto program = Declaring({{"x", DataType::kFloat32, d}, {"y", DataType::kFloat32, nhwc}});
      EnvRun(&r, &program).Run();
      EXPECT_EQ(r.Get("y")->dims(), nhwc);
      const auto want = NaiveToNhwc(x, d);
      EXPECT_EQ(r.Values<float>("y"), want) << type << " " << DimsToString(d);
      // And back (int8, as Paddle Lite's int8 kernels).
      std::vector<int8_t> q(want.size());
      for (size_t i = 0; i < q.size(); ++i) q[i] = static_cast<int8_t>(want[i] * 20);
      OpRunner b(type);
      b.Input<int8_t>("Input", "y", nhwc, q);
      b.Output("Out", "z");
      auto back = Declaring({{"y", DataType::kInt8, nhwc}, {"z", DataType::kInt8, d}});
      EnvRun(&b, &back).Run();
      EXPECT_EQ(b.Get("z")->dims(), d);
      EXPECT_EQ(NaiveToNhwc(b.Values<int8_t>("z"), d), q) << type << " back " << DimsToString(d);
    }
  }
}

TEST(Layout, RecordedAliasDynamicShapeCopiesAndRefusals) {
  OpRunner r("layout");
  const DDim d = {1, 3, 2, 5};
  const auto x = RandomFloats(30, -1, 1, 5);
  r.Input<float>("Input", "x", d, x);
  r.Output("Out", "y");
  r.Attr("__@kernel_type_attr@__", std::string("layout/nchw2nhwc/4/1/1"));
  EnvRun run(&r, nullptr);
  run.Run();
  EXPECT_EQ(r.Values<float>("y"), NaiveToNhwc(x, d));
  const DDim d2 = {2, 13, 1, 3};  // dynamic shape, same op instance
  const auto x2 = RandomFloats(78, -1, 1, 6);
  r.Refill<float>("x", d2, x2);
  run.Run();
  EXPECT_EQ(r.Get("y")->dims(), (DDim{2, 1, 3, 13}));
  EXPECT_EQ(r.Values<float>("y"), NaiveToNhwc(x2, d2));
  r.Refill<float>("x", {6}, std::vector<float>(x.begin(), x.begin() + 6));  // not 4-D: copied
  run.Run();
  EXPECT_EQ(r.Values<float>("y"), std::vector<float>(x.begin(), x.begin() + 6));
  // nhwc2nchw on int64; an OpenCL image conversion copies.
  OpRunner b("layout_once");
  b.Input<int64_t>("Input", "x", {1, 2, 1, 3}, {1, 2, 3, 4, 5, 6});
  b.Output("Out", "y");
  b.Attr("__@kernel_type_attr@__", std::string("layout_once/int8_nhwc2nchw/4/2/1"));
  EnvRun(&b, nullptr).Run();
  EXPECT_EQ(b.Get("y")->dims(), (DDim{1, 3, 2, 1}));
  EXPECT_EQ(b.Values<int64_t>("y"), (std::vector<int64_t>{1, 4, 2, 5, 3, 6}));
  OpRunner c("layout");
  c.Input<float>("Input", "x", {1, 2, 1, 1}, {7, 8});
  c.Output("Out", "y");
  c.Attr("__@kernel_type_attr@__", std::string("layout/ImageDefault_to_NCHW/5/1/1"));
  c.Attr("process_type", 1);
  EnvRun(&c, nullptr).Run();
  EXPECT_EQ(c.Values<float>("y"), (std::vector<float>{7, 8}));

  auto refused = [](const cpp::ProgramDesc* program, const std::string& alias,
                    const std::vector<std::string>& words) {
    OpRunner e("layout");
    e.Input<float>("Input", "x", {1, 2, 2, 2}, std::vector<float>(8, 1.f));
    e.Output("Out", "y");
    if (!alias.empty()) e.Attr("__@kernel_type_attr@__", alias);
    ExpectMentions(EnvRun(&e, program).Error(), words);
  };
  refused(nullptr, "", {"op 'layout'", "__@kernel_type_attr@__", "'x'", "'y'", "none"});
  auto cube = Declaring({{"x", DataType::kFloat32, {1, 2, 2, 2}}, {"y", DataType::kFloat32, {1, 2, 2, 2}}});
  refused(&cube, "", {"op 'layout'", "permuted both ways"});
  auto unknown = Declaring({{"x", DataType::kFloat32, {1, -1, 2, 2}}, {"y", DataType::kFloat32, {1, 2, 2, 3}}});
  refused(&unknown, "", {"op 'layout'", "[1, -1, 2, 2]", "not 4-D dims permuted"});
  refused(nullptr, "layout/nchw2nc4hw4/4/1/1", {"op 'layout'", "nchw2nc4hw4", "__@kernel_type_attr@__"});
}

// A whole program: x (float) -> calib -> int8 -> layout (NCHW -> NHWC) ->
// calib -> float, through RuntimeProgram (which gives ops the program).
TEST(TransferOps, RunInAProgram) {
  ProgramBuilder b;
  const DDim d = {1, 3, 2, 13}, nhwc = {1, 2, 13, 3};
  b.Feed("x", 0);
  b.Op("calib", {{"Input", "x"}}, {{"Out", "q"}}).SetAttr("scale", 0.05f);
  b.Op("layout", {{"Input", "q"}}, {{"Out", "qt"}});
  b.Op("calib", {{"Input", "qt"}}, {{"Out", "y"}}).SetAttr("scale", 0.05f);
  b.Fetch("y");
  for (auto [name, type, dims] : {std::tuple{"x", DataType::kFloat32, d}, {"q", DataType::kInt8, d},
                                  {"qt", DataType::kInt8, nhwc}, {"y", DataType::kFloat32, nhwc}}) {
    cpp::VarDesc v;
    v.name = name;
    v.dtype = type;
    v.dims = dims;
    b.program.blocks[0].vars.push_back(v);
  }
  const auto x = CalibInput(Numel(d), 0.05f);
  std::vector<float> want(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    want[i] = std::min(127.f, std::max(-127.f, std::round(x[i] * (1.f / 0.05f)))) * 0.05f;
  }
  EXPECT_EQ(b.Run(d, x), NaiveToNhwc(want, d));
}

// calib_once on a weight with its recorded kernel: constant folding turns
// the weight's quantize / dequantize into a weight; same output.
TEST(TransferOps, CalibOnceOnAWeightFoldsWhenItsKernelIsRecorded) {
  ProgramBuilder b;
  b.Feed("x", 0);
  b.Weight("w", {3}, {0.26f, -9.f, 1.f});
  cpp::OpDesc& q = b.Op("calib_once", {{"Input", "w"}}, {{"Out", "q"}});
  q.SetAttr("scale", 0.1f);
  q.SetAttr("__@kernel_type_attr@__", std::string("calib_once/fp32_to_int8/2/2/1"));
  cpp::OpDesc& dq = b.Op("calib", {{"Input", "q"}}, {{"Out", "wf"}});
  dq.SetAttr("scale", 0.1f);
  dq.SetAttr("__@kernel_type_attr@__", std::string("calib/int8_to_fp32/2/2/1"));
  b.Op("elementwise_add", {{"X", "x"}, {"Y", "wf"}}, {{"Out", "y"}});
  b.Fetch("y");
  const std::vector<float> want = {1.f + 3 * 0.1f, 1.f - 90 * 0.1f, 1.f + 10 * 0.1f};
  EXPECT_EQ(b.Run({3}, {1.f, 1.f, 1.f}), want);
  graph::RunPasses(&b.program, b.weights.get(), graph::PassOptions{});
  EXPECT_EQ(b.OpTypes(), (std::vector<std::string>{"feed", "elementwise_add", "fetch"}));
  EXPECT_EQ(b.Run({3}, {1.f, 1.f, 1.f}), want);
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
