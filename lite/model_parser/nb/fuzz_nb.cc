// libFuzzer target for the .nb loader: any byte string must either parse
// into a valid NbModel or throw paddle::lite_api::Error; never crash, leak,
// read out of bounds or hit undefined behaviour. Built and run by
// tools/scripts/run_nb_fuzzer.sh SECONDS (clang -fsanitize=fuzzer,address,undefined).
//
// With NB_FUZZ_SEED_DIR set, LLVMFuzzerInitialize writes valid seed files
// (a small program using every attribute type, a subgraph block and weights)
// there first, so mutations start from the real structure.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>

#include "lite/model_parser/nb/nb_format.h"
#include "lite/model_parser/nb/nb_model.h"

namespace {
using namespace paddle::lite;  // NOLINT

nb::NbModel SeedModel(bool subgraph) {
  nb::NbModel m;
  cpp::BlockDesc b0;
  cpp::VarDesc x;
  x.name = "x";
  x.dims = {-1, 4};
  b0.vars.push_back(x);
  cpp::OpDesc feed("feed");
  feed.SetOutput("Out", {"x"});
  feed.SetAttr("col", int32_t{0});
  cpp::OpDesc fc(subgraph ? "subgraph" : "fc");
  fc.SetInput("Input", {"x"});
  fc.SetInput("W", {"w"});
  fc.SetOutput("Out", {"y"});
  fc.SetAttr("in_num_col_dims", int32_t{1});
  fc.SetAttr("alpha", 0.5f);
  fc.SetAttr("activation_type", std::string("relu"));
  fc.SetAttr("ints", std::vector<int32_t>{1, 2});
  fc.SetAttr("floats", std::vector<float>{1.f});
  fc.SetAttr("strings", std::vector<std::string>{"a"});
  fc.SetAttr("flag", true);
  fc.SetAttr("flags", std::vector<bool>{true});
  fc.SetAttr("long", int64_t{7});
  fc.SetAttr("longs", std::vector<int64_t>{7});
  fc.SetAttr("doubles", std::vector<double>{0.5});
  fc.SetAttr("double", 0.25);
  if (subgraph) {
    cpp::Attribute blk;
    blk.type = cpp::AttrType::BLOCK;
    blk.value = int32_t{1};
    fc.SetAttribute("sub_block", blk);
  }
  cpp::OpDesc fetch("fetch");
  fetch.SetInput("X", {"y"});
  fetch.SetAttr("col", int32_t{0});
  b0.ops = {feed, fc, fetch};
  m.program.blocks.push_back(b0);
  KernelKey key;
  key.op_type = fc.Type();
  key.target = paddle::lite_api::TargetType::kX86;
  m.kernel_keys = {KernelKey{"feed"}, key, KernelKey{"fetch"}};
  if (subgraph) {
    cpp::BlockDesc b1;
    b1.idx = 1;
    b1.parent_idx = 0;
    cpp::OpDesc inner("relu");
    inner.SetInput("X", {"x"});
    inner.SetOutput("Out", {"y"});
    b1.ops.push_back(inner);
    m.program.blocks.push_back(b1);
    m.nnadapter_device_names = {"builtin_device"};
  }
  auto weights = std::make_shared<Scope>();
  Tensor* w = weights->Var("w");
  w->Resize({4, 3});
  float* p = w->mutable_data<float>();
  for (int i = 0; i < 12; ++i) p[i] = static_cast<float>(i);
  w->set_persistable(true);
  m.weights = weights;
  return m;
}
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (const char* dir = std::getenv("NB_FUZZ_SEED_DIR")) {
    for (bool subgraph : {false, true}) {
      std::string bytes = nb::SerializeNbModel(SeedModel(subgraph));
      std::ofstream(std::string(dir) + (subgraph ? "/seed_subgraph.nb" : "/seed_fc.nb"),
                    std::ios::binary)
          .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
  }
  return 0;
}

namespace {
void Parse(const char* data, size_t size) {
  try {
    nb::NbModel m;
    nb::LoadNbModelBuffer(data, size, &m);
    // A model that parses must serialize back (exercises every field).
    (void)nb::SerializeNbModel(m);
  } catch (const paddle::lite_api::Error&) {
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const char* bytes = reinterpret_cast<const char*>(data);
  // As given (the header checks and the checksum reject most mutations)...
  Parse(bytes, size);
  // ...and with the file size and checksum fields repaired, so mutations of
  // the program and weights sections reach the structural checks.
  if (size >= nb::kHeaderSize) {
    std::string fixed(bytes, size);
    uint64_t n = size;
    std::memcpy(&fixed[nb::kOffFileSize], &n, 8);
    uint64_t sum = nb::Checksum64(fixed.data(), fixed.size());
    std::memcpy(&fixed[nb::kOffChecksum], &sum, 8);
    Parse(fixed.data(), fixed.size());
  }
  return 0;
}
