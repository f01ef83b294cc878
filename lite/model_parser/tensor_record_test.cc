// LoDTensor records: every dtype Paddle writes, the exact byte layout, and a
// test for each validation.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "lite/model_parser/model_test_util.h"
#include "lite/model_parser/tensor_record.h"

namespace paddle {
namespace lite {
namespace {

using test::ErrorOf;

template <typename T>
void PutLE(std::string* s, T v) {
  s->append(reinterpret_cast<const char*>(&v), sizeof(T));
}

// A record assembled by hand, field by field, as paddle-formats.md says.
std::string HandRecord(int data_type_code, const std::vector<int64_t>& dims,
                       const std::string& data, const LoD& lod = {}) {
  std::string desc;
  desc += '\x08';
  desc += static_cast<char>(data_type_code);
  for (int64_t d : dims) {
    desc += '\x10';
    uint64_t v = static_cast<uint64_t>(d);
    do {
      uint8_t byte = v & 0x7f;
      v >>= 7;
      desc += static_cast<char>(v ? (byte | 0x80) : byte);
    } while (v);
  }
  std::string r;
  PutLE<uint32_t>(&r, 0);
  PutLE<uint64_t>(&r, lod.size());
  for (const auto& level : lod) {
    PutLE<uint64_t>(&r, level.size() * 8);
    for (uint64_t o : level) PutLE<uint64_t>(&r, o);
  }
  PutLE<uint32_t>(&r, 0);
  PutLE<int32_t>(&r, static_cast<int32_t>(desc.size()));
  r += desc;
  r += data;
  return r;
}

struct DtypeCase {
  DataType dtype;
  int code;  // Paddle VarType.Type
};
const DtypeCase kAllDtypes[] = {
    {DataType::kBool, 0},  {DataType::kInt16, 1}, {DataType::kInt32, 2},
    {DataType::kInt64, 3}, {DataType::kFloat16, 4}, {DataType::kFloat32, 5},
    {DataType::kFloat64, 6}, {DataType::kUInt8, 20}, {DataType::kInt8, 21},
};

TEST(TensorRecord, EveryDtypeWritesPaddleBytesAndReadsBack) {
  for (const auto& c : kAllDtypes) {
    SCOPED_TRACE(DataTypeName(c.dtype));
    Tensor t;
    t.Resize({2, 1, 3});
    auto* p = static_cast<uint8_t*>(t.mutable_data(c.dtype));
    for (size_t i = 0; i < t.memory_size(); ++i) p[i] = static_cast<uint8_t>(i * 37 + 1);
    if (c.dtype == DataType::kBool) {
      for (size_t i = 0; i < t.memory_size(); ++i) p[i] = i % 2;
    }
    std::string bytes;
    WriteLoDTensorRecord(t, &bytes);
    std::string data(reinterpret_cast<const char*>(p), t.memory_size());
    EXPECT_EQ(bytes, HandRecord(c.code, {2, 1, 3}, data));

    cpp::VarDesc var;
    var.name = "v";
    var.dtype = c.dtype;
    var.dims = {2, -1, 3};
    size_t offset = 0;
    Tensor back;
    ReadLoDTensorRecord(bytes.data(), bytes.size(), &offset, "f", &var, &back);
    EXPECT_EQ(offset, bytes.size());
    test::ExpectTensorsIdentical(t, back, "v");
    EXPECT_EQ(reinterpret_cast<uintptr_t>(back.raw_data()) % 64, 0u);
  }
}

TEST(TensorRecord, LodAndScalarAndEmptyTensors) {
  LoD lod = {{0, 2, 5}, {0, 1, 2, 3, 4, 5}};
  std::string data(5 * 4, '\x11');
  std::string rec = HandRecord(5, {5, 1}, data, lod);
  size_t offset = 0;
  Tensor t;
  ReadLoDTensorRecord(rec.data(), rec.size(), &offset, "lod", nullptr, &t);
  EXPECT_EQ(t.lod(), lod);
  EXPECT_EQ(t.dims(), (DDim{5, 1}));
  std::string again;
  WriteLoDTensorRecord(t, &again);
  EXPECT_EQ(again, rec);

  // Rank 0 (one element) and a zero-sized tensor.
  std::string scalar = HandRecord(3, {}, std::string(8, '\x02'));
  std::string empty = HandRecord(5, {0, 4}, "");
  std::string both = scalar + empty;
  offset = 0;
  Tensor s, e;
  ReadLoDTensorRecord(both.data(), both.size(), &offset, "two", nullptr, &s, 0);
  ReadLoDTensorRecord(both.data(), both.size(), &offset, "two", nullptr, &e, 1);
  EXPECT_EQ(offset, both.size());
  EXPECT_EQ(s.numel(), 1);
  EXPECT_EQ(s.data<int64_t>()[0], 0x0202020202020202LL);
  EXPECT_EQ(e.numel(), 0);
}

// The params fuzzer's first finding: a LoD level of 0 bytes made the reader
// memcpy from a null buffer (undefined behaviour, reported by UBSan).
TEST(TensorRecord, EmptyLodLevelReads) {
  std::string rec = HandRecord(5, {2, 1}, std::string(8, '\x01'), LoD{{}});
  size_t offset = 0;
  Tensor t;
  ReadLoDTensorRecord(rec.data(), rec.size(), &offset, "empty_lod", nullptr, &t);
  EXPECT_EQ(offset, rec.size());
  EXPECT_EQ(t.lod(), (LoD{{}}));
  EXPECT_EQ(t.dims(), (DDim{2, 1}));
}

class RecordErrors : public ::testing::Test {
 protected:
  void SetUp() override {
    var_.name = "conv1_weights";
    var_.dtype = DataType::kFloat32;
    var_.dims = {4, 3};
    good_ = HandRecord(5, {4, 3}, std::string(48, '\x01'));
  }
  // Reads `bytes` placed after 100 filler bytes, as record 12.
  std::string Error(const std::string& bytes, const cpp::VarDesc* var = nullptr) {
    std::string file = std::string(100, '\0') + bytes;
    size_t offset = 100;
    Tensor t;
    std::string msg = ErrorOf([&] {
      ReadLoDTensorRecord(file.data(), file.size(), &offset, "inference.pdiparams", var ? var : &var_, &t, 12);
    });
    EXPECT_EQ(offset, 100u) << "offset must not move on error";
    EXPECT_FALSE(t.initialized()) << "output must not be filled on error";
    EXPECT_EQ(msg.rfind("inference.pdiparams: record 12 (variable 'conv1_weights') at byte offset 100: ", 0), 0u)
        << msg;
    return msg;
  }
  cpp::VarDesc var_;
  std::string good_;
};

TEST_F(RecordErrors, GoodRecordReads) {
  size_t offset = 0;
  Tensor t;
  ReadLoDTensorRecord(good_.data(), good_.size(), &offset, "f", &var_, &t);
  EXPECT_EQ(offset, good_.size());
}

TEST_F(RecordErrors, TruncatedAtEveryOffset) {
  for (size_t cut = 0; cut < good_.size(); ++cut) {
    std::string msg = Error(good_.substr(0, cut));
    EXPECT_TRUE(msg.find("truncated") != std::string::npos || msg.find("ends here") != std::string::npos)
        << "cut " << cut << ": " << msg;
  }
  std::string msg = Error(good_.substr(0, good_.size() - 10));
  EXPECT_NE(msg.find("data (at byte 126, float32 [4, 3]) needs 48 bytes, only 38 remain (file truncated?)"),
            std::string::npos) << msg;
}

TEST_F(RecordErrors, VersionFields) {
  std::string bad = good_;
  bad[0] = 1;
  EXPECT_NE(Error(bad).find("record version is 1, expected 0"), std::string::npos);
  bad = good_;
  bad[12] = 7;  // tensor version
  EXPECT_NE(Error(bad).find("tensor version is 7, expected 0"), std::string::npos);
}

TEST_F(RecordErrors, LodSizes) {
  std::string bad = good_;
  bad[4] = 0x40;  // lod_level 64: more levels than bytes
  EXPECT_NE(Error(bad).find("lod level count 64 is impossible"), std::string::npos);
  std::string rec = HandRecord(5, {4, 3}, std::string(48, '\x01'), {{0, 4}});
  rec[12] = 12;  // level byte count not a multiple of 8
  EXPECT_NE(Error(rec).find("lod level 0 has 12 bytes, not a multiple of 8"), std::string::npos);
  rec = HandRecord(5, {4, 3}, std::string(48, '\x01'), {{0, 4}});
  rec[13] = 0x10;  // 4096+ bytes
  EXPECT_NE(Error(rec).find("lod level 0 needs 4112 bytes"), std::string::npos);
}

TEST_F(RecordErrors, DescSize) {
  std::string bad = good_;
  bad[16] = 100;
  EXPECT_NE(Error(bad).find("TensorDesc needs 100 bytes, only"), std::string::npos);
  bad = good_;
  bad[19] = '\x80';
  EXPECT_NE(Error(bad).find("TensorDesc size is negative"), std::string::npos);
  bad = good_;
  bad[20] = '\xff';  // not a protobuf tag
  bad[21] = '\xff';
  EXPECT_NE(Error(bad).find("is not a valid protobuf"), std::string::npos);
}

TEST_F(RecordErrors, UnknownOrUnsupportedDtype) {
  EXPECT_NE(Error(HandRecord(99, {4, 3}, std::string(48, '\x01'))).find("unknown element type code 99"),
            std::string::npos);
  std::string msg = Error(HandRecord(22, {4, 3}, std::string(24, '\x01')));
  EXPECT_NE(msg.find("element type BF16 (code 22) is not supported"), std::string::npos) << msg;
}

TEST_F(RecordErrors, DtypeOrDimsDisagreeWithVarDesc) {
  std::string msg = Error(HandRecord(6, {4, 3}, std::string(96, '\x01')));
  EXPECT_NE(msg.find("the record holds float64 data but the program declares float32"), std::string::npos) << msg;
  msg = Error(HandRecord(5, {3, 4}, std::string(48, '\x01')));
  EXPECT_NE(msg.find("the record's dims [3, 4] do not match the program's dims [4, 3]"), std::string::npos) << msg;
  msg = Error(HandRecord(5, {4, 3, 1}, std::string(48, '\x01')));
  EXPECT_NE(msg.find("dims [4, 3, 1] do not match"), std::string::npos) << msg;
  msg = Error(HandRecord(5, {4, -3}, ""));
  EXPECT_NE(msg.find("dims [4, -3] contain a negative extent"), std::string::npos) << msg;
  msg = Error(HandRecord(5, {int64_t{1} << 40, int64_t{1} << 40}, ""));
  EXPECT_NE(msg.find("overflow"), std::string::npos) << msg;
}

TEST(TensorRecord, WriterRejectsTensorsWithoutData) {
  Tensor t;
  t.Resize({2});
  t.set_dtype(DataType::kFloat32);
  std::string out;
  EXPECT_NE(ErrorOf([&] { WriteLoDTensorRecord(t, &out); }).find("has no data"), std::string::npos);
  Tensor u;
  u.Resize({2});
  EXPECT_NE(ErrorOf([&] { WriteLoDTensorRecord(u, &out); }).find("unknown element type"), std::string::npos);
  EXPECT_TRUE(out.empty());
}

}  // namespace
}  // namespace lite
}  // namespace paddle
