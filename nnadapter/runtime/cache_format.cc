#include "runtime/cache_format.h"

#include <cstring>

#include "nnadapter/utility/serialization.h"

namespace nnadapter {
namespace runtime {

static const char kMagic[8] = {'N', 'N', 'A', 'C', 'A', 'C', 'H', 'E'};
static const size_t kHeaderSize = 28;

static void WriteTypes(BinaryWriter* w,
                       const std::vector<NNAdapterOperandType>& types) {
  w->WriteU32(static_cast<uint32_t>(types.size()));
  for (const auto& t : types) w->WriteOperandType(t);
}

static void WriteRefs(BinaryWriter* w, const std::vector<ValueRef>& refs) {
  w->WriteU32(static_cast<uint32_t>(refs.size()));
  for (const auto& r : refs) {
    w->WriteU8(r.kind);
    w->WriteU32(r.index);
  }
}

uint64_t ModelDigest(const core::Model& model) {
  std::vector<uint8_t> bytes;
  std::string error;
  if (!SerializeModel(model, &bytes, &error)) return 0;
  uint64_t h = 1469598103934665603ull;
  for (uint8_t b : bytes) h = (h ^ b) * 1099511628211ull;
  return h;
}

void WriteCacheImage(const CacheImage& image, std::vector<uint8_t>* out) {
  std::vector<uint8_t> payload;
  BinaryWriter w(&payload);
  w.WriteU32(image.nnadapter_version);
  w.WriteU32(static_cast<uint32_t>(image.devices.size()));
  for (const auto& d : image.devices) {
    w.WriteString(d.name);
    w.WriteI32(d.version);
    w.WriteU32(d.hal_version);
  }
  w.WriteString(image.properties);
  w.WriteString(image.token);
  w.WriteU64(image.model_digest);
  WriteTypes(&w, image.input_types);
  WriteTypes(&w, image.output_types);
  WriteTypes(&w, image.intermediate_types);
  w.WriteU32(static_cast<uint32_t>(image.sub_models.size()));
  for (const auto& s : image.sub_models) {
    w.WriteU32(s.device);
    WriteRefs(&w, s.inputs);
    WriteRefs(&w, s.outputs);
    WriteTypes(&w, s.input_types);
    WriteTypes(&w, s.output_types);
    w.WriteU32(static_cast<uint32_t>(s.blob.size()));
    w.WriteBytes(s.blob.data(), s.blob.size());
  }
  out->clear();
  BinaryWriter h(out);
  h.WriteBytes(kMagic, 8);
  h.WriteU32(kCacheFormatVersion);
  h.WriteU32(0);
  h.WriteU64(payload.size());
  h.WriteU32(Crc32(payload.data(), payload.size()));
  h.WriteBytes(payload.data(), payload.size());
}

static bool ReadTypes(BinaryReader* r, std::vector<NNAdapterOperandType>* types,
                      std::list<std::vector<uint8_t>>* storage) {
  uint32_t n;
  if (!r->ReadU32(&n)) return false;
  if (n > r->remaining() / 20) return r->Fail("operand type count too large");
  types->resize(n);
  for (auto& t : *types) {
    if (!r->ReadOperandType(&t, storage)) return false;
  }
  return true;
}

static bool ReadRefs(BinaryReader* r, std::vector<ValueRef>* refs) {
  uint32_t n;
  if (!r->ReadU32(&n)) return false;
  if (n > r->remaining() / 5) return r->Fail("value count too large");
  refs->resize(n);
  for (auto& ref : *refs) {
    uint8_t kind;
    if (!r->ReadU8(&kind) || !r->ReadU32(&ref.index)) return false;
    if (kind > ValueRef::kIntermediate) return r->Fail("bad value kind");
    ref.kind = static_cast<ValueRef::Kind>(kind);
  }
  return true;
}

bool ReadCacheImage(const uint8_t* data, size_t size, CacheImage* image,
                    std::string* error) {
  if (size < kHeaderSize) {
    *error = "cache is truncated (" + std::to_string(size) +
             " bytes, header needs " + std::to_string(kHeaderSize) + ")";
    return false;
  }
  if (std::memcmp(data, kMagic, 8) != 0) {
    *error = "not an NNAdapter cache (bad magic)";
    return false;
  }
  BinaryReader header(data + 8, kHeaderSize - 8);
  uint32_t version = 0, flags = 0, crc = 0;
  uint64_t length = 0;
  header.ReadU32(&version);
  header.ReadU32(&flags);
  header.ReadU64(&length);
  header.ReadU32(&crc);
  if (version != kCacheFormatVersion) {
    *error = "cache format version " + std::to_string(version) +
             " is not supported (expected " +
             std::to_string(kCacheFormatVersion) + ")";
    return false;
  }
  if (length != size - kHeaderSize) {
    *error = "cache payload length " + std::to_string(length) +
             " does not match the data (" + std::to_string(size - kHeaderSize) +
             " bytes): truncated or padded";
    return false;
  }
  const uint8_t* payload = data + kHeaderSize;
  if (Crc32(payload, length) != crc) {
    *error = "cache checksum mismatch (corrupt)";
    return false;
  }
  BinaryReader r(payload, length);
  uint32_t n;
  bool ok = r.ReadU32(&image->nnadapter_version) && r.ReadU32(&n);
  if (ok && n > 1024) ok = r.Fail("too many devices");
  if (ok) {
    image->devices.resize(n);
    for (auto& d : image->devices) {
      ok = ok && r.ReadString(&d.name, 256) && r.ReadI32(&d.version) &&
           r.ReadU32(&d.hal_version);
    }
  }
  ok = ok && r.ReadString(&image->properties) && r.ReadString(&image->token, 4096) &&
       r.ReadU64(&image->model_digest) &&
       ReadTypes(&r, &image->input_types, &image->storage) &&
       ReadTypes(&r, &image->output_types, &image->storage) &&
       ReadTypes(&r, &image->intermediate_types, &image->storage) &&
       r.ReadU32(&n);
  if (ok && n > r.remaining() / 24) ok = r.Fail("sub-model count too large");
  if (ok) {
    image->sub_models.resize(n);
    for (auto& s : image->sub_models) {
      uint32_t blob = 0;
      const uint8_t* view = nullptr;
      ok = ok && r.ReadU32(&s.device) && ReadRefs(&r, &s.inputs) &&
           ReadRefs(&r, &s.outputs) &&
           ReadTypes(&r, &s.input_types, &image->storage) &&
           ReadTypes(&r, &s.output_types, &image->storage) &&
           r.ReadU32(&blob) && r.ReadView(&view, blob);
      if (!ok) break;
      s.blob.assign(view, view + blob);
      if (s.device >= image->devices.size()) {
        ok = r.Fail("sub-model device index out of range");
      }
      const size_t counts[3] = {image->input_types.size(),
                                image->output_types.size(),
                                image->intermediate_types.size()};
      for (const auto* refs : {&s.inputs, &s.outputs}) {
        for (const auto& ref : *refs) {
          if (ok && ref.index >= counts[ref.kind]) {
            ok = r.Fail("value index out of range");
          }
        }
      }
      for (const auto& ref : s.outputs) {
        if (ok && ref.kind == ValueRef::kModelInput) {
          ok = r.Fail("a sub-model output is a model input");
        }
      }
      if (ok && (s.input_types.size() != s.inputs.size() ||
                 s.output_types.size() != s.outputs.size())) {
        ok = r.Fail("sub-model type count mismatch");
      }
    }
  }
  if (ok && r.remaining() != 0) ok = r.Fail("trailing bytes");
  if (!ok) {
    *error = "malformed cache payload: " + r.error();
    return false;
  }
  return true;
}

}  // namespace runtime
}  // namespace nnadapter
