// Reads and validates the `.nb` format (docs/nb-format.md). Every count,
// offset and size is checked against the file before it is used; a hostile
// file gets an Error, never a crash (fuzzed by fuzz_nb.cc).
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <set>
#include <type_traits>

#include "file_access/file_access.h"
#include "lite/model_parser/nb/nb_format.h"
#include "lite/model_parser/nb/nb_model.h"

namespace paddle {
namespace lite {
namespace nb {
namespace {

template <typename T>
uint64_t U64At(const char* data, size_t off) {
  T v;
  std::memcpy(&v, data + off, sizeof(T));
  return v;
}

cpp::Scalar GetScalar(ByteReader* r, const char* what) {
  size_t at = r->pos();
  uint8_t kind = r->Get<uint8_t>(what);
  switch (static_cast<cpp::Scalar::Kind>(kind)) {
    case cpp::Scalar::Kind::BOOLEAN: return cpp::Scalar::Bool(r->Get<uint8_t>(what) != 0);
    case cpp::Scalar::Kind::LONG: return cpp::Scalar::Long(r->Get<int64_t>(what));
    case cpp::Scalar::Kind::FLOAT64: return cpp::Scalar::Double(r->Get<double>(what));
    case cpp::Scalar::Kind::COMPLEX128: {
      double re = r->Get<double>(what);
      return cpp::Scalar::Complex(re, r->Get<double>(what));
    }
  }
  ThrowError(r->source(), ": ", what, " at byte ", at, ": unknown Scalar kind ", int(kind),
             " (known 1-4; corrupt file?)");
}

template <typename T>
std::vector<T> GetList(ByteReader* r, const char* what) {
  // Smallest encoding of one element: a length, a byte, a Scalar's kind and
  // bool, or the value itself.
  size_t elem = std::is_same_v<T, std::string> ? 4
                : std::is_same_v<T, bool>      ? 1
                : std::is_same_v<T, cpp::Scalar> ? 2
                                                 : sizeof(T);
  uint32_t n = r->GetCount(what, elem);
  std::vector<T> v;
  v.reserve(n);
  for (uint32_t i = 0; i < n; ++i) {
    if constexpr (std::is_same_v<T, std::string>) {
      v.push_back(r->GetString(what));
    } else if constexpr (std::is_same_v<T, bool>) {
      v.push_back(r->Get<uint8_t>(what) != 0);
    } else if constexpr (std::is_same_v<T, cpp::Scalar>) {
      v.push_back(GetScalar(r, what));
    } else {
      v.push_back(r->Get<T>(what));
    }
  }
  return v;
}

// Fills alternative `I` of the attribute variant from the reader.
template <size_t I>
void GetAlternative(ByteReader* r, cpp::Attribute* a) {
  using V = std::variant_alternative_t<I, decltype(cpp::Attribute::value)>;
  if constexpr (std::is_same_v<V, std::string>) {
    a->value = r->GetString("attribute string");
  } else if constexpr (std::is_same_v<V, bool>) {
    a->value = r->Get<uint8_t>("attribute bool") != 0;
  } else if constexpr (std::is_arithmetic_v<V>) {
    a->value = r->Get<V>("attribute value");
  } else if constexpr (std::is_same_v<V, cpp::Scalar>) {
    a->value = GetScalar(r, "attribute Scalar");
  } else {
    a->value = GetList<typename V::value_type>(r, "attribute list");
  }
}

template <size_t... I>
bool GetAttrValue(ByteReader* r, size_t index, cpp::Attribute* a, std::index_sequence<I...>) {
  return ((index == I ? (GetAlternative<I>(r, a), true) : false) || ...);
}

cpp::Attribute GetAttr(ByteReader* r, const std::string& op, const std::string& name) {
  size_t at = r->pos();
  uint8_t type = r->Get<uint8_t>("attribute type");
  uint8_t index = r->Get<uint8_t>("attribute value kind");
  if (type > static_cast<uint8_t>(cpp::AttrType::SCALARS)) {
    ThrowError(r->source(), ": op '", op, "' attribute '", name, "' at byte ", at,
               ": unknown attribute type ", int(type), " (corrupt file?)");
  }
  cpp::Attribute a;
  a.type = static_cast<cpp::AttrType>(type);
  constexpr size_t kAlternatives = std::variant_size_v<decltype(cpp::Attribute::value)>;
  if (!GetAttrValue(r, index, &a, std::make_index_sequence<kAlternatives>())) {
    ThrowError(r->source(), ": op '", op, "' attribute '", name, "' at byte ", at,
               ": unknown value kind ", int(index), " (corrupt file?)");
  }
  return a;
}

void GetSlots(ByteReader* r, std::map<std::string, std::vector<std::string>>* slots) {
  uint32_t n = r->GetCount("slot", 8);
  for (uint32_t i = 0; i < n; ++i) {
    std::string slot = r->GetString("slot name");
    (*slots)[slot] = GetList<std::string>(r, "slot variables");
  }
}

bool KnownVarKind(int32_t k) {
  return (k >= 0 && k <= 15) || (k >= 17 && k <= 29);
}

bool KnownDataType(int32_t t) {
  return t > static_cast<int32_t>(DataType::kUnknown) && t <= static_cast<int32_t>(DataType::kBool);
}

cpp::VarDesc GetVar(ByteReader* r) {
  cpp::VarDesc v;
  size_t at = r->pos();
  v.name = r->GetString("variable name");
  int32_t kind = r->Get<int32_t>("variable type");
  int32_t dtype = r->Get<int32_t>("variable element type");
  LITE_ENFORCE(!v.name.empty(), r->source(), ": variable at byte ", at, " has an empty name");
  LITE_ENFORCE(KnownVarKind(kind), r->source(), ": variable '", v.name, "' has unknown type code ",
               kind, " (corrupt file?)");
  LITE_ENFORCE(dtype >= 0 && dtype <= static_cast<int32_t>(DataType::kBool), r->source(),
               ": variable '", v.name, "' has unknown element type code ", dtype);
  v.type = static_cast<cpp::VarKind>(kind);
  v.dtype = static_cast<DataType>(dtype);
  v.dims = GetList<int64_t>(r, "variable dims");
  LITE_ENFORCE(v.dims.size() <= kMaxRank, r->source(), ": variable '", v.name, "' has rank ",
               v.dims.size(), " (at most ", kMaxRank, ")");
  for (int64_t d : v.dims) {
    LITE_ENFORCE(d >= -1, r->source(), ": variable '", v.name, "' has dim ", d,
                 " (expected >= 0, or -1 for unknown)");
  }
  v.persistable = r->Get<uint8_t>("variable persistable") != 0;
  v.lod_level = r->Get<int32_t>("variable lod level");
  v.need_check_feed = r->Get<uint8_t>("variable need_check_feed") != 0;
  return v;
}

void GetBlocks(ByteReader* r, NbModel* m) {
  uint32_t nblocks = r->GetCount("block", 20);
  LITE_ENFORCE(nblocks >= 1, r->source(), ": the program has no blocks");
  m->program.blocks.resize(nblocks);
  for (uint32_t b = 0; b < nblocks; ++b) {
    cpp::BlockDesc& block = m->program.blocks[b];
    block.idx = r->Get<int32_t>("block idx");
    block.parent_idx = r->Get<int32_t>("block parent_idx");
    block.forward_block_idx = r->Get<int32_t>("block forward_block_idx");
    int32_t n = static_cast<int32_t>(nblocks);
    LITE_ENFORCE(block.idx == static_cast<int32_t>(b), r->source(), ": block ", b,
                 " says its index is ", block.idx);
    LITE_ENFORCE(b == 0 ? block.parent_idx == -1
                        : (block.parent_idx >= 0 && block.parent_idx < n &&
                           block.parent_idx != block.idx),
                 r->source(), ": block ", b, " has invalid parent_idx ", block.parent_idx);
    LITE_ENFORCE(block.forward_block_idx >= -1 && block.forward_block_idx < n, r->source(),
                 ": block ", b, " has invalid forward_block_idx ", block.forward_block_idx);
    uint32_t nvars = r->GetCount("variable", 22);
    std::set<std::string> names;
    for (uint32_t i = 0; i < nvars; ++i) {
      block.vars.push_back(GetVar(r));
      LITE_ENFORCE(names.insert(block.vars.back().name).second, r->source(), ": block ", b,
                   " declares variable '", block.vars.back().name, "' twice");
    }
    uint32_t nops = r->GetCount("op", 21);
    for (uint32_t i = 0; i < nops; ++i) {
      size_t at = r->pos();
      cpp::OpDesc op(r->GetString("op type"));
      LITE_ENFORCE(!op.Type().empty(), r->source(), ": op #", i, " of block ", b, " at byte ",
                   at, " has an empty type");
      std::string kernel = r->GetString("kernel key");
      op.set_is_target(r->Get<uint8_t>("op is_target") != 0);
      GetSlots(r, &op.mutable_inputs());
      GetSlots(r, &op.mutable_outputs());
      uint32_t nattrs = r->GetCount("attribute", 6);
      for (uint32_t a = 0; a < nattrs; ++a) {
        std::string name = r->GetString("attribute name");
        cpp::Attribute attr = GetAttr(r, op.Type(), name);
        if (attr.type == cpp::AttrType::BLOCK || attr.type == cpp::AttrType::BLOCKS) {
          bool one_block = attr.type == cpp::AttrType::BLOCK;
          LITE_ENFORCE(one_block ? std::holds_alternative<int32_t>(attr.value)
                                 : std::holds_alternative<std::vector<int32_t>>(attr.value),
                       r->source(), ": op '", op.Type(), "' attribute '", name, "' of type ",
                       cpp::AttrTypeName(attr.type), " does not hold block indices");
          std::vector<int32_t> ids;
          if (auto* one = std::get_if<int32_t>(&attr.value)) ids.push_back(*one);
          if (auto* many = std::get_if<std::vector<int32_t>>(&attr.value)) ids = *many;
          for (int32_t id : ids) {
            LITE_ENFORCE(id > 0 && id < n && id != static_cast<int32_t>(b), r->source(),
                         ": op '", op.Type(), "' (#", i, " of block ", b, ") attribute '", name,
                         "' refers to block ", id, " (the program has ", n, " blocks)");
          }
        }
        op.SetAttribute(name, attr);
      }
      bool io = op.Type() == "feed" || op.Type() == "fetch";
      if (b == 0) {
        KernelKey key;
        key.op_type = op.Type();
        if (!io) {
          LITE_ENFORCE(KernelKey::FromString(kernel, &key) && key.op_type == op.Type(),
                       r->source(), ": op #", i, " '", op.Type(), "' has malformed kernel key '",
                       kernel, "' (expected op/target/precision/layout/alias)");
        }
        m->kernel_keys.push_back(key);
      } else if (!kernel.empty()) {
        // A control-flow block: every op has a key (checked below).
        KernelKey key;
        LITE_ENFORCE(KernelKey::FromString(kernel, &key) && key.op_type == op.Type(),
                     r->source(), ": op #", i, " '", op.Type(), "' of block ", b,
                     " has malformed kernel key '", kernel,
                     "' (expected op/target/precision/layout/alias)");
        auto& keys = m->sub_block_kernel_keys[static_cast<int32_t>(b)];
        LITE_ENFORCE(keys.size() == i, r->source(), ": block ", b, " gives kernel keys to ",
                     "some of its ops only (op #", i, " '", op.Type(), "' has one, op #",
                     keys.size(), " has none)");
        keys.push_back(key);
      } else {
        auto it = m->sub_block_kernel_keys.find(static_cast<int32_t>(b));
        LITE_ENFORCE(it == m->sub_block_kernel_keys.end(), r->source(), ": block ", b,
                     " gives kernel keys to some of its ops only (op #", i, " '", op.Type(),
                     "' has none)");
      }
      block.ops.push_back(std::move(op));
    }
  }
}

void GetWeights(ByteReader* r, const char* data, size_t data_offset, size_t data_size,
                std::shared_ptr<const void> holder, NbModel* m) {
  uint32_t n = r->GetCount("weight", 32);
  auto weights = std::make_shared<Scope>();
  m->weights = weights;
  for (uint32_t i = 0; i < n; ++i) {
    std::string name = r->GetString("weight name");
    LITE_ENFORCE(!name.empty(), r->source(), ": weight #", i, " has an empty name");
    LITE_ENFORCE(!weights->FindLocalVar(name), r->source(), ": weight '", name,
                 "' is stored twice");
    int32_t dtype = r->Get<int32_t>("weight element type");
    LITE_ENFORCE(KnownDataType(dtype), r->source(), ": weight '", name,
                 "' has unknown element type code ", dtype);
    DDim dims = GetList<int64_t>(r, "weight dims");
    LITE_ENFORCE(dims.size() <= kMaxRank, r->source(), ": weight '", name, "' has rank ",
                 dims.size());
    uint64_t numel = 1;
    for (int64_t d : dims) {
      LITE_ENFORCE(d >= 0 && (d == 0 || numel <= (uint64_t{1} << 62) / static_cast<uint64_t>(d)),
                   r->source(), ": weight '", name, "' has invalid dims ", DimsToString(dims));
      numel *= static_cast<uint64_t>(d);
    }
    LoD lod;
    uint32_t levels = r->GetCount("weight lod level", 4);
    for (uint32_t l = 0; l < levels; ++l) lod.push_back(GetList<uint64_t>(r, "weight lod"));
    uint64_t offset = r->Get<uint64_t>("weight offset");
    uint64_t bytes = r->Get<uint64_t>("weight size");
    DataType type = static_cast<DataType>(dtype);
    LITE_ENFORCE(numel <= (uint64_t{1} << 62) / SizeOf(type) && bytes == numel * SizeOf(type),
                 r->source(), ": weight '", name, "' (", DataTypeName(type), " ",
                 DimsToString(dims), ") says it has ", bytes, " bytes");
    LITE_ENFORCE(offset % kAlignment == 0 && offset <= data_size && bytes <= data_size - offset,
                 r->source(), ": weight '", name, "' at data offset ", offset, " (", bytes,
                 " bytes) is misaligned or outside the data section (", data_size,
                 " bytes; truncated or corrupt file?)");
    Tensor* t = weights->Var(name);
    t->set_lod(lod);
    t->set_persistable(true);
    t->ResetExternal(const_cast<char*>(data + data_offset + offset), type, dims, holder);
  }
}

}  // namespace

void ParseNbModel(const char* data, size_t size, std::shared_ptr<const void> holder,
                  const std::string& source, NbModel* out) {
  LITE_ENFORCE(size > 0, source, ": the file is empty (0 bytes); expected a .nb model made by opt");
  LITE_ENFORCE(size >= sizeof(kMagic) && std::memcmp(data, kMagic, sizeof(kMagic)) == 0, source,
               ": not a .nb model (bad magic: neither this runtime's .nb nor a Paddle Lite "
               ".nb header; convert the Paddle model with our opt)");
  LITE_ENFORCE(size >= kHeaderSize, source, ": only ", size, " bytes; the .nb header alone is ",
               kHeaderSize, " (truncated file?)");
  uint32_t version = static_cast<uint32_t>(U64At<uint32_t>(data, kOffVersion));
  std::string producer(data + kOffProducer, kProducerSize);
  producer = producer.substr(0, producer.find('\0'));
  if (version != kFormatVersion) {
    ThrowError(source, ": .nb format version ", version, " (written by '", producer,
               "') but this runtime ('", kProducerVersion, "') reads format version ",
               kFormatVersion, version > kFormatVersion
                                   ? ": upgrade the runtime, or re-run the opt of this release"
                                   : ": re-run the opt of this release on the original model");
  }
  uint64_t file_size = U64At<uint64_t>(data, kOffFileSize);
  LITE_ENFORCE(file_size == size, source, ": the header says the file has ", file_size,
               " bytes but it has ", size, file_size > size ? " (truncated file?)" : " (extra bytes appended?)");
  uint64_t checksum = U64At<uint64_t>(data, kOffChecksum);
  uint64_t actual = Checksum64(data, size);
  LITE_ENFORCE(checksum == actual, source, ": checksum mismatch (stored ", std::hex, checksum,
               ", computed ", actual, std::dec,
               "): the file is corrupt (bit flips, partial copy, or edited)");
  uint32_t flags = static_cast<uint32_t>(U64At<uint32_t>(data, kOffFlags));
  LITE_ENFORCE((flags & ~kKnownFlags) == 0, source, ": unknown header flags 0x", std::hex, flags);
  uint64_t meta_offset = U64At<uint64_t>(data, kOffMetaOffset);
  uint64_t meta_size = U64At<uint64_t>(data, kOffMetaSize);
  uint64_t data_offset = U64At<uint64_t>(data, kOffDataOffset);
  uint64_t data_size = U64At<uint64_t>(data, kOffDataSize);
  LITE_ENFORCE(meta_offset >= kHeaderSize && meta_offset <= size && meta_size <= size - meta_offset &&
                   data_offset % kAlignment == 0 && data_offset >= meta_offset + meta_size &&
                   data_offset <= size && data_size <= size - data_offset,
               source, ": section table out of bounds (program at ", meta_offset, " + ", meta_size,
               ", weights at ", data_offset, " + ", data_size, ", file ", size, " bytes)");
  LITE_ENFORCE(reinterpret_cast<uintptr_t>(data) % kAlignment == 0, source,
               ": internal: the image is not ", kAlignment, "-byte aligned");
  NbModel m;
  m.format_version = version;
  m.producer = producer;
  ByteReader r(data, meta_offset, meta_offset + meta_size, source);
  m.program.has_version = r.Get<uint8_t>("program has_version") != 0;
  m.program.version = r.Get<int64_t>("program version");
  uint32_t nversions = r.GetCount("op version", 8);
  for (uint32_t i = 0; i < nversions; ++i) {
    std::string op = r.GetString("op version name");
    m.program.op_version_map[op] = r.Get<int32_t>("op version");
  }
  GetBlocks(&r, &m);
  m.nnadapter_device_names = GetList<std::string>(&r, "NNAdapter device name");
  m.nnadapter_context_properties = r.GetString("NNAdapter context properties");
  m.nnadapter_model_cache_dir = r.GetString("NNAdapter model cache dir");
  if (flags & kFlagNNAdapterCaches) {
    uint32_t n = r.GetCount("NNAdapter model cache", 8);
    LITE_ENFORCE(n > 0, source, ": the header announces NNAdapter caches but the file has none "
                 "(corrupt file?)");
    for (uint32_t i = 0; i < n; ++i) {
      std::string token = r.GetString("NNAdapter model cache token");
      std::string bytes = r.GetString("NNAdapter model cache");
      m.nnadapter_model_cache_buffers[token].assign(bytes.begin(), bytes.end());
    }
  }
  GetWeights(&r, data, data_offset, data_size, holder, &m);
  LITE_ENFORCE(r.remaining() == 0, source, ": ", r.remaining(),
               " unexpected bytes at the end of the program section (corrupt file?)");
  const bool subgraphs = cpp::OpCountOfType(m.program, "subgraph") > 0;
  LITE_ENFORCE(subgraphs == ((flags & kFlagNNAdapter) != 0), source,
               ": the header's NNAdapter flag does not match the program (corrupt file?)");
  *out = std::move(m);
}

namespace {
std::shared_ptr<char> AlignedCopyBuffer(size_t size, const std::string& source) {
  std::shared_ptr<char> buf(static_cast<char*>(std::aligned_alloc(kAlignment, AlignUp(size + 1))),
                            [](char* p) { std::free(p); });
  LITE_ENFORCE(buf != nullptr, source, ": cannot allocate ", size, " bytes");
  return buf;
}
}  // namespace

void LoadNbModelFile(const std::string& path, NbModel* out) {
  // The shared file-access policy: regular files only (a FIFO is refused
  // without blocking, a device without reading), the size cap checked first.
  uint64_t file_size = 0;
  std::string open_error;
  int fd = file_access::OpenForRead(path, ".nb model", {}, &file_size, &open_error);
  LITE_ENFORCE(fd >= 0, open_error, " (expected a .nb model made by opt)");
  // The file is read into memory, not mapped: weights used in place in a
  // mapping fault (SIGBUS) when the file is truncated under a live
  // predictor, and silently change when it is rewritten in place.
  const size_t size = static_cast<size_t>(file_size);
  std::shared_ptr<char> copy;
  try {
    copy = AlignedCopyBuffer(size, path);
  } catch (...) {
    ::close(fd);
    throw;
  }
  size_t done = 0;
  while (done < size) {
    ssize_t n = ::read(fd, copy.get() + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int err = n < 0 ? errno : 0;
      ::close(fd);
      ThrowError("cannot read .nb model '", path, "': ",
                 err ? std::strerror(err) : "the file shrank while being read", " (", done,
                 " of ", size, " bytes read)");
    }
    done += static_cast<size_t>(n);
  }
  ::close(fd);
  ParseNbModel(copy.get(), size, copy, path, out);
}

void LoadNbModelBuffer(const char* data, size_t size, NbModel* out) {
  std::shared_ptr<char> copy = AlignedCopyBuffer(size, "model buffer");
  if (size > 0) std::memcpy(copy.get(), data, size);
  ParseNbModel(copy.get(), size, copy, "model buffer", out);
}

}  // namespace nb
}  // namespace lite
}  // namespace paddle
