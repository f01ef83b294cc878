#include "lite/model_parser/tensor_record.h"

#include <cstdint>
#include <cstring>
#include <limits>
#include <utility>

#include "lite/model_parser/framework.pb.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "The params reader assumes a little-endian host (Paddle files are little-endian)"
#endif

namespace paddle {
namespace lite {
namespace {

namespace pb = ::paddle::framework::proto;

// Reads one record; `fail` builds the error prefix that names the file,
// record, variable and the record's start offset.
class RecordReader {
 public:
  RecordReader(const char* data, size_t size, size_t start, const std::string& file,
               const cpp::VarDesc* expected, int record_index)
      : data_(data), size_(size), pos_(start), start_(start), file_(file),
        expected_(expected), record_index_(record_index) {}

  template <typename... Args>
  [[noreturn]] void Fail(const Args&... args) const {
    std::string prefix = StrCat(file_, ": record");
    if (record_index_ >= 0) prefix += StrCat(" ", record_index_);
    if (expected_) prefix += StrCat(" (variable '", expected_->name, "')");
    ThrowError(prefix, " at byte offset ", start_, ": ", args...);
  }

  size_t remaining() const { return size_ - pos_; }
  size_t pos() const { return pos_; }

  template <typename T>
  T ReadScalar(const char* field) {
    if (remaining() < sizeof(T)) {
      if (pos_ == start_ && remaining() == 0) {
        Fail("expected a record but the data ends here (missing record or file truncated?)");
      }
      Fail(field, " (at byte ", pos_, ") needs ", sizeof(T), " bytes, only ", remaining(),
           " remain (file truncated?)");
    }
    T v;
    std::memcpy(&v, data_ + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }

  const char* Take(size_t n) {
    const char* p = data_ + pos_;
    pos_ += n;
    return p;
  }

  const cpp::VarDesc* expected() const { return expected_; }

 private:
  const char* data_;
  size_t size_;
  size_t pos_;
  size_t start_;
  const std::string& file_;
  const cpp::VarDesc* expected_;
  int record_index_;
};

bool DimsMatch(const DDim& expected, const DDim& actual) {
  if (expected.size() != actual.size()) return false;
  for (size_t i = 0; i < expected.size(); ++i) {
    if (expected[i] != -1 && expected[i] != actual[i]) return false;
  }
  return true;
}

}  // namespace

void ReadLoDTensorRecord(const char* data, size_t size, size_t* offset,
                         const std::string& file, const cpp::VarDesc* expected,
                         Tensor* out, int record_index) {
  LITE_ENFORCE(offset != nullptr && out != nullptr, "ReadLoDTensorRecord: null argument");
  LITE_ENFORCE(*offset <= size, file, ": ReadLoDTensorRecord: offset ", *offset,
               " is past the end (", size, " bytes)");
  RecordReader r(data, size, *offset, file, expected, record_index);

  uint32_t version = r.ReadScalar<uint32_t>("the record version");
  if (version != 0) {
    r.Fail("record version is ", version, ", expected 0 (corrupt file, or not a Paddle params file?)");
  }

  uint64_t lod_level = r.ReadScalar<uint64_t>("the lod level count");
  if (lod_level > r.remaining() / 8) {
    r.Fail("lod level count ", lod_level, " is impossible with ", r.remaining(),
           " bytes remaining (corrupt file?)");
  }
  LoD lod(static_cast<size_t>(lod_level));
  for (uint64_t level = 0; level < lod_level; ++level) {
    uint64_t bytes = r.ReadScalar<uint64_t>("a lod level size");
    if (bytes % 8 != 0) {
      r.Fail("lod level ", level, " has ", bytes, " bytes, not a multiple of 8 (corrupt file?)");
    }
    if (bytes > r.remaining()) {
      r.Fail("lod level ", level, " needs ", bytes, " bytes, only ", r.remaining(),
             " remain (file truncated?)");
    }
    auto& offsets = lod[level];
    offsets.resize(bytes / 8);
    // An empty level has no buffer: memcpy with a null pointer is undefined
    // even for 0 bytes (found by the params fuzzer).
    const char* src = r.Take(bytes);
    if (bytes) std::memcpy(offsets.data(), src, bytes);
  }

  uint32_t tensor_version = r.ReadScalar<uint32_t>("the tensor version");
  if (tensor_version != 0) {
    r.Fail("tensor version is ", tensor_version, ", expected 0 (corrupt file?)");
  }

  int32_t desc_size = r.ReadScalar<int32_t>("the TensorDesc size");
  if (desc_size < 0) r.Fail("TensorDesc size is negative (", desc_size, "; corrupt file?)");
  if (static_cast<size_t>(desc_size) > r.remaining()) {
    r.Fail("TensorDesc needs ", desc_size, " bytes, only ", r.remaining(),
           " remain (file truncated or corrupt?)");
  }
  size_t desc_pos = r.pos();
  pb::VarType::TensorDesc desc;
  if (!desc.ParsePartialFromArray(r.Take(desc_size), desc_size)) {
    r.Fail("the TensorDesc (", desc_size, " bytes at byte ", desc_pos,
           ") is not a valid protobuf (corrupt file?)");
  }
  if (!desc.has_data_type()) {
    const auto& unknown = desc.GetReflection()->GetUnknownFields(desc);
    for (int i = 0; i < unknown.field_count(); ++i) {
      if (unknown.field(i).number() == 1 &&
          unknown.field(i).type() == google::protobuf::UnknownField::TYPE_VARINT) {
        r.Fail("unknown element type code ", unknown.field(i).varint(),
               " in the TensorDesc (corrupt file?)");
      }
    }
    r.Fail("the TensorDesc has no data_type (corrupt file?)");
  }
  DataType dtype = cpp::DataTypeFromVarKind(static_cast<cpp::VarKind>(desc.data_type()));
  if (dtype == DataType::kUnknown) {
    r.Fail("element type ", pb::VarType_Type_Name(desc.data_type()), " (code ",
           static_cast<int>(desc.data_type()),
           ") is not supported (supported: BOOL, INT16, INT32, INT64, FP16, FP32, FP64, UINT8, INT8)");
  }
  DDim dims(desc.dims().begin(), desc.dims().end());
  const size_t elem = SizeOf(dtype);
  uint64_t numel = 1;
  for (int64_t d : dims) {
    if (d < 0) r.Fail("dims ", DimsToString(dims), " contain a negative extent (corrupt file?)");
    if (d != 0 && numel > std::numeric_limits<uint64_t>::max() / elem / static_cast<uint64_t>(d)) {
      r.Fail("dims ", DimsToString(dims), " overflow (corrupt file?)");
    }
    numel *= static_cast<uint64_t>(d);
  }
  if (const cpp::VarDesc* e = r.expected()) {
    if (e->dtype != DataType::kUnknown && e->dtype != dtype) {
      r.Fail("the record holds ", DataTypeName(dtype), " data but the program declares ",
             DataTypeName(e->dtype), " for this variable");
    }
    if (!DimsMatch(e->dims, dims)) {
      r.Fail("the record's dims ", DimsToString(dims), " do not match the program's dims ",
             DimsToString(e->dims), " for this variable");
    }
  }
  uint64_t data_bytes = numel * elem;
  if (data_bytes > r.remaining()) {
    r.Fail("data (at byte ", r.pos(), ", ", DataTypeName(dtype), " ", DimsToString(dims),
           ") needs ", data_bytes, " bytes, only ", r.remaining(), " remain (file truncated?)");
  }

  Tensor t;
  t.Resize(dims);
  void* dst = t.mutable_data(dtype);
  if (data_bytes) std::memcpy(dst, r.Take(static_cast<size_t>(data_bytes)), data_bytes);
  t.set_lod(lod);
  t.set_persistable(out->persistable());
  *out = std::move(t);
  *offset = r.pos();
}

void WriteLoDTensorRecord(const Tensor& tensor, std::string* out) {
  LITE_ENFORCE(out != nullptr, "WriteLoDTensorRecord: output is null");
  DataType dtype = tensor.dtype();
  LITE_ENFORCE(dtype != DataType::kUnknown, "WriteLoDTensorRecord: tensor with dims ",
               DimsToString(tensor.dims()), " has an unknown element type");
  for (int64_t d : tensor.dims()) {
    LITE_ENFORCE(d >= 0, "WriteLoDTensorRecord: tensor dims ", DimsToString(tensor.dims()),
                 " contain a negative extent");
  }
  size_t data_bytes = tensor.memory_size();
  LITE_ENFORCE(data_bytes == 0 || tensor.initialized(), "WriteLoDTensorRecord: tensor with dims ",
               DimsToString(tensor.dims()), " has no data");

  auto put = [out](const void* p, size_t n) { out->append(static_cast<const char*>(p), n); };
  uint32_t version = 0;
  put(&version, 4);
  uint64_t lod_level = tensor.lod().size();
  put(&lod_level, 8);
  for (const auto& level : tensor.lod()) {
    uint64_t bytes = level.size() * sizeof(uint64_t);
    put(&bytes, 8);
    put(level.data(), bytes);
  }
  uint32_t tensor_version = 0;
  put(&tensor_version, 4);
  pb::VarType::TensorDesc desc;
  desc.set_data_type(static_cast<pb::VarType::Type>(cpp::VarKindFromDataType(dtype)));
  for (int64_t d : tensor.dims()) desc.add_dims(d);
  std::string desc_bytes;
  LITE_ENFORCE(desc.SerializeToString(&desc_bytes), "WriteLoDTensorRecord: TensorDesc serialization failed");
  int32_t desc_size = static_cast<int32_t>(desc_bytes.size());
  put(&desc_size, 4);
  out->append(desc_bytes);
  if (data_bytes) put(tensor.raw_data(), data_bytes);
}

}  // namespace lite
}  // namespace paddle
