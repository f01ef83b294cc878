// set_value against a naive reference written from Paddle's definition:
// every element of Input whose index lies on the (resolved) strided slice
// takes the value element at its slice position, decreased axes dropped,
// none axes inserted as 1s, numpy broadcasting from the right.
#include <gtest/gtest.h>

#include <numeric>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace {

using testing::OpRunner;

// One sliced axis, already resolved: first index, step, element count.
struct Axis {
  int axis;
  int64_t start, step, count;
};

std::vector<int64_t> Strides(const DDim& d) {
  std::vector<int64_t> s(d.size(), 1);
  for (int i = static_cast<int>(d.size()) - 2; i >= 0; --i) s[i] = s[i + 1] * d[i + 1];
  return s;
}

template <typename T>
std::vector<T> Reference(const std::vector<T>& in, const DDim& dims, const std::vector<Axis>& axes,
                         const std::vector<int>& decrease, const std::vector<int>& none_axes,
                         const std::vector<T>& value, const DDim& vdims) {
  const int rank = static_cast<int>(dims.size());
  std::vector<int64_t> start(rank, 0), step(rank, 1), count(dims.begin(), dims.end());
  for (const Axis& a : axes) {
    start[a.axis] = a.start;
    step[a.axis] = a.step;
    count[a.axis] = a.count;
  }
  // Assign dims: slice dims minus decreased, 1s inserted before position i
  // for each none axis <= i (Paddle's order), the rest appended.
  std::vector<int> pos(rank, -1);
  DDim assign;
  size_t nc = 0;
  for (int i = 0; i < rank; ++i) {
    while (nc < none_axes.size() && none_axes[nc] <= i) {
      assign.push_back(1);
      ++nc;
    }
    if (std::find(decrease.begin(), decrease.end(), i) != decrease.end()) continue;
    pos[i] = static_cast<int>(assign.size());
    assign.push_back(count[i]);
  }
  for (; nc < none_axes.size(); ++nc) assign.push_back(1);
  const auto in_strides = Strides(dims);
  const auto v_strides = Strides(vdims);
  std::vector<T> out = in;
  for (int64_t flat = 0; flat < static_cast<int64_t>(in.size()); ++flat) {
    bool inside = true;
    std::vector<int64_t> k(rank);
    for (int d = 0; d < rank && inside; ++d) {
      const int64_t idx = (flat / in_strides[d]) % dims[d];
      const int64_t off = idx - start[d];
      inside = off % step[d] == 0 && off / step[d] >= 0 && off / step[d] < count[d];
      k[d] = off / step[d];
    }
    if (!inside) continue;
    int64_t v = 0;
    for (int d = 0; d < rank; ++d) {
      if (pos[d] < 0) continue;
      const int vd = pos[d] - (static_cast<int>(assign.size()) - static_cast<int>(vdims.size()));
      if (vd >= 0 && vdims[vd] != 1) v += k[d] * v_strides[vd];
    }
    out[flat] = value[v];
  }
  return out;
}

std::vector<float> Iota(int64_t n, float from = 0) {
  std::vector<float> v(n);
  std::iota(v.begin(), v.end(), from);
  return v;
}

// x[:, i] = value with i from tensor lists and decrease_axes = [1], in place
// (the EfficientGCN loop body), for every i.
TEST(SetValue, TensorListIndexDecreasedAxisInPlace) {
  const DDim dims{3, 4, 5, 7};
  const auto x = testing::RandomFloats(Numel(dims), -1, 1, 1);
  const auto value = testing::RandomFloats(3 * 5 * 7, -1, 1, 2);
  for (int64_t i = 0; i < 4; ++i) {
    OpRunner r("set_value");
    r.Input<float>("Input", "x", dims, x);
    r.Input<int64_t>("StartsTensorList", "s", {1}, {i});
    r.Input<int64_t>("EndsTensorList", "e", {1}, {i + 1});
    r.Input<float>("ValueTensor", "v", {3, 5, 7}, value);
    r.Output("Out", "x");
    r.Attr("axes", std::vector<int64_t>{1});
    r.Attr("starts", std::vector<int64_t>{});
    r.Attr("ends", std::vector<int64_t>{});
    r.Attr("steps", std::vector<int64_t>{1});
    r.Attr("decrease_axes", std::vector<int64_t>{1});
    r.Attr("none_axes", std::vector<int64_t>{});
    r.Attr("fp32_values", std::vector<float>{});
    r.Attr("dtype", static_cast<int32_t>(5));
    r.Run();
    EXPECT_EQ(r.Values<float>("x"),
              Reference<float>(x, dims, {{1, i, 1, 1}}, {1}, {}, value, {3, 5, 7}))
        << "i = " << i;
  }
}

// The index tensors change between runs (the loop counter), the input
// keeps its values from the previous run.
TEST(SetValue, IndexTensorChangesBetweenRuns) {
  const DDim dims{2, 3, 5};
  OpRunner r("set_value");
  r.Input<float>("Input", "x", dims, std::vector<float>(30, 0.f));
  r.Input<int64_t>("StartsTensorList", "s", {1}, {0});
  r.Input<int64_t>("EndsTensorList", "e", {1}, {1});
  r.Input<float>("ValueTensor", "v", {2, 5}, Iota(10, 1));
  r.Output("Out", "x");
  r.Attr("axes", std::vector<int64_t>{1});
  r.Attr("decrease_axes", std::vector<int64_t>{1});
  std::vector<float> expect(30, 0.f);
  for (int64_t i = 0; i < 3; ++i) {
    r.Refill<int64_t>("s", {1}, {i});
    r.Refill<int64_t>("e", {1}, {i + 1});
    r.Run();
    expect = Reference<float>(expect, dims, {{1, i, 1, 1}}, {1}, {}, Iota(10, 1), {2, 5});
  }
  EXPECT_EQ(r.Values<float>("x"), expect);
}

// Attribute bounds with a negative step and negative indices, a scalar
// from fp32_values, Out a new variable (Input unchanged).
TEST(SetValue, NegativeStepAttributesScalarValue) {
  const DDim dims{13, 3};
  const auto x = Iota(39);
  OpRunner r("set_value");
  r.Input<float>("Input", "x", dims, x);
  r.Output("Out", "y");
  r.Attr("axes", std::vector<int64_t>{0});
  r.Attr("starts", std::vector<int64_t>{-2});   // index 11
  r.Attr("ends", std::vector<int64_t>{-100});   // clamps to -1: through index 0
  r.Attr("steps", std::vector<int64_t>{-3});    // 11, 8, 5, 2
  r.Attr("fp32_values", std::vector<float>{-7.5f});
  r.Attr("shape", std::vector<int64_t>{1});
  r.Run();
  EXPECT_EQ(r.Values<float>("y"),
            Reference<float>(x, dims, {{0, 11, -3, 4}}, {}, {}, {-7.5f}, {1}));
  EXPECT_EQ(r.Values<float>("x"), x);
}

// Two axes with steps, clamped ends, a value broadcast along one of them.
TEST(SetValue, TwoAxesStepsClampAndBroadcast) {
  const DDim dims{5, 6, 7};
  const auto x = testing::RandomFloats(Numel(dims), -1, 1, 5);
  const std::vector<float> value = {10, 20, 30};  // [3, 1] over slice [3, 2] of axes 0, 2
  OpRunner r("set_value");
  r.Input<float>("Input", "x", dims, x);
  r.Input<float>("ValueTensor", "v", {3, 1, 1}, value);
  r.Output("Out", "y");
  r.Attr("axes", std::vector<int64_t>{0, 2});
  r.Attr("starts", std::vector<int64_t>{0, 3});
  r.Attr("ends", std::vector<int64_t>{100, 7});  // axis 0: 0, 2, 4; axis 2: 3, 5
  r.Attr("steps", std::vector<int64_t>{2, 2});
  r.Run();
  EXPECT_EQ(r.Values<float>("y"),
            Reference<float>(x, dims, {{0, 0, 2, 3}, {2, 3, 2, 2}}, {}, {}, value, {3, 1, 1}));
}

// int64 input, int64_values shaped by `shape`, none_axes inserting a 1.
TEST(SetValue, Int64ValuesWithNoneAxes) {
  const DDim dims{4, 3};
  std::vector<int64_t> x(12);
  std::iota(x.begin(), x.end(), 100);
  // x[None, 1:3] = [[[-1, -2, -3], [-4, -5, -6]]]: assign dims [1, 2, 3].
  const std::vector<int64_t> value = {-1, -2, -3, -4, -5, -6};
  OpRunner r("set_value");
  r.Input<int64_t>("Input", "x", dims, x);
  r.Output("Out", "y");
  r.Attr("axes", std::vector<int64_t>{0});
  r.Attr("starts", std::vector<int64_t>{1});
  r.Attr("ends", std::vector<int64_t>{3});
  r.Attr("steps", std::vector<int64_t>{1});
  r.Attr("none_axes", std::vector<int64_t>{0});
  r.Attr("int64_values", value);
  r.Attr("shape", std::vector<int64_t>{1, 2, 3});
  r.Attr("dtype", static_cast<int32_t>(3));
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("y"),
            Reference<int64_t>(x, dims, {{0, 1, 1, 2}}, {}, {0}, value, {1, 2, 3}));
}

// Values from attributes are converted to the input's type (Paddle's
// Scalar conversion): fp64_values into an int32 tensor, bool_values (INTS).
TEST(SetValue, AttributeValuesConvertToTheInputType) {
  OpRunner r("set_value");
  r.Input<int32_t>("Input", "x", {5}, {1, 2, 3, 4, 5});
  r.Output("Out", "y");
  r.Attr("axes", std::vector<int64_t>{0});
  r.Attr("starts", std::vector<int64_t>{1});
  r.Attr("ends", std::vector<int64_t>{3});
  r.Attr("fp64_values", std::vector<double>{9.0, 8.0});
  r.Run();
  EXPECT_EQ(r.Values<int32_t>("y"), (std::vector<int32_t>{1, 9, 8, 4, 5}));

  OpRunner b("set_value");
  b.Input<bool>("Input", "x", {4}, {false, false, false, false});
  b.Output("Out", "y");
  b.Attr("axes", std::vector<int64_t>{0});
  b.Attr("starts", std::vector<int64_t>{-1});
  b.Attr("ends", std::vector<int64_t>{4});
  b.Attr("bool_values", std::vector<int32_t>{1});
  b.Run();
  EXPECT_EQ(b.Values<bool>("y"), (std::vector<bool>{false, false, false, true}));
}

TEST(SetValue, EmptySliceChangesNothing) {
  const auto x = Iota(6);
  OpRunner r("set_value");
  r.Input<float>("Input", "x", {6}, x);
  r.Output("Out", "y");
  r.Attr("axes", std::vector<int64_t>{0});
  r.Attr("starts", std::vector<int64_t>{4});
  r.Attr("ends", std::vector<int64_t>{4});
  r.Attr("fp32_values", std::vector<float>{1.f});
  r.Run();
  EXPECT_EQ(r.Values<float>("y"), x);
}

// In place on a tensor that shares its buffer with another variable (a
// zero-copy reshape's input): the other variable keeps its values.
TEST(SetValue, InPlaceNeverWritesASharedBuffer) {
  OpRunner r("set_value");
  Tensor* x = r.Input<float>("Input", "x", {4}, {1, 2, 3, 4});
  Tensor* other = r.scope().Var("other");
  other->ShareDataWith(*x);
  r.Output("Out", "x");
  r.Attr("axes", std::vector<int64_t>{0});
  r.Attr("starts", std::vector<int64_t>{0});
  r.Attr("ends", std::vector<int64_t>{2});
  r.Attr("fp32_values", std::vector<float>{0.f});
  r.Run();
  EXPECT_EQ(r.Values<float>("x"), (std::vector<float>{0, 0, 3, 4}));
  EXPECT_EQ(r.Values<float>("other"), (std::vector<float>{1, 2, 3, 4}));
}

TEST(SetValue, ValueThatDoesNotBroadcastIsAnError) {
  OpRunner r("set_value");
  r.Input<float>("Input", "x", {3, 4}, Iota(12));
  r.Input<float>("ValueTensor", "v", {3}, {1, 2, 3});
  r.Output("Out", "y");
  r.Attr("axes", std::vector<int64_t>{1});
  r.Attr("starts", std::vector<int64_t>{0});
  r.Attr("ends", std::vector<int64_t>{4});
  testing::ExpectErrorMentions(r, {"set_value", "[3]", "[3, 4]"});
}

TEST(SetValue, BadBoundsAndMissingValueAreErrors) {
  OpRunner r("set_value");
  r.Input<float>("Input", "x", {5}, Iota(5));
  r.Output("Out", "y");
  r.Attr("axes", std::vector<int64_t>{0});
  r.Attr("starts", std::vector<int64_t>{3});
  r.Attr("ends", std::vector<int64_t>{1});
  r.Attr("fp32_values", std::vector<float>{1.f});
  testing::ExpectErrorMentions(r, {"set_value", "axis 0", "before start"});

  OpRunner s("set_value");
  s.Input<float>("Input", "x", {5}, Iota(5));
  s.Output("Out", "y");
  s.Attr("axes", std::vector<int64_t>{0});
  s.Attr("starts", std::vector<int64_t>{0});
  s.Attr("ends", std::vector<int64_t>{1});
  testing::ExpectErrorMentions(s, {"set_value", "ValueTensor", "fp32_values"});

  OpRunner z("set_value");
  z.Input<float>("Input", "x", {5}, Iota(5));
  z.Output("Out", "y");
  z.Attr("axes", std::vector<int64_t>{0});
  z.Attr("starts", std::vector<int64_t>{0});
  z.Attr("ends", std::vector<int64_t>{5});
  z.Attr("steps", std::vector<int64_t>{0});
  z.Attr("fp32_values", std::vector<float>{1.f});
  testing::ExpectErrorMentions(z, {"set_value", "step", "is 0"});
}

}  // namespace
}  // namespace lite
}  // namespace paddle
