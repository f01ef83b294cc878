#include "lite/core/log_capture_test_util.h"
#include "lite/core/op_inputs.h"
#include "lite/operators/math/math_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(Dropout, BothImplementationsWithAndWithoutMask) {
  DDim d{3, 13, 7};
  auto x = RandomFloats(Numel(d), -3, 3, 1);
  for (std::string impl : {"", "downgrade_in_infer", "upscale_in_train"}) {
    for (bool mask : {false, true}) {
      for (float prob : {0.f, 0.3f, 0.5f}) {
        OpRunner r("dropout");
        r.Input<float>("X", "x", d, x);
        r.Output("Out", "out");
        if (mask) r.Output("Mask", "mask");
        if (!impl.empty()) r.Attr("dropout_implementation", impl);
        r.Attr("dropout_prob", prob);
        r.Attr("is_test", true);
        r.Run();
        std::vector<float> e(x.size());
        for (size_t i = 0; i < x.size(); ++i)
          e[i] = impl == "upscale_in_train" ? x[i] : x[i] * (1.f - prob);
        ExpectAllClose(e, r.Values<float>("out"), 1e-6f, 1e-6f, impl);
        if (mask) {
          EXPECT_EQ(r.Get("mask")->dims(), d);
          EXPECT_EQ(r.Values<uint8_t>("mask"), std::vector<uint8_t>(x.size(), 1));
        }
      }
    }
  }
}

// An input slot the op never reads is refused by name (a Paddle input form
// this build lacks must not be dropped silently); training-only inputs such
// as dropout's Seed are accepted. AttachChecked is what the runtime program
// uses (lite/core/program.cc).
TEST(Dropout, UnreadInputSlotsAreRefusedExceptTrainingOnly) {
  Scope scope;
  auto feed = [&](const std::string& name, const DDim& d) {
    Tensor* t = scope.Var(name);
    t->Resize(d);
    float* v = t->mutable_data<float>();
    for (int64_t i = 0; i < Numel(d); ++i) v[i] = 1.f + static_cast<float>(i);
  };
  feed("x", {2});
  feed("seed", {1});
  feed("axis_t", {1});
  cpp::OpDesc dropout;
  dropout.SetType("dropout");
  dropout.SetInput("X", {"x"});
  dropout.SetInput("Seed", {"seed"});
  dropout.SetOutput("Out", {"out"});
  dropout.SetAttr("dropout_prob", 0.25f);
  auto op = CreateOp("dropout");
  AttachChecked(op.get(), dropout, &scope);
  op->InferShape();
  EXPECT_EQ(scope.FindVar("out")->dims(), (DDim{2}));

  cpp::OpDesc softmax;
  softmax.SetType("softmax");
  softmax.SetInput("X", {"x"});
  softmax.SetInput("AxisTensor", {"axis_t"});
  softmax.SetOutput("Out", {"out2"});
  auto sm = CreateOp("softmax");
  const std::string msg = ErrorOf([&] { AttachChecked(sm.get(), softmax, &scope); });
  for (const char* w : {"softmax", "'AxisTensor'", "'axis_t'", "reads only: X"}) {
    EXPECT_NE(msg.find(w), std::string::npos) << w << " not in: " << msg;
  }
  // Without the extra slot the same op attaches.
  softmax.mutable_inputs().erase("AxisTensor");
  AttachChecked(sm.get(), softmax, &scope);
}

// An attribute the op never looks up is logged at GLOG_v=3, once per op type
// and attribute, naming both; the training-only and device-hint attributes
// of op.cc's table are not; nothing is logged below GLOG_v=3.
TEST(AttachChecked, LogsIgnoredAttributesOnceExceptTheListedOnes) {
  Scope scope;
  Tensor* x = scope.Var("x");
  x->Resize({2});
  x->mutable_data<float>()[0] = 1.f;
  cpp::OpDesc softmax;
  softmax.SetType("softmax");
  softmax.SetInput("X", {"x"});
  softmax.SetOutput("Out", {"out"});
  softmax.SetAttr("axis", -1);
  softmax.SetAttr("frobnicate_level", 7);
  softmax.SetAttr("use_mkldnn", true);
  softmax.SetAttr("op_namescope", std::string("/softmax_0"));
  auto op = CreateOp("softmax");
  {
    LogCapture quiet(2);
    AttachChecked(op.get(), softmax, &scope);
    EXPECT_EQ(quiet.text().find("frobnicate_level"), std::string::npos) << quiet.text();
  }
  LogCapture log(3);
  AttachChecked(op.get(), softmax, &scope);
  AttachChecked(op.get(), softmax, &scope);
  const std::string text = log.text();
  const std::string line =
      "op 'softmax': attribute 'frobnicate_level' (INT) is not read by this build and is ignored";
  const size_t at = text.find(line);
  ASSERT_NE(at, std::string::npos) << text;
  EXPECT_EQ(text.find(line, at + 1), std::string::npos) << "logged twice: " << text;
  for (const char* quiet : {"'use_mkldnn'", "'op_namescope'", "'axis'"}) {
    EXPECT_EQ(text.find(quiet), std::string::npos) << quiet << " in: " << text;
  }
}

TEST(Dropout, DynamicShape) {
  OpRunner r("dropout");
  r.Input<float>("X", "x", {2}, {1, 2});
  r.Output("Out", "out");
  r.Attr("dropout_prob", 0.5f);
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{0.5f, 1.f}));
  Tensor* xt = r.Get("x");
  xt->Resize({3});
  float* p = xt->mutable_data<float>();
  p[0] = 2; p[1] = 4; p[2] = 6;
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{1, 2, 3}));
}

TEST(Dropout, BadAttributesNameOp) {
  OpRunner r("dropout");
  r.Input<float>("X", "x", {2}, {1, 2});
  r.Output("Out", "out");
  r.Attr("dropout_implementation", "sometimes");
  ExpectErrorContains([&] { r.Run(); }, {"dropout", "'dropout_implementation'", "sometimes"});
  OpRunner s("dropout");
  s.Input<float>("X", "x", {2}, {1, 2});
  s.Output("Out", "out");
  s.Attr("dropout_prob", 1.5f);
  ExpectErrorContains([&] { s.Run(); }, {"dropout", "'dropout_prob'"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
