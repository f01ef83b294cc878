#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

std::vector<float> Iota(int64_t n) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i) v[i] = static_cast<float>(i) * 0.5f - 3.f;
  return v;
}

// An X -> Out op that only changes dims (XShape output "xs"), fed with Iota
// values of `in`.
void DimsOpIO(OpRunner& r, const DDim& in) {
  r.Input<float>("X", "x", in, Iota(Numel(in)));
  r.Output("Out", "out");
  r.Output("XShape", "xs");
}

// Runs it; the output has `expected` dims and the input's values.
void ExpectDimsOnlyChange(OpRunner& r, const DDim& in, const DDim& expected,
                          const std::string& what) {
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), expected) << what;
  EXPECT_EQ(r.Values<float>("out"), Iota(Numel(in)));
}

TEST(Reshape2, ZeroCopiesDimAndMinusOneIsInferred) {
  struct Case {
    DDim in;
    std::vector<int32_t> shape;
    DDim expected;
  };
  std::vector<Case> cases = {
      {{2, 3, 13}, {0, -1}, {2, 39}},
      {{2, 3, 13}, {-1, 13}, {6, 13}},
      {{1, 3, 13, 127}, {0, 0, -1}, {1, 3, 1651}},
      {{3, 13}, {39}, {39}},
      {{3, 13}, {1, 3, 1, 13}, {1, 3, 1, 13}},
      {{1}, {-1}, {1}},
  };
  for (const char* op : {"reshape", "reshape2"}) {
    for (auto& c : cases) {
      OpRunner r(op);
      auto x = Iota(Numel(c.in));
      r.Input<float>("X", "x", c.in, x);
      r.Output("Out", "out");
      if (std::string(op) == "reshape2") r.Output("XShape", "xs");
      r.Attr("shape", c.shape);
      r.Run();
      EXPECT_EQ(r.Get("out")->dims(), c.expected) << op;
      EXPECT_EQ(r.Values<float>("out"), x);
      if (std::string(op) == "reshape2") {
        DDim xs{0};
        xs.insert(xs.end(), c.in.begin(), c.in.end());
        EXPECT_EQ(r.Get("xs")->dims(), xs);
        EXPECT_FALSE(r.Get("xs")->initialized());
      }
    }
  }
}

TEST(Reshape2, ShapeInputsOverrideAttrAndDynamicShapes) {
  OpRunner r("reshape2");
  r.Input<int64_t>("X", "x", {2, 6}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  r.Input<int32_t>("Shape", "shape", {2}, {3, -1});
  r.Output("Out", "out");
  r.Output("XShape", "xs");
  r.Attr("shape", std::vector<int32_t>{12});
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{3, 4}));
  EXPECT_EQ(r.Values<int64_t>("out")[11], 11);
  // Dynamic: new input dims and new shape values on the same op instance.
  Tensor* x = r.Get("x");
  x->Resize({4, 5});
  int64_t* p = x->mutable_data<int64_t>();
  for (int i = 0; i < 20; ++i) p[i] = 100 + i;
  r.Get("shape")->mutable_data<int32_t>()[0] = 0;
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{4, 5}));
  EXPECT_EQ(r.Values<int64_t>("out")[19], 119);
  EXPECT_EQ(r.Get("xs")->dims(), (DDim{0, 4, 5}));

  // ShapeTensor (list of 1-element tensors) wins over Shape.
  OpRunner r2("reshape2");
  r2.Input<float>("X", "x", {2, 6}, Iota(12));
  r2.Input<int32_t>("Shape", "shape", {2}, {3, -1});
  r2.Input<int64_t>("ShapeTensor", "s0", {1}, {-1});
  r2.Input<int32_t>("ShapeTensor", "s1", {1}, {2});
  r2.Input<int32_t>("ShapeTensor", "s2", {1}, {2});
  r2.Output("Out", "out");
  r2.Run();
  EXPECT_EQ(r2.Get("out")->dims(), (DDim{3, 2, 2}));
}

TEST(Reshape2, BadShapesNameTheOp) {
  {
    OpRunner r("reshape2");
    r.Input<float>("X", "x", {2, 6}, Iota(12));
    r.Output("Out", "out");
    r.Attr("shape", std::vector<int32_t>{5, -1});
    ExpectErrorMentions(r, {"reshape2", "[5, -1]", "[2, 6]"});
  }
  {
    OpRunner r("reshape2");
    r.Input<float>("X", "x", {2, 6}, Iota(12));
    r.Output("Out", "out");
    r.Attr("shape", std::vector<int32_t>{-1, -1});
    ExpectErrorMentions(r, {"reshape2", "more than one -1"});
  }
  {
    OpRunner r("reshape");
    r.Input<float>("X", "x", {2, 6}, Iota(12));
    r.Output("Out", "out");
    r.Attr("shape", std::vector<int32_t>{5, 3});
    ExpectErrorMentions(r, {"reshape", "does not match"});
  }
  {
    OpRunner r("reshape2");
    r.Input<float>("X", "x", {2, 6}, Iota(12));
    r.Input<float>("Shape", "s", {2}, {2, 6});
    r.Output("Out", "out");
    ExpectErrorMentions(r, {"reshape2", "'Shape'", "int32 or int64"});
  }
}

TEST(Flatten, AllAxes) {
  DDim in{2, 3, 1, 5};
  for (int axis = 0; axis <= 4; ++axis) {
    for (const char* op : {"flatten", "flatten2"}) {
      OpRunner r(op);
      DimsOpIO(r, in);
      r.Attr("axis", axis);
      int64_t outer = 1;
      for (int i = 0; i < axis; ++i) outer *= in[i];
      ExpectDimsOnlyChange(r, in, {outer, Numel(in) / outer}, op + std::to_string(axis));
    }
  }
  OpRunner bad("flatten2");
  bad.Input<float>("X", "x", {2, 3}, Iota(6));
  bad.Output("Out", "out");
  bad.Attr("axis", 3);
  ExpectErrorMentions(bad, {"flatten2", "'axis'"});
}

TEST(FlattenContiguousRange, StartStopCombinations) {
  DDim in{2, 3, 13, 1};
  for (int start = -4; start < 4; ++start) {
    for (int stop = -4; stop < 4; ++stop) {
      int s = start < 0 ? start + 4 : start, e = stop < 0 ? stop + 4 : stop;
      OpRunner r("flatten_contiguous_range");
      DimsOpIO(r, in);
      r.Attr("start_axis", start);
      r.Attr("stop_axis", stop);
      if (s > e) {
        ExpectErrorMentions(r, {"flatten_contiguous_range", "start_axis"});
        continue;
      }
      DDim expected;
      int64_t prod = 1;
      for (int i = 0; i < 4; ++i) {
        if (i < s || i > e) {
          expected.push_back(in[i]);
        } else {
          prod *= in[i];
          if (i == e) expected.push_back(prod);
        }
      }
      ExpectDimsOnlyChange(r, in, expected, std::to_string(start) + " " + std::to_string(stop));
      EXPECT_EQ(r.Get("xs")->dims(), (DDim{0, 2, 3, 13, 1}));
    }
  }
}

// Paddle's OpMaker defaults both start_axis and stop_axis to 1: an op that
// omits stop_axis flattens [start_axis, 1], not to the last dim.
TEST(FlattenContiguousRange, AbsentAxesTakePaddleDefaults) {
  const DDim in = {2, 3, 5, 7};
  OpRunner none("flatten_contiguous_range");
  DimsOpIO(none, in);
  ExpectDimsOnlyChange(none, in, {2, 3, 5, 7}, "no axis attributes");
  OpRunner start0("flatten_contiguous_range");
  DimsOpIO(start0, in);
  start0.Attr("start_axis", 0);
  ExpectDimsOnlyChange(start0, in, {6, 5, 7}, "start_axis 0 only");
}

TEST(Squeeze, AxesAndDefault) {
  struct Case {
    DDim in;
    std::vector<int32_t> axes;
    DDim expected;
  };
  std::vector<Case> cases = {
      {{1, 3, 1, 13}, {}, {3, 13}},
      {{1, 3, 1, 13}, {0}, {3, 1, 13}},
      {{1, 3, 1, 13}, {-2}, {1, 3, 13}},
      {{1, 3, 1, 13}, {0, 2}, {3, 13}},
      {{1, 3, 1, 13}, {1}, {1, 3, 1, 13}},  // extent 3: kept (Paddle)
      {{1, 1}, {}, {}},
  };
  for (const char* op : {"squeeze", "squeeze2"}) {
    for (auto& c : cases) {
      OpRunner r(op);
      DimsOpIO(r, c.in);
      r.Attr("axes", c.axes);
      ExpectDimsOnlyChange(r, c.in, c.expected, op);
    }
  }
  OpRunner bad("squeeze2");
  bad.Input<float>("X", "x", {1, 3}, Iota(3));
  bad.Output("Out", "out");
  bad.Attr("axes", std::vector<int32_t>{2});
  ExpectErrorMentions(bad, {"squeeze2", "axes"});
}

// Naive: insert the axes one after another into a list.
DDim NaiveUnsqueeze(DDim d, const std::vector<int32_t>& axes) {
  for (int a : axes) {
    int64_t pos = a < 0 ? a + static_cast<int64_t>(d.size()) + 1 : a;
    d.insert(d.begin() + pos, 1);
  }
  return d;
}

TEST(Unsqueeze, AxesSequentialInsertion) {
  std::vector<std::pair<DDim, std::vector<int32_t>>> cases = {
      {{3, 13}, {0}},     {{3, 13}, {2}},        {{3, 13}, {-1}},
      {{3, 13}, {0, 2}},  {{3, 13}, {0, 0}},     {{3, 13}, {-1, -1, 1}},
      {{3, 13}, {1, 0}},  {{5}, {0, 2, -3}},     {{2, 3, 4}, {3, 1, 0}},
  };
  for (const char* op : {"unsqueeze", "unsqueeze2"}) {
    for (auto& c : cases) {
      OpRunner r(op);
      DimsOpIO(r, c.first);
      r.Attr("axes", c.second);
      ExpectDimsOnlyChange(r, c.first, NaiveUnsqueeze(c.first, c.second),
                           op + (" " + DimsToString(c.first)));
    }
  }
  // AxesTensor overrides the attribute.
  OpRunner r("unsqueeze2");
  r.Input<float>("X", "x", {3, 13}, Iota(39));
  r.Input<int32_t>("AxesTensor", "axes", {2}, {1, -1});
  r.Output("Out", "out");
  r.Attr("axes", std::vector<int32_t>{0});
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), NaiveUnsqueeze({3, 13}, {1, -1}));
  OpRunner bad("unsqueeze2");
  bad.Input<float>("X", "x", {3}, Iota(3));
  bad.Output("Out", "out");
  bad.Attr("axes", std::vector<int32_t>{3});
  ExpectErrorMentions(bad, {"unsqueeze2", "axis 3"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
