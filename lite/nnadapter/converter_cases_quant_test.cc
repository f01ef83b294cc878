// Harness cases of the fake quantize / dequantize converters
// (convert_fake_quant.cc): stored scales, float inputs that straddle the
// scale (so that clipping matters), per-layer and per-channel forms, and
// the attribute values they decline.
#include "lite/nnadapter/converter_harness_cases.h"

namespace paddle {
namespace lite {
namespace testing {

using harness::Declines;
using harness::F;

namespace {
// A persistable float scale tensor.
void Scale(OpRunner& r, const std::string& slot, const std::string& var,
           const std::vector<float>& v) {
  r.Input<float>(slot, var, {static_cast<int64_t>(v.size())}, v)->set_persistable(true);
}

// quant-dequant / quant-only ops with one stored scale (slot `scale_slot`).
HarnessCase Stored(const std::string& op, const std::string& scale_slot,
                   const std::string& out_slot, int bits, int round_type) {
  const std::string label = "bit_length " + std::to_string(bits) + ", round_type " +
                            std::to_string(round_type);
  return {op, label, [=](OpRunner& r, int64_t n) {
            F(r, "X", "x", {2, n, 3}, -3.f, 3.f);
            Scale(r, scale_slot, "s", {1.7f});
            r.Output(out_slot, "y");
            r.Attr("bit_length", bits);
            r.Attr("round_type", round_type);
          }};
}
}  // namespace

void AddQuantCases(std::vector<HarnessCase>* cases) {
  auto& c = *cases;
  const std::pair<const char*, const char*> stored[] = {
      {"fake_quantize_dequantize_moving_average_abs_max", "InScale"},
      {"fake_quantize_moving_average_abs_max", "InScale"},
      {"quantize_linear", "Scale"}};
  for (const auto& [op, slot] : stored) {
    const std::string out = std::string(op) == "quantize_linear" ? "Y" : "Out";
    c.push_back(Stored(op, slot, out, 8, 1));
    c.push_back(Stored(op, slot, out, 5, 1));
    c.push_back(Declines(Stored(op, slot, out, 8, 0), "round_type"));
    c.push_back(Declines(Stored(op, slot, out, 12, 1), "bit_length"));
  }
  c.push_back({"dequantize_linear", "per tensor", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, n, 3}, -127.f, 127.f);
                 Scale(r, "Scale", "s", {0.9f});
                 r.Output("Y", "y");
                 r.Attr("quant_axis", -1);
               }});
  c.push_back({"dequantize_linear", "per channel, axis 1", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, 3, n}, -127.f, 127.f);
                 Scale(r, "Scale", "s", {0.5f, 1.25f, 2.f});
                 r.Output("Y", "y");
                 r.Attr("quant_axis", 1);
               }});
  c.push_back({"fake_dequantize_max_abs", "max_range 127", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {n, 4}, -127.f, 127.f);
                 Scale(r, "Scale", "s", {3.5f});
                 r.Output("Out", "y");
                 r.Attr("max_range", 127.f);
               }});
  c.push_back({"fake_channel_wise_dequantize_max_abs", "one scale tensor, axis 0",
               [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {3, n, 2}, -127.f, 127.f);
                 Scale(r, "Scales", "s1", {0.5f, 1.5f, 3.f});
                 r.Output("Out", "y");
                 r.Attr("quant_bits", std::vector<int32_t>{8});
                 r.Attr("quant_axis", 0);
               }});
  c.push_back({"fake_channel_wise_dequantize_max_abs", "two scale tensors",
               [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {n, 3}, -1000.f, 1000.f);
                 Scale(r, "Scales", "s1", {0.5f, 1.5f, 3.f});
                 Scale(r, "Scales", "s2", {2.5f});
                 r.Output("Out", "y");
                 r.Attr("quant_bits", std::vector<int32_t>{8, 8});
                 r.Attr("x_num_col_dims", 1);
               }});
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
