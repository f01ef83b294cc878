// The .nb loader's validation: zero-length, truncated, bit-flipped, bad
// magic, newer version, bad sections, missing kernels, NNAdapter devices;
// the format's round trip of every attribute type; weights used in place.
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "lite/api/light_api.h"
#include "tests/models/nb_test_util.h"
#include "lite/model_parser/nb/nb_format.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// The mnist MLP optimized for x86, made once per process.
const std::string& MnistNb() {
  static std::string bytes = [] {
    std::string dir = TempDir("format");
    std::string log;
    EXPECT_EQ(RunOptOn(AllModelCases()[0], "x86", dir + "/m", &log), 0) << log;
    std::string b = ReadFile(dir + "/m.nb");
    std::filesystem::remove_all(dir);
    // The tests below index the header: without a file they would read out of
    // bounds (ASan found it with the models folder missing), so fail the test.
    if (b.size() <= nb::kHeaderSize) {
      throw std::runtime_error("opt did not make the mnist .nb (models folder missing?): " + log);
    }
    return b;
  }();
  return bytes;
}

// The error message of loading `bytes` through MobileConfig (from a file
// when `as_file`), or "" if it loads.
std::string LoadError(const std::string& bytes, bool as_file = true) {
  std::string dir = as_file ? TempDir("load") : "";
  std::string error;
  try {
    lite_api::MobileConfig config;
    if (as_file) {
      std::ofstream(dir + "/x.nb", std::ios::binary).write(bytes.data(), bytes.size());
      config.set_model_from_file(dir + "/x.nb");
    } else {
      config.set_model_from_buffer(bytes.data(), bytes.size());
    }
    lite_api::CreatePaddlePredictor(config);
  } catch (const lite_api::Error& e) {
    error = e.what();
  }
  if (as_file) std::filesystem::remove_all(dir);
  return error;
}

template <typename T>
void Patch(std::string* bytes, size_t offset, T v) {
  std::memcpy(&(*bytes)[offset], &v, sizeof(T));
}

void Rechecksum(std::string* b) {
  Patch<uint64_t>(b, nb::kOffChecksum,
                  nb::Checksum64(b->data(), b->size()));
}

#define EXPECT_HAS(text, part) \
  EXPECT_NE((text).find(part), std::string::npos) << "expected '" << (part) << "' in: " << (text)

TEST(NbFormat, ValidFileLoadsAndRuns) {
  ASSERT_GT(MnistNb().size(), nb::kHeaderSize);
  EXPECT_EQ(LoadError(MnistNb()), "");
  EXPECT_EQ(LoadError(MnistNb(), false), "");
}

TEST(NbFormat, ZeroLength) {
  EXPECT_HAS(LoadError(""), "is empty (0 bytes)");
  EXPECT_HAS(LoadError("", false), "is empty (0 bytes)");
}

TEST(NbFormat, MissingFile) {
  lite_api::MobileConfig config;
  config.set_model_from_file("/nonexistent/m.nb");
  try {
    lite_api::CreatePaddlePredictor(config);
    ADD_FAILURE() << "no error";
  } catch (const lite_api::Error& e) {
    EXPECT_HAS(std::string(e.what()), "cannot read .nb model '/nonexistent/m.nb': No such file or directory");
  }
}

TEST(NbFormat, NoModelOrOldModelDir) {
  for (bool dir : {false, true}) {
    lite_api::MobileConfig config;
    if (dir) config.set_model_dir("/some/naive_buffer_dir");
    try {
      lite_api::CreatePaddlePredictor(config);
      ADD_FAILURE() << "no error";
    } catch (const lite_api::Error& e) {
      // A folder is read when it is Paddle Lite's pre-v2.3 pair.
      EXPECT_HAS(std::string(e.what()), dir ? "set_model_dir('/some/naive_buffer_dir') holds no "
                                              "Paddle Lite naive-buffer model (expected "
                                              "__model__.nb and param.nb)"
                                            : "MobileConfig: no model");
    }
  }
}

TEST(NbFormat, Truncated) {
  const std::string& good = MnistNb();
  for (size_t keep : {size_t{4}, size_t{100}}) {
    std::string err = LoadError(good.substr(0, keep));
    EXPECT_TRUE(err.find("magic") != std::string::npos ||
                err.find("header alone") != std::string::npos)
        << err;
  }
  for (size_t keep : {nb::kHeaderSize, good.size() / 2, good.size() - 1}) {
    EXPECT_HAS(LoadError(good.substr(0, keep)), "(truncated file?)");
  }
  // Every truncation point is an error, never a crash (from a buffer).
  for (size_t keep = 0; keep < good.size(); keep += 997) {
    EXPECT_NE(LoadError(good.substr(0, keep), false), "") << keep;
  }
}

// The sign bits (bit 63) of two 8-byte words 32 bytes apart, flipped
// together, for 800 pairs across the weights: every one is caught.
TEST(NbFormat, PairedSignBitFlipsThirtyTwoBytesApart) {
  const std::string& good = MnistNb();
  uint64_t data_offset = 0;
  std::memcpy(&data_offset, &good[nb::kOffDataOffset], 8);
  ASSERT_GT(good.size(), data_offset + 800 * 8 + 40);
  std::string all = good;
  for (int k = 0; k < 800; ++k) {
    size_t word = data_offset + static_cast<size_t>(k) * 8;
    std::string bad = good;
    bad[word + 7] ^= static_cast<char>(0x80);
    bad[word + 32 + 7] ^= static_cast<char>(0x80);
    EXPECT_NE(nb::Checksum64(bad.data(), bad.size()), nb::Checksum64(good.data(), good.size()))
        << "pair at word " << k;
  }
  for (int k = 0; k < 800; ++k) {
    size_t word = data_offset + static_cast<size_t>(k / 4) * 64 + static_cast<size_t>(k % 4) * 8;
    if (k % 8 >= 4) continue;
    all[word + 7] ^= static_cast<char>(0x80);
    all[word + 32 + 7] ^= static_cast<char>(0x80);
  }
  EXPECT_HAS(LoadError(all), "checksum mismatch");
}

TEST(NbFormat, BitFlips) {
  const std::string& good = MnistNb();
  // In the program section, in the weights, in the last byte.
  for (size_t at : {nb::kHeaderSize + 10, good.size() / 2, good.size() - 1}) {
    std::string bad = good;
    bad[at] ^= 0x10;
    std::string err = LoadError(bad);
    EXPECT_HAS(err, "checksum mismatch");
  }
  // Every header byte flipped: an error naming the problem, never a crash.
  for (size_t at = 0; at < nb::kHeaderSize; ++at) {
    std::string bad = good;
    bad[at] ^= 0x01;
    EXPECT_NE(LoadError(bad, false), "") << "flip at header byte " << at;
  }
}

TEST(NbFormat, BadMagic) {
  std::string bad = MnistNb();
  bad[0] = 'X';
  EXPECT_HAS(LoadError(bad), "bad magic");
}

TEST(NbFormat, NewerVersionNamesProducerAndReader) {
  std::string bad = MnistNb();
  Patch<uint32_t>(&bad, nb::kOffVersion, 7);
  std::memset(&bad[nb::kOffProducer], 0, nb::kProducerSize);
  std::memcpy(&bad[nb::kOffProducer], "paddle-lite-nna 9.9.9", 21);
  std::string err = LoadError(bad);
  EXPECT_HAS(err, ".nb format version 7");
  EXPECT_HAS(err, "written by 'paddle-lite-nna 9.9.9'");
  EXPECT_HAS(err, "reads format version 2");
  EXPECT_HAS(err, "upgrade the runtime");
}

TEST(NbFormat, SectionsOutOfBounds) {
  std::string bad = MnistNb();
  Patch<uint64_t>(&bad, nb::kOffMetaSize, uint64_t{1} << 40);
  Rechecksum(&bad);
  EXPECT_HAS(LoadError(bad), "section table out of bounds");
  bad = MnistNb();
  Patch<uint64_t>(&bad, nb::kOffFileSize, bad.size() + 64);
  EXPECT_HAS(LoadError(bad), "(truncated file?)");
}

TEST(NbFormat, CorruptProgramWithValidChecksum) {
  // Overwrite bytes inside the program section with 0xff and re-checksum:
  // the structural checks must catch what the checksum no longer does.
  const std::string& good = MnistNb();
  uint64_t meta_size;
  std::memcpy(&meta_size, good.data() + nb::kOffMetaSize, 8);
  int errors = 0;
  for (size_t at = nb::kHeaderSize; at < nb::kHeaderSize + meta_size; at += 7) {
    std::string bad = good;
    bad[at] = static_cast<char>(0xff);
    Rechecksum(&bad);
    std::string err = LoadError(bad, false);
    errors += !err.empty();
  }
  EXPECT_GT(errors, 0);
}

nb::NbModel LoadedMnist() {
  nb::NbModel m;
  nb::LoadNbModelBuffer(MnistNb().data(), MnistNb().size(), &m);
  return m;
}

TEST(NbFormat, MissingKernelNamesOpKeyAndTargets) {
  nb::NbModel m = LoadedMnist();
  size_t fc = 0;
  for (; fc < m.kernel_keys.size(); ++fc) {
    if (m.program.blocks[0].ops[fc].Type() == "fc") break;
  }
  ASSERT_LT(fc, m.kernel_keys.size());
  m.kernel_keys[fc].target = TargetType::kARM;
  std::string err = LoadError(nb::SerializeNbModel(m));
  EXPECT_HAS(err, "'fc' needs kernel 'fc/kARM/kFloat/kNCHW/def'");
  EXPECT_HAS(err, "kernels here: fc/kX86");
  EXPECT_HAS(err, "this runtime has kernels for targets: ");
  EXPECT_HAS(err, "kX86");
  // An op type the runtime does not know at all.
  m = LoadedMnist();
  m.program.blocks[0].ops[fc].SetType("no_such_op");
  m.kernel_keys[fc].op_type = "no_such_op";
  EXPECT_HAS(LoadError(nb::SerializeNbModel(m)), "'no_such_op' needs kernel");
}

TEST(NbFormat, RoundTripIsByteIdentical) {
  EXPECT_TRUE(nb::SerializeNbModel(LoadedMnist()) == MnistNb());
}

TEST(NbFormat, EveryAttributeTypeRoundTrips) {
  nb::NbModel m = LoadedMnist();
  cpp::BlockDesc sub;
  sub.idx = 1;
  sub.parent_idx = 0;
  cpp::VarDesc v;
  v.name = "v";
  v.dims = {-1, 3};
  v.lod_level = 2;
  v.need_check_feed = true;
  sub.vars.push_back(v);
  cpp::OpDesc op("fake_op");
  op.SetInput("X", {"a", "b"});
  op.SetOutput("Out", {"c"});
  op.SetAttr("i", int32_t{-5});
  op.SetAttr("f", 1.5f);
  op.SetAttr("s", std::string("text"));
  op.SetAttr("is", std::vector<int32_t>{1, -2});
  op.SetAttr("fs", std::vector<float>{0.25f});
  op.SetAttr("ss", std::vector<std::string>{"x", ""});
  op.SetAttr("b", true);
  op.SetAttr("bs", std::vector<bool>{true, false});
  op.SetAttr("l", int64_t{1} << 40);
  op.SetAttr("ls", std::vector<int64_t>{-(int64_t{1} << 40)});
  op.SetAttr("ds", std::vector<double>{1e-300});
  op.SetAttr("d", 2.5);
  op.SetAttr("sc", cpp::Scalar::Long(-(int64_t{1} << 40)));
  op.SetAttr("scs", std::vector<cpp::Scalar>{cpp::Scalar::Bool(true), cpp::Scalar::Double(0.1),
                                             cpp::Scalar::Complex(1.5, -2)});
  cpp::Attribute block;
  block.type = cpp::AttrType::BLOCK;
  block.value = int32_t{2};
  op.SetAttribute("blk", block);
  cpp::Attribute blocks;
  blocks.type = cpp::AttrType::BLOCKS;
  blocks.value = std::vector<int32_t>{2};
  op.SetAttribute("blks", blocks);
  cpp::Attribute var;
  var.type = cpp::AttrType::VAR;
  var.value = std::string("a");
  op.SetAttribute("var", var);
  cpp::Attribute vars;
  vars.type = cpp::AttrType::VARS;
  vars.value = std::vector<std::string>{"a", "b"};
  op.SetAttribute("vars", vars);
  op.set_is_target(true);
  sub.ops.push_back(op);
  m.program.blocks.push_back(sub);
  cpp::BlockDesc empty;
  empty.idx = 2;
  empty.parent_idx = 0;
  m.program.blocks.push_back(empty);
  std::string bytes = nb::SerializeNbModel(m);
  nb::NbModel back;
  nb::LoadNbModelBuffer(bytes.data(), bytes.size(), &back);
  ASSERT_EQ(back.program.blocks.size(), 3u);
  const cpp::OpDesc& got = back.program.blocks[1].ops.at(0);
  EXPECT_EQ(got.Type(), "fake_op");
  EXPECT_TRUE(got.is_target());
  EXPECT_EQ(got.inputs(), op.inputs());
  EXPECT_EQ(got.outputs(), op.outputs());
  ASSERT_EQ(got.attrs().size(), op.attrs().size());
  for (const auto& kv : op.attrs()) {
    const cpp::Attribute& a = got.attrs().at(kv.first);
    EXPECT_EQ(a.type, kv.second.type) << kv.first;
    EXPECT_TRUE(a.value == kv.second.value) << kv.first;
  }
  const cpp::VarDesc& gv = back.program.blocks[1].vars.at(0);
  EXPECT_EQ(gv.dims, v.dims);
  EXPECT_EQ(gv.lod_level, 2);
  EXPECT_TRUE(gv.need_check_feed);
  // A BLOCK attribute pointing past the blocks is rejected.
  m.program.blocks[1].ops[0].SetAttribute("blk", [] {
    cpp::Attribute a;
    a.type = cpp::AttrType::BLOCK;
    a.value = int32_t{9};
    return a;
  }());
  bytes = nb::SerializeNbModel(m);
  try {
    nb::LoadNbModelBuffer(bytes.data(), bytes.size(), &back);
    ADD_FAILURE() << "no error";
  } catch (const lite_api::Error& e) {
    EXPECT_HAS(std::string(e.what()), "attribute 'blk' refers to block 9");
  }
}

TEST(NbFormat, WeightsAreUsedInPlaceFromTheMappedFile) {
  std::string dir = TempDir("inplace");
  std::string path = dir + "/m.nb";
  std::ofstream(path, std::ios::binary).write(MnistNb().data(), MnistNb().size());
  nb::NbModel m;
  nb::LoadNbModelFile(path, &m);
  auto names = m.weights->LocalVarNames();
  ASSERT_FALSE(names.empty());
  for (const auto& n : names) {
    const Tensor* t = m.weights->FindLocalVar(n);
    ASSERT_TRUE(t->initialized()) << n;
    EXPECT_FALSE(t->buffer()->owned()) << n << " was copied";
    EXPECT_EQ(reinterpret_cast<uintptr_t>(t->raw_data()) % 64, 0u) << n;
    EXPECT_TRUE(t->persistable());
  }
  std::filesystem::remove_all(dir);
}

TEST(NbFormat, LightPredictorCannotSave) {
  lite_api::MobileConfig config;
  config.set_model_from_buffer(MnistNb());
  auto p = lite_api::CreatePaddlePredictor(config);
  EXPECT_THROW(p->SaveOptimizedModel("/tmp/x"), lite_api::Error);
  EXPECT_EQ(p->GetVersion(), nb::kProducerVersion);
  EXPECT_FALSE(p->GetParamNames().empty());
}

TEST(NbFormat, SubgraphModelNeedsItsDevice) {
  // A builtin_device .nb whose stored device list is changed to a device
  // that does not exist: the load names it (the fake_device variant with
  // the driver library absent is NbDeviceAbsent in nb_device_test).
  NbModelCase c = AllModelCases()[0];
  std::string dir = TempDir("devices");
  std::string log;
  ASSERT_EQ(RunOptOn(c, "builtin_device,x86", dir + "/m", &log), 0) << log;
  EXPECT_HAS(log, "subgraphs: 1");
  nb::NbModel m;
  nb::LoadNbModelFile(dir + "/m.nb", &m);
  EXPECT_EQ(m.nnadapter_device_names, std::vector<std::string>{"builtin_device"});
  m.nnadapter_device_names = {"no_such_npu"};
  std::string err = LoadError(nb::SerializeNbModel(m));
  EXPECT_HAS(err, "device 'no_such_npu' cannot be opened");
  EXPECT_HAS(err, "1 subgraph op(s)");
  // The config's device names override the stored ones.
  lite_api::MobileConfig config;
  std::string bytes = nb::SerializeNbModel(m);
  config.set_model_from_buffer(bytes);
  config.set_nnadapter_device_names({"builtin_device"});
  auto p = lite_api::CreatePaddlePredictor(config);
  auto full = lite_api::CreatePaddlePredictor(CxxConfigFor(c));
  EXPECT_EQ(RunAll(p.get(), c).size(), RunAll(full.get(), c).size());
  // An override to a missing device names the model's devices and the
  // override apart (it used to call the override the model's).
  m.nnadapter_device_names = {"builtin_device"};
  std::string good = nb::SerializeNbModel(m);
  lite_api::MobileConfig bad_override;
  bad_override.set_model_from_buffer(good);
  bad_override.set_nnadapter_device_names({"no_such_npu"});
  try {
    lite_api::CreatePaddlePredictor(bad_override);
    ADD_FAILURE() << "a missing override device loaded";
  } catch (const lite_api::Error& e) {
    EXPECT_HAS(std::string(e.what()),
               "on NNAdapter device(s) [builtin_device], set_nnadapter_device_names chose "
               "[no_such_npu], but device 'no_such_npu' cannot be opened");
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
