#include "nnadapter/utility/serialization.h"

#include <cstring>
#include <map>

namespace nnadapter {

uint32_t Crc32(const void* data, size_t size, uint32_t crc) {
  static const auto table = [] {
    std::vector<uint32_t> t(256);
    for (uint32_t i = 0; i < 256; i++) {
      uint32_t c = i;
      for (int k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  const uint8_t* p = static_cast<const uint8_t*>(data);
  crc = ~crc;
  for (size_t i = 0; i < size; i++) crc = table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

void BinaryWriter::WriteBytes(const void* data, size_t size) {
  const uint8_t* p = static_cast<const uint8_t*>(data);
  out_->insert(out_->end(), p, p + size);
}

void BinaryWriter::WriteU32(uint32_t v) {
  uint8_t b[4] = {static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8),
                  static_cast<uint8_t>(v >> 16), static_cast<uint8_t>(v >> 24)};
  WriteBytes(b, 4);
}

void BinaryWriter::WriteU64(uint64_t v) {
  WriteU32(static_cast<uint32_t>(v));
  WriteU32(static_cast<uint32_t>(v >> 32));
}

void BinaryWriter::WriteF32(float v) {
  uint32_t u;
  std::memcpy(&u, &v, 4);
  WriteU32(u);
}

void BinaryWriter::WriteString(const std::string& s) {
  WriteU32(static_cast<uint32_t>(s.size()));
  WriteBytes(s.data(), s.size());
}

void BinaryWriter::WriteOperandType(const NNAdapterOperandType& type) {
  WriteI32(type.precision);
  WriteI32(type.layout);
  WriteI32(type.lifetime);
  const auto& dims = type.dimensions;
  WriteU32(dims.count);
  for (uint32_t i = 0; i < dims.count; i++) WriteI32(dims.data[i]);
  WriteU32(dims.dynamic_count);
  for (uint32_t d = 0; d < dims.dynamic_count; d++) {
    for (uint32_t i = 0; i < dims.count; i++) WriteI32(dims.dynamic_data[d][i]);
  }
  switch (type.precision) {
    case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT32_SYMM_PER_LAYER:
      WriteF32(type.symm_per_layer_params.scale);
      break;
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER:
    case NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER:
      WriteF32(type.asymm_per_layer_params.scale);
      WriteI32(type.asymm_per_layer_params.zero_point);
      break;
    case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
    case NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL: {
      const auto& p = type.symm_per_channel_params;
      const uint32_t n = p.scales ? p.scale_count : 0;
      WriteU32(p.channel_dim);
      WriteU32(n);
      for (uint32_t i = 0; i < n; i++) WriteF32(p.scales[i]);
      break;
    }
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL: {
      const auto& p = type.asymm_per_channel_params;
      const uint32_t n = p.scales ? p.scale_count : 0;
      const uint32_t z = p.zero_points ? p.zero_point_count : 0;
      WriteU32(p.channel_dim);
      WriteU32(n);
      for (uint32_t i = 0; i < n; i++) WriteF32(p.scales[i]);
      WriteU32(z);
      for (uint32_t i = 0; i < z; i++) WriteI32(p.zero_points[i]);
      break;
    }
    default:
      break;
  }
}

bool BinaryReader::Fail(const std::string& message) {
  if (error_.empty()) {
    error_ = message + " at offset " + std::to_string(offset_);
  }
  offset_ = size_;
  return false;
}

bool BinaryReader::ReadBytes(void* out, size_t size) {
  if (!error_.empty() || size > size_ - offset_) {
    return Fail("truncated data: need " + std::to_string(size) +
                " bytes, have " + std::to_string(size_ - offset_));
  }
  if (size) std::memcpy(out, data_ + offset_, size);
  offset_ += size;
  return true;
}

bool BinaryReader::Skip(size_t size) {
  const uint8_t* unused;
  return ReadView(&unused, size);
}

bool BinaryReader::ReadView(const uint8_t** out, size_t size) {
  if (!error_.empty() || size > size_ - offset_) {
    return Fail("truncated data: need " + std::to_string(size) +
                " bytes, have " + std::to_string(size_ - offset_));
  }
  *out = data_ + offset_;
  offset_ += size;
  return true;
}

bool BinaryReader::ReadU32(uint32_t* v) {
  uint8_t b[4];
  if (!ReadBytes(b, 4)) return false;
  *v = static_cast<uint32_t>(b[0]) | (static_cast<uint32_t>(b[1]) << 8) |
       (static_cast<uint32_t>(b[2]) << 16) | (static_cast<uint32_t>(b[3]) << 24);
  return true;
}

bool BinaryReader::ReadI32(int32_t* v) {
  uint32_t u;
  if (!ReadU32(&u)) return false;
  *v = static_cast<int32_t>(u);
  return true;
}

bool BinaryReader::ReadU64(uint64_t* v) {
  uint32_t lo, hi;
  if (!ReadU32(&lo) || !ReadU32(&hi)) return false;
  *v = (static_cast<uint64_t>(hi) << 32) | lo;
  return true;
}

bool BinaryReader::ReadF32(float* v) {
  uint32_t u;
  if (!ReadU32(&u)) return false;
  std::memcpy(v, &u, 4);
  return true;
}

bool BinaryReader::ReadString(std::string* s, size_t max_length) {
  uint32_t n;
  if (!ReadU32(&n)) return false;
  if (n > max_length || n > remaining()) {
    return Fail("string length " + std::to_string(n) + " exceeds the data");
  }
  s->assign(reinterpret_cast<const char*>(data_ + offset_), n);
  offset_ += n;
  return true;
}

bool BinaryReader::ReadOperandType(NNAdapterOperandType* type,
                                   std::list<std::vector<uint8_t>>* storage) {
  std::memset(type, 0, sizeof(*type));
  auto& dims = type->dimensions;
  if (!ReadI32(&type->precision) || !ReadI32(&type->layout) ||
      !ReadI32(&type->lifetime) || !ReadU32(&dims.count)) {
    return false;
  }
  if (dims.count > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) {
    return Fail("operand rank " + std::to_string(dims.count) + " exceeds " +
                std::to_string(NNADAPTER_MAX_SIZE_OF_DIMENSIONS));
  }
  for (uint32_t i = 0; i < dims.count; i++) {
    if (!ReadI32(&dims.data[i])) return false;
  }
  if (!ReadU32(&dims.dynamic_count)) return false;
  if (dims.dynamic_count > NNADAPTER_MAX_SIZE_OF_DYNAMIC_DIMENSIONS) {
    return Fail("dynamic shape count " + std::to_string(dims.dynamic_count) +
                " exceeds the maximum");
  }
  for (uint32_t d = 0; d < dims.dynamic_count; d++) {
    for (uint32_t i = 0; i < dims.count; i++) {
      if (!ReadI32(&dims.dynamic_data[d][i])) return false;
    }
  }
  auto read_floats = [&](uint32_t n, float** out) {
    if (n > remaining() / 4) return Fail("scale count exceeds the data");
    storage->emplace_back(n * sizeof(float));
    float* p = reinterpret_cast<float*>(storage->back().data());
    for (uint32_t i = 0; i < n; i++) {
      if (!ReadF32(&p[i])) return false;
    }
    *out = n ? p : nullptr;
    return true;
  };
  switch (type->precision) {
    case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT32_SYMM_PER_LAYER:
      return ReadF32(&type->symm_per_layer_params.scale);
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER:
    case NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER:
      return ReadF32(&type->asymm_per_layer_params.scale) &&
             ReadI32(&type->asymm_per_layer_params.zero_point);
    case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
    case NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL: {
      auto& p = type->symm_per_channel_params;
      return ReadU32(&p.channel_dim) && ReadU32(&p.scale_count) &&
             read_floats(p.scale_count, &p.scales);
    }
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL: {
      auto& p = type->asymm_per_channel_params;
      if (!ReadU32(&p.channel_dim) || !ReadU32(&p.scale_count) ||
          !read_floats(p.scale_count, &p.scales) ||
          !ReadU32(&p.zero_point_count)) {
        return false;
      }
      if (p.zero_point_count > remaining() / 4) {
        return Fail("zero point count exceeds the data");
      }
      storage->emplace_back(p.zero_point_count * sizeof(int32_t));
      int32_t* z = reinterpret_cast<int32_t*>(storage->back().data());
      for (uint32_t i = 0; i < p.zero_point_count; i++) {
        if (!ReadI32(&z[i])) return false;
      }
      p.zero_points = p.zero_point_count ? z : nullptr;
      return true;
    }
    default:
      return true;
  }
}

static const char kModelMagic[4] = {'N', 'N', 'A', 'M'};
static const uint32_t kAbsent = 0xFFFFFFFFu;

bool SerializeModel(const core::Model& model, std::vector<uint8_t>* out,
                    std::string* error) {
  std::map<const core::Operand*, uint32_t> index;
  for (const auto& operand : model.operands) {
    const uint32_t i = static_cast<uint32_t>(index.size());
    index[&operand] = i;
  }
  auto index_of = [&](const core::Operand* operand, uint32_t* i) {
    if (!operand) {
      *i = kAbsent;
      return true;
    }
    auto it = index.find(operand);
    if (it == index.end()) {
      *error = "SerializeModel: an operation or input/output refers to an "
               "operand that is not in model.operands";
      return false;
    }
    *i = it->second;
    return true;
  };
  BinaryWriter w(out);
  w.WriteBytes(kModelMagic, 4);
  w.WriteU32(kModelFormatVersion);
  w.WriteU32(static_cast<uint32_t>(model.operands.size()));
  for (const auto& operand : model.operands) {
    w.WriteOperandType(operand.type);
    const bool has_value = operand.buffer != nullptr;
    w.WriteU8(has_value ? 1 : 0);
    if (has_value) {
      w.WriteU32(operand.length);
      w.WriteBytes(operand.buffer, operand.length);
    }
  }
  w.WriteU32(static_cast<uint32_t>(model.operations.size()));
  for (const auto& op : model.operations) {
    w.WriteI32(op.type);
    for (const auto* list : {&op.input_operands, &op.output_operands}) {
      w.WriteU32(static_cast<uint32_t>(list->size()));
      for (const auto* operand : *list) {
        uint32_t i = 0;
        if (!index_of(operand, &i)) return false;
        w.WriteU32(i);
      }
    }
  }
  for (const auto* list : {&model.input_operands, &model.output_operands}) {
    w.WriteU32(static_cast<uint32_t>(list->size()));
    for (const auto* operand : *list) {
      uint32_t i = 0;
      if (!index_of(operand, &i) || i == kAbsent) {
        if (error->empty()) *error = "SerializeModel: null model input/output";
        return false;
      }
      w.WriteU32(i);
    }
  }
  return true;
}

bool DeserializeModel(const uint8_t* data, size_t size, OwnedModel* out,
                      std::string* error) {
  BinaryReader r(data, size);
  char magic[4];
  uint32_t version = 0, count = 0;
  auto fail = [&](const std::string& message) {
    *error = "DeserializeModel: " + (r.error().empty() ? message : r.error());
    return false;
  };
  if (!r.ReadBytes(magic, 4) || std::memcmp(magic, kModelMagic, 4) != 0) {
    return fail("bad magic (not a serialized NNAdapter model)");
  }
  if (!r.ReadU32(&version)) return fail("");
  if (version != kModelFormatVersion) {
    return fail("unsupported model format version " + std::to_string(version) +
                " (expected " + std::to_string(kModelFormatVersion) + ")");
  }
  if (!r.ReadU32(&count)) return fail("");
  if (count > r.remaining() / 16) return fail("operand count exceeds the data");
  std::vector<core::Operand*> operands;
  for (uint32_t i = 0; i < count; i++) {
    out->model.operands.emplace_back();
    core::Operand* operand = &out->model.operands.back();
    uint8_t has_value = 0;
    if (!r.ReadOperandType(&operand->type, &out->storage) ||
        !r.ReadU8(&has_value)) {
      return fail("");
    }
    if (has_value) {
      uint32_t length;
      const uint8_t* view;
      if (!r.ReadU32(&length) || !r.ReadView(&view, length)) return fail("");
      operand->buffer = out->Own(view, length);
      operand->length = length;
    }
    operands.push_back(operand);
  }
  auto read_index = [&](core::Operand** operand, bool allow_absent) {
    uint32_t i;
    if (!r.ReadU32(&i)) return false;
    if (i == kAbsent && allow_absent) {
      *operand = nullptr;
      return true;
    }
    if (i >= operands.size()) {
      r.Fail("operand index " + std::to_string(i) + " out of range (" +
             std::to_string(operands.size()) + " operands)");
      return false;
    }
    *operand = operands[i];
    return true;
  };
  if (!r.ReadU32(&count)) return fail("");
  if (count > r.remaining() / 12) return fail("operation count exceeds the data");
  for (uint32_t k = 0; k < count; k++) {
    core::Operation op;
    if (!r.ReadI32(&op.type)) return fail("");
    for (auto* list : {&op.input_operands, &op.output_operands}) {
      uint32_t n;
      if (!r.ReadU32(&n)) return fail("");
      if (n > r.remaining() / 4) return fail("operand list exceeds the data");
      list->resize(n);
      for (uint32_t j = 0; j < n; j++) {
        if (!read_index(&(*list)[j], true)) return fail("");
      }
    }
    out->model.operations.push_back(std::move(op));
  }
  for (auto* list : {&out->model.input_operands, &out->model.output_operands}) {
    uint32_t n;
    if (!r.ReadU32(&n)) return fail("");
    if (n > r.remaining() / 4) return fail("input/output list exceeds the data");
    list->resize(n);
    for (uint32_t j = 0; j < n; j++) {
      if (!read_index(&(*list)[j], false)) return fail("");
    }
  }
  if (r.remaining() != 0) {
    return fail(std::to_string(r.remaining()) + " trailing bytes");
  }
  return true;
}

}  // namespace nnadapter
