// libFuzzer target for Paddle Lite's .nb files: any byte string must either
// load (ParsePaddleLiteNb + MapToOurProgram, and PlanForLightRuntime) or throw
// paddle::lite_api::Error; never crash, leak, read out of bounds or hit
// undefined behaviour. Built and run by
// FUZZ_TARGET=paddle_lite_nb tools/scripts/run_nb_fuzzer.sh SECONDS.
//
// With PLNB_FUZZ_SEED_DIR set, LLVMFuzzerInitialize writes small valid
// seeds of the three layouts there (meta 2, meta 1, meta 0: a feed, an
// io_copy, an fc with attributes of every kind and a weight, a fetch): the
// real files are 0.4-3 MB, too large to mutate quickly.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include <flatbuffers/flatbuffers.h>

#include "lite/model_parser/paddle_lite_nb/paddle_lite_nb.h"
#include "lite/model_parser/paddle_lite_nb/paddle_lite_nb_generated.h"

namespace {
namespace fb = paddle::lite::plnb;

std::string Header(uint16_t meta, const std::string& program) {
  std::string h(26, '\0');
  std::memcpy(&h[0], &meta, 2);
  std::memcpy(&h[2], "v2.10-rc", 8);
  uint64_t n = program.size();
  std::memcpy(&h[18], &n, 8);
  return h + program;
}

flatbuffers::Offset<fb::Var> FbVar(flatbuffers::FlatBufferBuilder* b, const char* name, int kind,
                                   bool persistable, std::vector<int64_t> dims) {
  auto tensor = fb::CreateTensorInfoDirect(*b, 5, &dims);
  auto lod = fb::CreateLoDTensorInfo(*b, tensor, 0);
  auto type = fb::CreateVarTypeInfo(*b, kind, 0, lod);
  return fb::CreateVarDirect(*b, name, type, persistable, false);
}

flatbuffers::Offset<fb::OpSlot> Slot(flatbuffers::FlatBufferBuilder* b, const char* slot,
                                     const char* var) {
  std::vector<flatbuffers::Offset<flatbuffers::String>> vars = {b->CreateString(var)};
  return fb::CreateOpSlotDirect(*b, slot, &vars);
}

flatbuffers::Offset<fb::Op> FbOp(flatbuffers::FlatBufferBuilder* b, const char* type,
                                 std::vector<flatbuffers::Offset<fb::OpSlot>> in,
                                 std::vector<flatbuffers::Offset<fb::OpSlot>> out,
                                 std::vector<flatbuffers::Offset<fb::OpAttr>> attrs) {
  return fb::CreateOpDirect(*b, type, &in, &out, &attrs, false);
}

std::string FbProgram() {
  flatbuffers::FlatBufferBuilder b;
  std::vector<flatbuffers::Offset<fb::Var>> vars = {
      FbVar(&b, "feed", 9, true, {}), FbVar(&b, "x", 7, false, {-1, 4}),
      FbVar(&b, "x2", 7, false, {-1, 4}), FbVar(&b, "w", 7, true, {4, 2}),
      FbVar(&b, "y", 7, false, {-1, 2}), FbVar(&b, "fetch", 10, true, {})};
  auto col = [&] {
    return fb::CreateOpAttrDirect(b, "col", 0, 0);
  };
  auto kernel = [&](const char* k) {
    return fb::CreateOpAttrDirect(b, "__@kernel_type_attr@__", 2, 0, 0.f, k);
  };
  std::vector<int32_t> ints = {1, 2};
  std::vector<float> floats = {0.5f};
  std::vector<uint8_t> bools = {1, 0};
  std::vector<int64_t> longs = {7};
  std::vector<double> doubles = {0.25};
  std::vector<flatbuffers::Offset<flatbuffers::String>> strings = {b.CreateString("s")};
  std::vector<flatbuffers::Offset<fb::OpAttr>> fc_attrs = {
      fb::CreateOpAttrDirect(b, "in_num_col_dims", 0, 1),
      fb::CreateOpAttrDirect(b, "activation_type", 2, 0, 0.f, "relu"),
      fb::CreateOpAttrDirect(b, "ints", 3, 0, 0.f, nullptr, &ints),
      fb::CreateOpAttrDirect(b, "floats", 4, 0, 0.f, nullptr, nullptr, &floats),
      fb::CreateOpAttrDirect(b, "strings", 5, 0, 0.f, nullptr, nullptr, nullptr, &strings),
      fb::CreateOpAttrDirect(b, "bools", 7, 0, 0.f, nullptr, nullptr, nullptr, nullptr, false, &bools),
      fb::CreateOpAttrDirect(b, "longs", 11, 0, 0.f, nullptr, nullptr, nullptr, nullptr, false,
                             nullptr, 0, 0, nullptr, &longs),
      fb::CreateOpAttrDirect(b, "doubles", 12, 0, 0.f, nullptr, nullptr, nullptr, nullptr, false,
                             nullptr, 0, 0, nullptr, nullptr, 0.0, &doubles),
      kernel("fc/def/4/1/1")};
  std::vector<flatbuffers::Offset<fb::Op>> ops = {
      FbOp(&b, "feed", {Slot(&b, "X", "feed")}, {Slot(&b, "Out", "x")}, {col(), kernel("feed/def/1/4/2")}),
      FbOp(&b, "io_copy", {Slot(&b, "Input", "x")}, {Slot(&b, "Out", "x2")}, {kernel("io_copy/def/5/1/1")}),
      FbOp(&b, "fc", {Slot(&b, "Input", "x2"), Slot(&b, "W", "w")}, {Slot(&b, "Out", "y")}, fc_attrs),
      FbOp(&b, "fetch", {Slot(&b, "X", "y")}, {Slot(&b, "Out", "fetch")}, {col()})};
  std::vector<flatbuffers::Offset<fb::Block>> blocks = {fb::CreateBlockDirect(b, 0, -1, &vars, &ops)};
  auto version = fb::CreateProgramVersion(b, 0);
  b.Finish(fb::CreateProgramDirect(b, &blocks, version));
  return std::string(reinterpret_cast<const char*>(b.GetBufferPointer()), b.GetSize());
}

flatbuffers::Offset<fb::Param> FbParam(flatbuffers::FlatBufferBuilder* b) {
  std::vector<int64_t> dims = {4, 2};
  std::vector<int8_t> bytes(32);
  for (size_t i = 0; i < bytes.size(); i += 4) bytes[i + 3] = 0x3f;  // 0.5f
  auto t = fb::CreateParamTensorDirect(*b, 0, nullptr, &dims, 5, &bytes);
  return fb::CreateParamDirect(*b, 0, "w", fb::ParamValue_ParamTensor, t.Union());
}

std::string Meta2() {
  flatbuffers::FlatBufferBuilder b;
  b.Finish(FbParam(&b));
  std::string param(reinterpret_cast<const char*>(b.GetBufferPointer()), b.GetSize());
  std::string p;
  auto put = [&](auto v) { p.append(reinterpret_cast<const char*>(&v), sizeof(v)); };
  put(uint16_t{0});
  put(uint16_t{0});
  put(uint16_t{6});
  put(uint16_t{1});
  put(uint32_t{32});
  put(static_cast<uint32_t>(param.size() + 4));
  put(uint32_t{4});
  return Header(2, FbProgram()) + p + param;
}

std::string Meta1() {
  flatbuffers::FlatBufferBuilder b;
  std::vector<flatbuffers::Offset<fb::Param>> params = {FbParam(&b)};
  b.Finish(fb::CreateParamListDirect(b, &params));
  return Header(1, FbProgram()) +
         std::string(reinterpret_cast<const char*>(b.GetBufferPointer()), b.GetSize());
}

// The naive-buffer encoding (docs/paddle-lite-compatibility.md).
struct Naive {
  std::string s;
  template <typename T>
  void Put(T v) { s.append(reinterpret_cast<const char*>(&v), sizeof(v)); }
  void Str(const std::string& v) { Put<uint64_t>(v.size()); s += v; }
  void Tensor(int32_t type, std::vector<int64_t> dims) {
    Put<int32_t>(type);
    Put<uint64_t>(dims.size());
    for (int64_t d : dims) Put(d);
  }
  void Var(const char* name, int32_t kind, bool persistable, std::vector<int64_t> dims) {
    Str(name);
    Put<int32_t>(kind);
    Tensor(0, {});      // selected_rows
    Tensor(5, dims);    // lod_tensor (FP32)
    Put<int32_t>(0);
    Tensor(0, {});      // tensor_array
    Put<int32_t>(0);
    Put<uint64_t>(0);   // reader
    Put<uint64_t>(0);   // tuple
    Put<uint8_t>(persistable);
  }
  void Slots(std::vector<std::pair<const char*, const char*>> slots) {
    Put<uint64_t>(slots.size());
    for (auto& kv : slots) {
      Str(kv.first);
      Put<uint64_t>(1);
      Str(kv.second);
    }
  }
  void Attr(const char* name, int32_t type, int32_t i, const std::string& str) {
    Str(name);
    Put<int32_t>(type);
    Put<int32_t>(i);
    Put<float>(0.5f);
    Str(str);
    Put<uint64_t>(1); Put<int32_t>(3);       // ints
    Put<uint64_t>(1); Put<float>(1.5f);      // floats
    Put<uint64_t>(1); Str("t");              // strings
    Put<uint8_t>(1);                          // b
    Put<uint64_t>(1); Put<uint8_t>(1);       // bools
    Put<int32_t>(0);                          // block_idx
    Put<int64_t>(9);                          // l
    Put<uint64_t>(0);                         // blocks_idx
    Put<uint64_t>(1); Put<int64_t>(11);      // longs
  }
  void Op(const char* type, std::vector<std::pair<const char*, const char*>> in,
          std::vector<std::pair<const char*, const char*>> out, int attrs) {
    Str(type);
    Slots(in);
    Slots(out);
    Put<uint64_t>(attrs);
    if (attrs > 0) Attr("col", 0, 0, "");
    for (int a = 1; a < attrs; ++a) Attr(a == 1 ? "activation_type" : "in_num_col_dims", a == 1 ? 2 : 0, 1, "relu");
    Put<uint8_t>(0);
  }
};

std::string Meta0() {
  Naive p;
  p.Put<uint64_t>(1);  // blocks
  p.Put<int32_t>(0);
  p.Put<int32_t>(-1);
  p.Put<uint64_t>(5);  // vars (naive type codes: LOD_TENSOR 10, FEED 12, FETCH 13)
  p.Var("feed", 12, true, {});
  p.Var("x", 10, false, {-1, 4});
  p.Var("w", 10, true, {4, 2});
  p.Var("y", 10, false, {-1, 2});
  p.Var("fetch", 13, true, {});
  p.Put<uint64_t>(3);  // ops
  p.Op("feed", {{"X", "feed"}}, {{"Out", "x"}}, 1);
  p.Op("fc", {{"Input", "x"}, {"W", "w"}}, {{"Out", "y"}}, 3);
  p.Op("fetch", {{"X", "y"}}, {{"Out", "fetch"}}, 1);
  p.Put<int32_t>(-1);  // forward_block_idx
  p.Put<int64_t>(0);   // version
  Naive w;
  w.Put<uint64_t>(1);
  w.Str("w");
  w.Put<uint32_t>(0);
  w.Put<uint64_t>(0);
  w.Put<uint64_t>(0);  // lod
  w.Put<uint32_t>(0);
  w.Tensor(5, {4, 2});
  w.Put<uint64_t>(32);
  w.s += std::string(32, '\0');
  return Header(0, p.s) + w.s;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (const char* dir = std::getenv("PLNB_FUZZ_SEED_DIR")) {
    const std::pair<const char*, std::string> seeds[] = {
        {"/meta2.nb", Meta2()}, {"/meta1.nb", Meta1()}, {"/meta0.nb", Meta0()}};
    for (const auto& s : seeds) std::ofstream(std::string(dir) + s.first, std::ios::binary) << s.second;
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    paddle::lite::plnb::PaddleLiteModel m;
    paddle::lite::plnb::ParsePaddleLiteNb(reinterpret_cast<const char*>(data), size, "fuzz.nb", &m);
    // The last byte picks CxxConfig's mapping (unique names) or the light
    // runtime's (names kept, then its load-time plan).
    const bool light = size > 0 && (data[size - 1] & 1) != 0;
    paddle::lite::plnb::MapToOurProgram(&m, "fuzz.nb", nullptr, !light, nullptr);
    if (light) paddle::lite::plnb::PlanForLightRuntime(&m.program, *m.weights, nullptr);
  } catch (const paddle::lite_api::Error&) {
  }
  return 0;
}
