// Writes the `.nb` format (docs/nb-format.md).
#include <cstdio>
#include <fstream>
#include <set>
#include <type_traits>
#include <unistd.h>

#include "lite/model_parser/nb/nb_format.h"
#include "lite/model_parser/nb/nb_model.h"

namespace paddle {
namespace lite {
namespace nb {
namespace {

// A Scalar: u8 kind (Paddle's Scalar.Type), then the value the kind names.
void PutScalar(ByteWriter* w, const cpp::Scalar& s) {
  w->Put<uint8_t>(static_cast<uint8_t>(s.kind));
  switch (s.kind) {
    case cpp::Scalar::Kind::BOOLEAN: w->Put<uint8_t>(s.b ? 1 : 0); break;
    case cpp::Scalar::Kind::LONG: w->Put<int64_t>(s.i); break;
    case cpp::Scalar::Kind::FLOAT64: w->Put<double>(s.r); break;
    case cpp::Scalar::Kind::COMPLEX128:
      w->Put<double>(s.r);
      w->Put<double>(s.imag);
      break;
  }
}

template <typename T>
void PutList(ByteWriter* w, const std::vector<T>& v) {
  w->Put<uint32_t>(static_cast<uint32_t>(v.size()));
  for (const auto& x : v) {
    if constexpr (std::is_same_v<T, std::string>) {
      w->PutString(x);
    } else if constexpr (std::is_same_v<T, bool>) {
      w->Put<uint8_t>(x ? 1 : 0);
    } else if constexpr (std::is_same_v<T, cpp::Scalar>) {
      PutScalar(w, x);
    } else {
      w->Put<T>(x);
    }
  }
}

// An attribute: u8 AttrType, u8 index of the stored C++ alternative, value.
void PutAttr(ByteWriter* w, const cpp::Attribute& a) {
  w->Put<uint8_t>(static_cast<uint8_t>(a.type));
  w->Put<uint8_t>(static_cast<uint8_t>(a.value.index()));
  std::visit(
      [w](const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, std::string>) {
          w->PutString(v);
        } else if constexpr (std::is_same_v<V, bool>) {
          w->Put<uint8_t>(v ? 1 : 0);
        } else if constexpr (std::is_arithmetic_v<V>) {
          w->Put<V>(v);
        } else if constexpr (std::is_same_v<V, cpp::Scalar>) {
          PutScalar(w, v);
        } else {
          PutList(w, v);
        }
      },
      a.value);
}

void PutSlots(ByteWriter* w, const std::map<std::string, std::vector<std::string>>& slots) {
  w->Put<uint32_t>(static_cast<uint32_t>(slots.size()));
  for (const auto& kv : slots) {
    w->PutString(kv.first);
    PutList(w, kv.second);
  }
}

void PutVar(ByteWriter* w, const cpp::VarDesc& v) {
  w->PutString(v.name);
  w->Put<int32_t>(static_cast<int32_t>(v.type));
  w->Put<int32_t>(static_cast<int32_t>(v.dtype));
  PutList(w, v.dims);
  w->Put<uint8_t>(v.persistable ? 1 : 0);
  w->Put<int32_t>(v.lod_level);
  w->Put<uint8_t>(v.need_check_feed ? 1 : 0);
}

void PutOp(ByteWriter* w, const cpp::OpDesc& op, const std::string& kernel) {
  w->PutString(op.Type());
  w->PutString(kernel);
  w->Put<uint8_t>(op.is_target() ? 1 : 0);
  PutSlots(w, op.inputs());
  PutSlots(w, op.outputs());
  w->Put<uint32_t>(static_cast<uint32_t>(op.attrs().size()));
  for (const auto& kv : op.attrs()) {
    w->PutString(kv.first);
    PutAttr(w, kv.second);
  }
}

struct WeightEntry {
  std::string name;
  const Tensor* tensor;
  size_t offset;  // relative to the data section
};

std::vector<WeightEntry> CollectWeights(const NbModel& m) {
  std::set<std::string> names;
  for (const auto& block : m.program.blocks) {
    for (const auto& op : block.ops) {
      for (const auto& n : op.InputArgumentNames()) names.insert(n);
    }
  }
  std::vector<WeightEntry> out;
  size_t offset = 0;
  for (const auto& n : names) {
    const Tensor* t = m.weights ? m.weights->FindVar(n) : nullptr;
    if (!t || !t->persistable() || !t->initialized()) continue;
    out.push_back(WeightEntry{n, t, offset});
    offset = AlignUp(offset + t->memory_size());
  }
  return out;
}

std::string Meta(const NbModel& m, const std::vector<WeightEntry>& weights) {
  const auto& blocks = m.program.blocks;
  LITE_ENFORCE(!blocks.empty(), "SaveOptimizedModel: the program has no blocks");
  LITE_ENFORCE(m.kernel_keys.size() == blocks[0].ops.size(), "SaveOptimizedModel: ",
               m.kernel_keys.size(), " kernel keys for ", blocks[0].ops.size(),
               " ops of block 0");
  std::string meta;
  ByteWriter w(&meta);
  w.Put<uint8_t>(m.program.has_version ? 1 : 0);
  w.Put<int64_t>(m.program.version);
  w.Put<uint32_t>(static_cast<uint32_t>(m.program.op_version_map.size()));
  for (const auto& kv : m.program.op_version_map) {
    w.PutString(kv.first);
    w.Put<int32_t>(kv.second);
  }
  w.Put<uint32_t>(static_cast<uint32_t>(blocks.size()));
  for (size_t b = 0; b < blocks.size(); ++b) {
    const cpp::BlockDesc& block = blocks[b];
    w.Put<int32_t>(block.idx);
    w.Put<int32_t>(block.parent_idx);
    w.Put<int32_t>(block.forward_block_idx);
    w.Put<uint32_t>(static_cast<uint32_t>(block.vars.size()));
    for (const auto& v : block.vars) PutVar(&w, v);
    w.Put<uint32_t>(static_cast<uint32_t>(block.ops.size()));
    for (size_t i = 0; i < block.ops.size(); ++i) {
      const cpp::OpDesc& op = block.ops[i];
      std::string kernel;
      if (b == 0 && op.Type() != "feed" && op.Type() != "fetch") {
        kernel = m.kernel_keys[i].ToString();
        LITE_ENFORCE(m.kernel_keys[i].op_type == op.Type(), "SaveOptimizedModel: op #", i,
                     " '", op.Type(), "' has kernel key '", kernel, "' of another op");
      }
      auto keys = m.sub_block_kernel_keys.find(static_cast<int32_t>(b));
      if (b != 0 && keys != m.sub_block_kernel_keys.end()) {
        LITE_ENFORCE(keys->second.size() == block.ops.size(), "SaveOptimizedModel: ",
                     keys->second.size(), " kernel keys for ", block.ops.size(),
                     " ops of block ", b);
        kernel = keys->second[i].ToString();
        LITE_ENFORCE(keys->second[i].op_type == op.Type(), "SaveOptimizedModel: op #", i,
                     " '", op.Type(), "' of block ", b, " has kernel key '", kernel,
                     "' of another op");
      }
      PutOp(&w, op, kernel);
    }
  }
  PutList(&w, m.nnadapter_device_names);
  w.PutString(m.nnadapter_context_properties);
  w.PutString(m.nnadapter_model_cache_dir);
  if (!m.nnadapter_model_cache_buffers.empty()) {
    w.Put<uint32_t>(static_cast<uint32_t>(m.nnadapter_model_cache_buffers.size()));
    for (const auto& kv : m.nnadapter_model_cache_buffers) {
      w.PutString(kv.first);
      w.PutString(std::string(kv.second.begin(), kv.second.end()));
    }
  }
  w.Put<uint32_t>(static_cast<uint32_t>(weights.size()));
  for (const auto& e : weights) {
    const Tensor& t = *e.tensor;
    w.PutString(e.name);
    w.Put<int32_t>(static_cast<int32_t>(t.dtype()));
    PutList(&w, t.dims());
    w.Put<uint32_t>(static_cast<uint32_t>(t.lod().size()));
    for (const auto& level : t.lod()) PutList(&w, level);
    w.Put<uint64_t>(e.offset);
    w.Put<uint64_t>(t.memory_size());
  }
  return meta;
}

template <typename T>
void PutAt(std::string* s, size_t offset, T v) {
  std::memcpy(&(*s)[offset], &v, sizeof(T));
}

}  // namespace

std::string SerializeNbModel(const NbModel& m) {
  std::vector<WeightEntry> weights = CollectWeights(m);
  std::string meta = Meta(m, weights);
  size_t meta_offset = kHeaderSize;
  size_t data_offset = AlignUp(meta_offset + meta.size());
  size_t data_size = 0;
  for (const auto& e : weights) data_size = e.offset + e.tensor->memory_size();
  std::string file(data_offset + data_size, '\0');
  std::memcpy(&file[kOffMagic], kMagic, sizeof(kMagic));
  PutAt<uint32_t>(&file, kOffVersion, kFormatVersion);
  const bool nnadapter = cpp::OpCountOfType(m.program, "subgraph") > 0;
  PutAt<uint32_t>(&file, kOffFlags,
                  (nnadapter ? kFlagNNAdapter : 0u) |
                      (m.nnadapter_model_cache_buffers.empty() ? 0u : kFlagNNAdapterCaches));
  std::strncpy(&file[kOffProducer], kProducerVersion, kProducerSize - 1);
  PutAt<uint64_t>(&file, kOffFileSize, file.size());
  PutAt<uint64_t>(&file, kOffMetaOffset, meta_offset);
  PutAt<uint64_t>(&file, kOffMetaSize, meta.size());
  PutAt<uint64_t>(&file, kOffDataOffset, data_offset);
  PutAt<uint64_t>(&file, kOffDataSize, data_size);
  std::memcpy(&file[meta_offset], meta.data(), meta.size());
  for (const auto& e : weights) {
    if (e.tensor->memory_size() > 0) {
      std::memcpy(&file[data_offset + e.offset], e.tensor->raw_data(), e.tensor->memory_size());
    }
  }
  PutAt<uint64_t>(&file, kOffChecksum,
                  Checksum64(file.data(), file.size()));
  return file;
}

size_t SaveNbModelFile(const NbModel& model, const std::string& path) {
  std::string bytes = SerializeNbModel(model);
  std::string tmp = path + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    LITE_ENFORCE(static_cast<bool>(out), "cannot write '", tmp,
                 "' (does the folder exist and is it writable?)");
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
      std::remove(tmp.c_str());
      ThrowError("writing '", tmp, "' failed (disk full?)");
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    ThrowError("cannot rename '", tmp, "' to '", path, "'");
  }
  return bytes.size();
}

}  // namespace nb
}  // namespace lite
}  // namespace paddle
