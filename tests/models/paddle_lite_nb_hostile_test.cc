// Truncated, corrupted and hostile Paddle Lite .nb files (mutations of the
// real ones in ../shared/models/paddle_lite_nb): an Error naming the file,
// the section and the byte offset, never a crash.
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "lite/model_parser/paddle_lite_nb/paddle_lite_nb.h"
#include "tests/models/model_test_util.h"
#include "tools/opt/opt_tool.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

std::string NbDir() { return ModelsDir() + "/paddle_lite_nb"; }
const char* kMeta2 = "/face_v210rc_arm/mask_detector_for_cpu/model.nb";
const char* kMeta0 = "/face_meta0_2020/mask_detector_for_cpu/model.nb";

// Parses `bytes` as a Paddle Lite .nb named `source`; returns the error
// message ("" when it loaded).
std::string ParseError(const std::string& bytes, const std::string& source) {
  try {
    plnb::PaddleLiteModel m;
    plnb::ParsePaddleLiteNb(bytes.data(), bytes.size(), source, &m);
    plnb::MapToOurProgram(&m, source, nullptr, true, nullptr);
    return "";
  } catch (const lite_api::Error& e) {
    return e.what();
  }
}

// The same through the file reader (parameters read forward from the file).
std::string LoadError(const std::string& path) {
  try {
    plnb::PaddleLiteModel m;
    plnb::LoadPaddleLiteNbFile(path, &m);
    plnb::MapToOurProgram(&m, path, nullptr, true, nullptr);
    return "";
  } catch (const lite_api::Error& e) {
    return e.what();
  }
}

void ExpectMentions(const std::string& msg, const std::vector<std::string>& needles) {
  for (const auto& n : needles) EXPECT_NE(msg.find(n), std::string::npos) << msg;
}

}  // namespace

TEST(PaddleLiteNbHostile, EveryTruncationIsAnErrorNamingSectionAndOffset) {
  for (const char* rel : {kMeta2, kMeta0}) {
    const std::string bytes = ReadFile(NbDir() + rel);
    ASSERT_GT(bytes.size(), 1000u);
    int errors = 0;
    // 26 = the header alone; then cuts through the program and the params.
    for (size_t cut : {size_t{1}, size_t{25}, size_t{26}, size_t{27}, size_t{100},
                       size_t{5000}, size_t{20000}, bytes.size() / 2, bytes.size() - 3,
                       bytes.size() - 1}) {
      std::string msg = ParseError(bytes.substr(0, cut), "cut.nb");
      ASSERT_FALSE(msg.empty()) << rel << " cut at " << cut << " loaded";
      ExpectMentions(msg, {"cut.nb", "section '", "byte"});
      ++errors;
    }
    EXPECT_EQ(errors, 10);
  }
}

// The file reader reads the parameters through a window and each payload
// straight into its storage; the buffer reader has the whole image. Both
// must load the same weights and fail with the same message on every cut.
TEST(PaddleLiteNbHostile, FileAndBufferReadersAgreeOnWeightsAndOnEveryCut) {
  const std::string path =
      ::testing::TempDir() + "/plnb_cut_" + std::to_string(getpid()) + ".nb";
  for (const char* rel : {kMeta2, kMeta0}) {
    const std::string bytes = ReadFile(NbDir() + rel);
    plnb::PaddleLiteModel from_file, from_buffer;
    plnb::LoadPaddleLiteNbFile(NbDir() + rel, &from_file);
    plnb::ParsePaddleLiteNb(bytes.data(), bytes.size(), "buffer", &from_buffer);
    const auto names = from_file.weights->LocalVarNames();
    ASSERT_EQ(names, from_buffer.weights->LocalVarNames()) << rel;
    ASSERT_GT(names.size(), 10u) << rel;
    for (const auto& n : names) {
      const Tensor* a = from_file.weights->FindLocalVar(n);
      const Tensor* b = from_buffer.weights->FindLocalVar(n);
      ASSERT_EQ(a->dims(), b->dims()) << rel << " " << n;
      ASSERT_EQ(a->dtype(), b->dtype()) << rel << " " << n;
      ASSERT_EQ(a->memory_size(), b->memory_size()) << rel << " " << n;
      EXPECT_EQ(std::memcmp(a->raw_data(), b->raw_data(), a->memory_size()), 0) << rel << " " << n;
      EXPECT_TRUE(a->persistable()) << rel << " " << n;
    }
    for (size_t cut : {size_t{25}, size_t{27}, size_t{5000}, bytes.size() / 3, bytes.size() / 2,
                       bytes.size() - 70000, bytes.size() - 3, bytes.size() - 1}) {
      std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes.substr(0, cut);
      const std::string from_memory = ParseError(bytes.substr(0, cut), path);
      ASSERT_FALSE(from_memory.empty()) << rel << " cut at " << cut;
      EXPECT_EQ(LoadError(path), from_memory) << rel << " cut at " << cut;
    }
  }
  std::remove(path.c_str());
}

TEST(PaddleLiteNbHostile, CorruptedBytesNeverCrashAndErrorsNameTheSection) {
  // Flips every 97th byte of the program section, one at a time, of both
  // layouts: each either still loads (a value changed) or is an Error
  // naming the file and a section.
  for (const char* rel : {kMeta2, kMeta0}) {
    const std::string bytes = ReadFile(NbDir() + rel);
    uint64_t program = 0;
    std::memcpy(&program, bytes.data() + 18, sizeof(program));
    int errors = 0, loaded = 0;
    for (size_t at = 26; at < 26 + program; at += 97) {
      std::string bad = bytes;
      bad[at] = static_cast<char>(bad[at] ^ 0xff);
      std::string msg = ParseError(bad, "flip.nb");
      if (msg.empty()) {
        ++loaded;
        continue;
      }
      ++errors;
      EXPECT_NE(msg.find("flip.nb"), std::string::npos) << msg;
    }
    std::printf("%s: %d flips refused, %d loaded\n", rel, errors, loaded);
    EXPECT_GT(errors, 0);
  }
}

TEST(PaddleLiteNbHostile, HostileSizesAndCountsAreRefusedBeforeAnyAllocation) {
  const std::string m2 = ReadFile(NbDir() + kMeta2);
  uint64_t program = 0;
  std::memcpy(&program, m2.data() + 18, sizeof(program));
  // A program size past the end of the file.
  std::string big = m2;
  const uint64_t huge = uint64_t{1} << 62;
  std::memcpy(&big[18], &huge, sizeof(huge));
  ExpectMentions(ParseError(big, "big.nb"), {"big.nb", "section 'header' at byte 18",
                                             "program size"});
  // A meta version this runtime does not know.
  std::string meta = m2;
  meta[0] = 7;
  ExpectMentions(ParseError(meta, "meta.nb"), {"meta.nb", "meta version 7"});
  // Meta 2 params: a record claiming 4 GB.
  std::string rec = m2;
  const size_t params = 26 + program;
  const uint16_t meta_size = *reinterpret_cast<const uint16_t*>(&m2[params + 2]);
  const size_t first = params + 4 + meta_size + 2 + 6;  // first record
  const uint32_t total = 0xfffffff0u;
  std::memcpy(&rec[first], &total, sizeof(total));
  ExpectMentions(ParseError(rec, "rec.nb"),
                 {"rec.nb", "section 'params' at byte", "parameter buffer"});
  // A parameter buffer that is not a FlatBuffer.
  std::string fb = m2;
  for (size_t i = first + 8; i < first + 24; ++i) fb[i] = '\xee';
  ExpectMentions(ParseError(fb, "fb.nb"), {"fb.nb", "section 'params'", "FlatBuffers verifier"});
  // Meta 0: a list count of 2^60 in the program.
  std::string m0 = ReadFile(NbDir() + kMeta0);
  const uint64_t many = uint64_t{1} << 60;
  std::memcpy(&m0[26], &many, sizeof(many));  // the block count
  ExpectMentions(ParseError(m0, "m0.nb"), {"m0.nb", "section 'program' at byte 26", "blocks"});
}

TEST(PaddleLiteNbHostile, MobileConfigAndCxxConfigReportTheFile) {
  const std::string bytes = ReadFile(NbDir() + kMeta2);
  // A header whose program size is past the end is still read as Paddle
  // Lite's (not handed to the protobuf loader), and the error says so.
  std::string big = bytes;
  const uint64_t huge = uint64_t{1} << 62;
  std::memcpy(&big[18], &huge, sizeof(huge));
  const std::string big_path =
      ::testing::TempDir() + "/plnb_big_" + std::to_string(getpid()) + ".nb";
  std::ofstream(big_path, std::ios::binary) << big;
  ExpectErrorMentioning(
      [&] {
        lite_api::CxxConfig c;
        c.set_model_file(big_path);
        lite_api::CreatePaddlePredictor(c);
      },
      big_path + ": Paddle Lite .nb section 'header' at byte 18");
  std::remove(big_path.c_str());
  const std::string path =
      ::testing::TempDir() + "/plnb_truncated_" + std::to_string(getpid()) + ".nb";
  std::ofstream(path, std::ios::binary) << bytes.substr(0, bytes.size() - 100);
  ExpectErrorMentioning(
      [&] {
        lite_api::MobileConfig c;
        c.set_model_from_file(path);
        lite_api::CreatePaddlePredictor(c);
      },
      path + ": Paddle Lite .nb section 'params' at byte");
  ExpectErrorMentioning(
      [&] {
        lite_api::CxxConfig c;
        c.set_model_file(path);
        lite_api::CreatePaddlePredictor(c);
      },
      path + ": Paddle Lite .nb section 'params' at byte");
  std::remove(path.c_str());
}

// Converting a Paddle Lite .nb with --optimize_out naming the file itself
// (`opt --model_file=model.nb --optimize_out=model`) is refused: it would
// replace the user's only copy of the model.
TEST(PaddleLiteNbHostile, OptNeverWritesOverThePaddleLiteFile) {
  const std::string path = ::testing::TempDir() + "/plnb_own_" + std::to_string(getpid());
  const std::string bytes = ReadFile(NbDir() + kMeta2);
  std::ofstream(path + ".nb", std::ios::binary) << bytes;
  opt::OptFlags f;
  f.model_file = path + ".nb";
  f.optimize_out = path;
  std::ostringstream out, err;
  EXPECT_NE(opt::RunOpt(f, out, err), 0);
  ExpectMentions(err.str(), {path + ".nb", "is the file the model was loaded from"});
  EXPECT_EQ(ReadFile(path + ".nb"), bytes);
  std::remove((path + ".nb").c_str());
}

TEST(PaddleLiteNbHostile, VendorOpsAreRefusedByNameWithTheirTargetAndFile) {
  // A real program whose first conv2d is turned into an XPU fused op (the
  // op type is edited in memory: no shared file has vendor ops).
  plnb::PaddleLiteModel m;
  plnb::LoadPaddleLiteNbFile(NbDir() + kMeta2, &m);
  for (auto& op : m.program.blocks[0].ops) {
    if (op.Type() == "conv2d") {
      op.SetType("__xpu__conv2d");
      break;
    }
  }
  try {
    plnb::MapToOurProgram(&m, "xpu.nb", nullptr, false, nullptr);
    ADD_FAILURE() << "an __xpu__ op loaded";
  } catch (const lite_api::Error& e) {
    ExpectMentions(e.what(), {"xpu.nb", "'__xpu__conv2d'", "recorded target arm/float", "XPU"});
  }
  plnb::LoadPaddleLiteNbFile(NbDir() + kMeta2, &m);
  m.program.blocks[0].ops[1].SetType("subgraph");
  try {
    plnb::MapToOurProgram(&m, "npu.nb", nullptr, false, nullptr);
    ADD_FAILURE() << "a subgraph op loaded";
  } catch (const lite_api::Error& e) {
    ExpectMentions(e.what(), {"npu.nb", "'subgraph'", "recorded target", "vendor NPU"});
  }
  // An op type this runtime lacks.
  plnb::LoadPaddleLiteNbFile(NbDir() + kMeta2, &m);
  m.program.blocks[0].ops[1].SetType("yolo_box_head_xyz");
  try {
    plnb::MapToOurProgram(&m, "op.nb", [](const std::string& t) { return t != "yolo_box_head_xyz"; },
                          false, nullptr);
    ADD_FAILURE() << "an unknown op loaded";
  } catch (const lite_api::Error& e) {
    ExpectMentions(e.what(), {"op.nb", "'yolo_box_head_xyz' (recorded target arm/float)"});
  }
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
