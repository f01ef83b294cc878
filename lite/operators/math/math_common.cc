#include "lite/operators/math/math_common.h"

#include <algorithm>

namespace paddle {
namespace lite {
namespace operators {

void EnforceDataType(const std::string& op, const char* slot, const Tensor& t,
                     DataType want) {
  LITE_ENFORCE(t.initialized(), "op '", op, "': input '", slot,
               "' has no data (dims ", DimsToString(t.dims()), ")");
  LITE_ENFORCE(t.dtype() == want, "op '", op, "': input '", slot, "' holds ",
               DataTypeName(t.dtype()), " data, expected ", DataTypeName(want));
}

namespace {

// Pads x and y to a common rank following Paddle's axis rule.
void PadToCommonRank(const std::string& op, const DDim& x, const DDim& y,
                     int axis, DDim* xp, DDim* yp) {
  const bool x_big = x.size() >= y.size();
  const DDim& big = x_big ? x : y;
  DDim small = x_big ? y : x;
  const int diff = static_cast<int>(big.size() - small.size());
  if (diff == 0) {
    *xp = x;
    *yp = y;
    return;
  }
  int a = axis == -1 ? diff : axis;
  LITE_ENFORCE(a >= 0 && a <= static_cast<int>(big.size()),
               "op '", op, "': axis ", axis, " is out of range for X dims ",
               DimsToString(x), " and Y dims ", DimsToString(y));
  // Trailing 1s of the smaller operand carry no data; trim them so that e.g.
  // Y [C, 1] lines up at the last axis.
  while (!small.empty() && small.back() == 1 &&
         a + static_cast<int>(small.size()) > static_cast<int>(big.size())) {
    small.pop_back();
  }
  LITE_ENFORCE(a + small.size() <= big.size(), "op '", op, "': axis ", axis,
               " is out of range for X dims ", DimsToString(x), " and Y dims ",
               DimsToString(y), " (the smaller operand must fit at axis)");
  DDim padded(big.size(), 1);
  for (size_t i = 0; i < small.size(); ++i) padded[a + i] = small[i];
  if (x_big) {
    *xp = x;
    *yp = padded;
  } else {
    *xp = padded;
    *yp = y;
  }
}

}  // namespace

DDim BroadcastOutputDims(const std::string& op, const DDim& x, const DDim& y,
                         int axis) {
  return BroadcastOutputDims(op, x, y, axis, "X", "Y");
}

DDim BroadcastOutputDims(const std::string& op, const DDim& x, const DDim& y, int axis,
                         const char* x_name, const char* y_name) {
  if (x == y) return x;
  DDim xp, yp;
  PadToCommonRank(op, x, y, axis, &xp, &yp);
  DDim out(xp.size());
  for (size_t i = 0; i < xp.size(); ++i) {
    if (xp[i] == yp[i] || yp[i] == 1) {
      out[i] = xp[i];
    } else if (xp[i] == 1) {
      out[i] = yp[i];
    } else {
      ThrowError("op '", op, "': ", x_name, " dims ", DimsToString(x), " and ", y_name,
                 " dims ", DimsToString(y), " cannot be broadcast (axis ", axis,
                 "): aligned dim ", i, " is ", xp[i], " vs ", yp[i]);
    }
  }
  return out;
}

int ReadBroadcastAxis(const cpp::OpDesc& desc) {
  const int axis = desc.GetAttr<int32_t>("axis", -1);
  LITE_ENFORCE(axis >= -1, "op '", desc.Type(), "': attribute 'axis' is ", axis,
               ", expected -1 or a non-negative dim index");
  return axis;
}

BroadcastPlan MakeBroadcastPlan(const std::string& op, const DDim& x,
                                const DDim& y, int axis) {
  BroadcastPlan plan;
  plan.out_dims = BroadcastOutputDims(op, x, y, axis);
  if (x == y || (Numel(x) == Numel(plan.out_dims) &&
                 Numel(y) == Numel(plan.out_dims))) {
    plan.same_shape = true;
    plan.dims = {std::max<int64_t>(Numel(plan.out_dims), 1)};
    plan.x_strides = {1};
    plan.y_strides = {1};
    if (Numel(plan.out_dims) == 0) plan.dims = {0};
    return plan;
  }
  DDim xp, yp;
  PadToCommonRank(op, x, y, axis, &xp, &yp);
  // Collapse: drop size-1 output dims, merge neighbours with equal pattern.
  std::vector<int64_t> dims;
  std::vector<bool> xfull, yfull;
  for (size_t i = 0; i < xp.size(); ++i) {
    int64_t o = plan.out_dims[i];
    if (o == 1) continue;
    bool xf = xp[i] == o, yf = yp[i] == o;
    if (!dims.empty() && xfull.back() == xf && yfull.back() == yf) {
      dims.back() *= o;
    } else {
      dims.push_back(o);
      xfull.push_back(xf);
      yfull.push_back(yf);
    }
  }
  if (dims.empty()) {
    dims = {1};
    xfull = {true};
    yfull = {true};
  }
  plan.dims = dims;
  plan.x_strides.assign(dims.size(), 0);
  plan.y_strides.assign(dims.size(), 0);
  int64_t xs = 1, ys = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    if (xfull[i]) {
      plan.x_strides[i] = xs;
      xs *= dims[i];
    }
    if (yfull[i]) {
      plan.y_strides[i] = ys;
      ys *= dims[i];
    }
  }
  return plan;
}

bool DataTypeFromVarTypeCode(int code, DataType* type) {
  switch (code) {
    case 0: *type = DataType::kBool; return true;
    case 1: *type = DataType::kInt16; return true;
    case 2: *type = DataType::kInt32; return true;
    case 3: *type = DataType::kInt64; return true;
    case 5: *type = DataType::kFloat32; return true;
    case 6: *type = DataType::kFloat64; return true;
    case 20: *type = DataType::kUInt8; return true;
    case 21: *type = DataType::kInt8; return true;
    default: return false;
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
