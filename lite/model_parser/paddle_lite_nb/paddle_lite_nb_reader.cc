// Paddle Lite .nb files: the header, the FlatBuffers layouts (meta 1 and 2)
// and loading from files, buffers and the pre-v2.3 folder. Facts from
// Paddle Lite's lite/model_parser/model_parser.cc (LoadModelNaiveFromFile,
// LoadModelFbsFromFile) and flatbuffers/io.cc (ParamDeserializer).
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>
#include <filesystem>
#include <fstream>
#include <set>

#include <flatbuffers/flatbuffers.h>
#include <glog/logging.h>

#include "file_access/file_access.h"
#include "lite/model_parser/paddle_lite_nb/paddle_lite_nb_common.h"
#include "lite/model_parser/paddle_lite_nb/paddle_lite_nb_generated.h"

namespace paddle {
namespace lite {
namespace plnb {

const char* LayoutName(Layout layout) {
  switch (layout) {
    case Layout::kNaiveBufferFolder: return "naive-buffer folder (__model__.nb + param.nb, < v2.3)";
    case Layout::kMeta0NaiveBuffer: return "meta version 0 (naive buffer, v2.3 - v2.6)";
    case Layout::kMeta1FlatBuffers: return "meta version 1 (FlatBuffers, v2.7)";
    case Layout::kMeta2FlatBuffers: return "meta version 2 (FlatBuffers, v2.8 - v2.14)";
  }
  return "unknown layout";
}

namespace {

template <typename T>
T LoadLE(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

std::string ProducerOf(const char* data) {
  std::string s(data + kOffProducer, kProducerSize);
  return s.substr(0, s.find('\0'));
}

DataType ElementType(int32_t code, const std::string& source, const char* section,
                     const std::string& what) {
  DataType t = code == static_cast<int>(cpp::VarKind::BOOL) || (code > 0 && code <= 6) ||
                       code == static_cast<int>(cpp::VarKind::UINT8) ||
                       code == static_cast<int>(cpp::VarKind::INT8)
                   ? cpp::DataTypeFromVarKind(static_cast<cpp::VarKind>(code))
                   : DataType::kUnknown;
  if (t == DataType::kUnknown) {
    ThrowError(source, ": Paddle Lite .nb section '", section, "': ", what,
               " has element type code ", code,
               " (expected a VarType.Type tensor element: 0-6, 20 or 21)");
  }
  return t;
}

// ---- FlatBuffers program -> cpp::ProgramDesc ----

struct FbsContext {
  std::string source;
  const char* section;
  [[noreturn]] void Fail(const std::string& msg) const {
    ThrowError(source, ": Paddle Lite .nb section '", section, "': ", msg);
  }
};

std::string Str(const flatbuffers::String* s) { return s ? s->str() : std::string(); }

// The elements of a scalar vector, copied bytewise: the Verifier checks a
// vector's 4-byte length alignment only, so an int64/double vector may sit
// at an offset that is not a multiple of 8 (reading it through the vector's
// iterator is then a misaligned load: UBSan, found by the fuzzer).
template <typename T, typename V>
std::vector<T> List(const flatbuffers::Vector<V>* v) {
  static_assert(sizeof(T) == sizeof(V), "same element size");
  std::vector<T> out;
  if (v && v->size() > 0) {
    out.resize(v->size());
    std::memcpy(out.data(), v->Data(), v->size() * sizeof(T));
  }
  return out;
}

std::vector<std::string> Strings(const flatbuffers::Vector<flatbuffers::Offset<flatbuffers::String>>* v) {
  std::vector<std::string> out;
  if (v) {
    for (const auto* s : *v) out.push_back(Str(s));
  }
  return out;
}

cpp::Attribute FbsAttr(const OpAttr& a, const std::string& op, const std::string& name,
                       const FbsContext& ctx) {
  cpp::Attribute out;
  out.type = static_cast<cpp::AttrType>(a.kind());
  switch (out.type) {
    case cpp::AttrType::INT: out.value = a.int_value(); break;
    case cpp::AttrType::FLOAT: out.value = a.float_value(); break;
    case cpp::AttrType::STRING:
    case cpp::AttrType::VAR: out.value = Str(a.string_value()); break;
    case cpp::AttrType::INTS: out.value = List<int32_t>(a.int_list()); break;
    case cpp::AttrType::FLOATS: out.value = List<float>(a.float_list()); break;
    case cpp::AttrType::STRINGS:
    case cpp::AttrType::VARS: out.value = Strings(a.string_list()); break;
    case cpp::AttrType::BOOLEAN: out.value = a.bool_value(); break;
    case cpp::AttrType::BOOLEANS: {
      std::vector<bool> v;
      if (a.bool_list()) {
        for (uint8_t b : *a.bool_list()) v.push_back(b != 0);
      }
      out.value = v;
      break;
    }
    case cpp::AttrType::BLOCK: out.value = a.block_index(); break;
    case cpp::AttrType::LONG: out.value = a.long_value(); break;
    case cpp::AttrType::BLOCKS: out.value = List<int32_t>(a.block_index_list()); break;
    case cpp::AttrType::LONGS: out.value = List<int64_t>(a.long_list()); break;
    case cpp::AttrType::FLOAT64S: out.value = List<double>(a.double_list()); break;
    case cpp::AttrType::FLOAT64: out.value = a.double_value(); break;
    default:
      ctx.Fail(StrCat("op '", op, "' attribute '", name, "' has attribute type code ", a.kind(),
                      " (Paddle Lite writes 0-15)"));
  }
  return out;
}

void FbsSlots(const flatbuffers::Vector<flatbuffers::Offset<OpSlot>>* slots,
              std::map<std::string, std::vector<std::string>>* out) {
  if (!slots) return;
  for (const OpSlot* s : *slots) (*out)[Str(s->slot())] = Strings(s->variables());
}

cpp::VarDesc FbsVar(const Var& v, int32_t b, const FbsContext& ctx) {
  cpp::VarDesc out;
  out.name = Str(v.name());
  if (out.name.empty()) ctx.Fail(StrCat("a variable of block ", b, " has no name"));
  if (!v.type()) ctx.Fail(StrCat("variable '", out.name, "' of block ", b, " has no type"));
  int32_t kind = v.type()->kind();
  if (kind < 0 || kind > 21 || kind == 16) {
    ctx.Fail(StrCat("variable '", out.name, "' has variable type code ", kind,
                    " (Paddle Lite writes 0-15, 17-21)"));
  }
  out.type = static_cast<cpp::VarKind>(kind);
  const LoDTensorInfo* t = out.type == cpp::VarKind::LOD_TENSOR_ARRAY ? v.type()->tensor_array()
                                                                       : v.type()->lod_tensor();
  if (t && t->tensor()) {
    out.dtype = ElementType(t->tensor()->element_type(), ctx.source, ctx.section,
                            "variable '" + out.name + "'");
    out.dims = List<int64_t>(t->tensor()->dims());
    out.lod_level = t->lod_level();
    if (out.dims.size() > kMaxRank) {
      ctx.Fail(StrCat("variable '", out.name, "' has rank ", out.dims.size()));
    }
  } else if (out.type == cpp::VarKind::LOD_TENSOR) {
    out.dtype = DataType::kUnknown;  // Paddle Lite leaves some activations without a desc
  }
  out.persistable = v.persistable();
  out.need_check_feed = v.need_check_feed();
  return out;
}

void FbsProgram(const Program& p, const FbsContext& ctx, cpp::ProgramDesc* out) {
  if (!p.blocks() || p.blocks()->size() == 0) ctx.Fail("the program has no blocks");
  if (p.version()) {
    out->has_version = true;
    out->version = p.version()->value();
  }
  if (p.op_versions() && p.op_versions()->entries()) {
    for (const OpVersionEntry* e : *p.op_versions()->entries()) {
      out->op_version_map[Str(e->op())] = e->version() ? e->version()->value() : 0;
    }
  }
  for (const Block* blk : *p.blocks()) {
    cpp::BlockDesc b;
    b.idx = blk->idx();
    b.parent_idx = blk->parent_idx();
    b.forward_block_idx = blk->forward_block_idx();
    if (blk->vars()) {
      b.vars.reserve(blk->vars()->size());
      for (const Var* v : *blk->vars()) b.vars.push_back(FbsVar(*v, b.idx, ctx));
    }
    if (blk->ops()) {
      b.ops.reserve(blk->ops()->size());
      for (const Op* o : *blk->ops()) {
        cpp::OpDesc op(Str(o->type()));
        if (op.Type().empty()) {
          ctx.Fail(StrCat("op #", b.ops.size(), " of block ", b.idx, " has no type"));
        }
        FbsSlots(o->inputs(), &op.mutable_inputs());
        FbsSlots(o->outputs(), &op.mutable_outputs());
        if (o->attrs()) {
          for (const OpAttr* a : *o->attrs()) {
            std::string name = Str(a->name());
            op.SetAttribute(name, FbsAttr(*a, op.Type(), name, ctx));
          }
        }
        op.set_is_target(o->is_target());
        b.ops.push_back(std::move(op));
      }
    }
    out->blocks.push_back(std::move(b));
  }
}

// ---- parameters ----

void FbsParam(const Param& p, Scope* weights, const std::string& source, const char* section,
              size_t at, const std::shared_ptr<const void>& holder) {
  std::string name = Str(p.name());
  if (name.empty()) {
    ThrowError(source, ": Paddle Lite .nb section '", section, "' at byte ", at,
               ": a parameter has no name");
  }
  const ParamTensor* t = p.value_as_ParamTensor();
  if (!t) {
    ThrowError(source, ": Paddle Lite .nb section '", section, "' at byte ", at, ": parameter '",
               name, "' holds no tensor (value kind ", int(p.value_type()), ")");
  }
  DDim dims = List<int64_t>(t->dims());
  DataType type = ElementType(t->element_type(), source, section, "parameter '" + name + "'");
  const auto* bytes = t->bytes();
  AddWeight(weights, name, type, dims, bytes ? reinterpret_cast<const char*>(bytes->data()) : nullptr,
            bytes ? bytes->size() : 0, source, section, at, holder);
}

// Verifies `buf` (bytes [begin, begin + size) of the file, for messages)
// with the FlatBuffers Verifier and returns its root.
template <typename Root>
const Root* VerifiedRoot(const AlignedBuffer& buf, size_t begin, const std::string& source,
                         const char* section, const char* what, int64_t index = -1) {
  flatbuffers::Verifier::Options opts;
  opts.max_depth = 64;
  opts.max_tables = 10000000;
  flatbuffers::Verifier v(buf.data(), buf.size(), opts);
  if (buf.size() < sizeof(flatbuffers::uoffset_t) || !v.VerifyBuffer<Root>(nullptr)) {
    ThrowError(source, ": Paddle Lite .nb section '", section, "' (bytes ", begin, "..",
               begin + buf.size(), "): ", what, index >= 0 ? StrCat(" #", index) : std::string(),
               " is not a valid FlatBuffers buffer (the FlatBuffers verifier rejected it: "
               "truncated or corrupt file?)");
  }
  return flatbuffers::GetRoot<Root>(buf.data());
}

void Meta2Params(SectionReader& r, Scope* weights) {
  const std::string& source = r.source();
  size_t at = r.pos();
  uint16_t version = r.Get<uint16_t>("params format version");
  if (version != 0) r.Fail(at, "params format version", StrCat(" is ", version, " (expected 0)"));
  uint16_t meta_size = r.Get<uint16_t>("params meta size");
  r.Take(meta_size, "params meta information");
  at = r.pos();
  uint16_t header_size = r.Get<uint16_t>("params header size");
  if (header_size < 6) {
    r.Fail(at, "params header size", StrCat(" is ", header_size, " (expected >= 6)"));
  }
  const char* header = r.Take(header_size, "params header");
  uint16_t count = LoadLE<uint16_t>(header);
  uint32_t max_bytes = LoadLE<uint32_t>(header + 2);
  for (uint16_t i = 0; i < count; ++i) {
    size_t rec = r.pos();
    uint32_t total = r.Get<uint32_t>("parameter record size");
    uint32_t offset = r.Get<uint32_t>("parameter record offset");
    if (offset < 4 || total < offset) {
      r.Fail(rec, StrCat("parameter record #", i),
             StrCat(" says size ", total, " with its buffer at offset ", offset,
                    " (expected offset >= 4 and <= size)"));
    }
    r.Take(offset - 4, "parameter record padding");
    size_t buf = r.pos();
    const AlignedBuffer aligned = r.TakeAligned(total - offset, "parameter buffer");
    const Param* p = VerifiedRoot<Param>(aligned, buf, source, "params", "parameter record",
                                         static_cast<int64_t>(i));
    FbsParam(*p, weights, source, "params", rec, aligned.holder());
    const Tensor* t = weights->FindLocalVar(Str(p->name()));
    if (t->memory_size() > max_bytes) {
      r.Fail(rec, StrCat("parameter '", Str(p->name()), "'"),
             StrCat(" has ", t->memory_size(), " bytes, more than the header's maximum ",
                    max_bytes));
    }
  }
  if (r.remaining() != 0) {
    r.Fail(r.pos(), "end of the params", StrCat(": ", r.remaining(), " unexpected bytes follow the ",
                                                count, " parameters"));
  }
}

void Meta1Params(SectionReader& r, Scope* weights) {
  size_t begin = r.pos();
  const AlignedBuffer aligned = r.TakeAligned(r.remaining(), "the parameter list");
  const ParamList* list = VerifiedRoot<ParamList>(aligned, begin, r.source(), "params",
                                                  "the parameter list");
  if (!list->params()) return;
  for (const Param* p : *list->params()) {
    FbsParam(*p, weights, r.source(), "params", begin, aligned.holder());
  }
}

// An open file (closed on every path out): its descriptor and size.
class OpenFile {
 public:
  OpenFile(const std::string& path, const char* what) : path_(path) {
    uint64_t size = 0;
    std::string open_error;
    fd_ = file_access::OpenForRead(path, what, {}, &size, &open_error);
    LITE_ENFORCE(fd_ >= 0, open_error);
    size_ = static_cast<size_t>(size);
  }
  ~OpenFile() { ::close(fd_); }
  OpenFile(const OpenFile&) = delete;
  OpenFile& operator=(const OpenFile&) = delete;
  int fd() const { return fd_; }
  size_t size() const { return size_; }
  // Bytes [0, n), read straight into 8-byte-aligned storage.
  AlignedBuffer Head(size_t n, const char* section) const {
    SectionReader r(fd_, 0, n, path_, section);
    return r.TakeAligned(n, "the bytes");
  }
  // A reader of bytes [begin, size()).
  SectionReader From(size_t begin, const char* section) const {
    return SectionReader(fd_, begin, size_, path_, section);
  }

 private:
  std::string path_;
  int fd_{-1};
  size_t size_{0};
};

}  // namespace

void AddWeight(Scope* weights, const std::string& name, DataType type, const DDim& dims,
               const char* bytes, size_t nbytes, const std::string& source, const char* section,
               size_t at, const std::shared_ptr<const void>& holder) {
  auto fail = [&](const std::string& msg) {
    ThrowError(source, ": Paddle Lite .nb section '", section, "' at byte ", at, ": parameter '",
               name, "' ", msg);
  };
  if (dims.size() > kMaxRank) fail(StrCat("has rank ", dims.size()));
  uint64_t numel = 1;
  for (int64_t d : dims) {
    if (d < 0 || (d > 0 && numel > (uint64_t{1} << 40) / static_cast<uint64_t>(d))) {
      fail(StrCat("has invalid dims ", DimsToString(dims)));
    }
    numel *= static_cast<uint64_t>(d);
  }
  if (numel * SizeOf(type) != nbytes) {
    fail(StrCat("(", DataTypeName(type), " ", DimsToString(dims), ") needs ",
                numel * SizeOf(type), " bytes but holds ", nbytes));
  }
  if (weights->FindLocalVar(name)) fail("is stored twice");
  Tensor* t = weights->Var(name);
  if (holder && nbytes && reinterpret_cast<uintptr_t>(bytes) % SizeOf(type) == 0) {
    // `holder` is the reader's own writable copy of these bytes.
    t->ResetExternal(const_cast<char*>(bytes), type, dims, holder);
  } else {
    t->Resize(dims);
    void* dst = t->mutable_data(type);
    if (nbytes) std::memcpy(dst, bytes, nbytes);
  }
  t->set_persistable(true);
}

void CheckProgram(cpp::ProgramDesc* prog, const std::string& source, const char* section) {
  const cpp::ProgramDesc& program = *prog;
  const int32_t n = static_cast<int32_t>(program.blocks.size());
  LITE_ENFORCE(n >= 1, source, ": Paddle Lite .nb section '", section, "': the program has no blocks");
  for (int32_t b = 0; b < n; ++b) {
    const cpp::BlockDesc& blk = program.blocks[b];
    LITE_ENFORCE(blk.idx == b, source, ": Paddle Lite .nb section '", section, "': block ", b,
                 " says its index is ", blk.idx);
    LITE_ENFORCE(b == 0 ? blk.parent_idx == -1 || blk.parent_idx == 0
                        : blk.parent_idx >= 0 && blk.parent_idx < n && blk.parent_idx != b,
                 source, ": Paddle Lite .nb section '", section, "': block ", b,
                 " has invalid parent_idx ", blk.parent_idx);
    // Paddle Lite writes 0 as block 0's parent; ours says -1 (no parent).
    if (b == 0) prog->blocks[0].parent_idx = -1;
    // Paddle Lite v2.6 wrote a variable twice when a pass re-declared it
    // (LAC's `words`); the first declaration is kept.
    std::set<std::string> names;
    std::vector<cpp::VarDesc> vars;
    for (auto& v : prog->blocks[b].vars) {
      if (names.insert(v.name).second) {
        vars.push_back(std::move(v));
      } else {
        VLOG(1) << source << ": block " << b << " declares variable '" << v.name
                << "' twice; the first declaration is kept";
      }
    }
    prog->blocks[b].vars = std::move(vars);
  }
}

void CheckWeightsPresent(const cpp::ProgramDesc& program, const Scope& weights,
                         const std::string& source) {
  for (const auto& v : program.blocks[0].vars) {
    if (!v.persistable || v.type != cpp::VarKind::LOD_TENSOR) continue;
    LITE_ENFORCE(weights.FindLocalVar(v.name), source, ": persistable variable '", v.name,
                 "' of block 0 has no parameter in the file (truncated or corrupt file?)");
  }
}

namespace {
// The program size is not looked at: a file with Paddle Lite's header and a
// wrong size is Paddle Lite's, and its error should say so (a Paddle
// protobuf program starts with byte 0x0a, ONNX with 0x08: never a meta
// version 0-2 followed by a printable version string).
bool HeaderLooksRight(const char* data, size_t size) {
  if (size < kHeaderSize) return false;
  uint16_t meta = LoadLE<uint16_t>(data + kOffMetaVersion);
  if (meta > 2) return false;
  std::string producer = ProducerOf(data);
  if (producer.empty()) return false;
  for (char c : producer) {
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}
}  // namespace

bool LooksLikePaddleLiteNb(const char* data, size_t size) {
  return HeaderLooksRight(data, size);
}

bool FileLooksLikePaddleLiteNb(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  char head[kHeaderSize];
  std::ifstream in(path, std::ios::binary);
  if (!in.read(head, sizeof(head))) return false;
  return HeaderLooksRight(head, sizeof(head));
}

bool IsPaddleLiteNbFolder(const std::string& dir) {
  std::error_code ec;
  return std::filesystem::is_regular_file(dir + "/__model__.nb", ec) &&
         std::filesystem::is_regular_file(dir + "/param.nb", ec);
}

namespace {
// Checks the header of an image of `size` bytes whose first
// min(size, kHeaderSize) bytes are `data`; returns where the params begin.
size_t CheckHeader(const char* data, size_t size, const std::string& source) {
  LITE_ENFORCE(size >= kHeaderSize, source, ": Paddle Lite .nb section 'header' at byte 0: ",
               size, " bytes, the header alone is ", kHeaderSize, " (truncated file?)");
  uint16_t meta = LoadLE<uint16_t>(data + kOffMetaVersion);
  LITE_ENFORCE(meta <= 2, source, ": Paddle Lite .nb section 'header' at byte 0: meta version ",
               meta, " (this runtime reads 0, 1 and 2: Paddle Lite v2.3 - v2.14)");
  uint64_t program_size = LoadLE<uint64_t>(data + kOffProgramSize);
  LITE_ENFORCE(program_size > 0 && program_size <= size - kHeaderSize, source,
               ": Paddle Lite .nb section 'header' at byte ", kOffProgramSize,
               ": the program size ", program_size, " does not fit in the ", size - kHeaderSize,
               " bytes after the header (truncated or corrupt file?)");
  return kHeaderSize + static_cast<size_t>(program_size);
}

// `head` is bytes [0, params_begin) of the image (header and program);
// `params` reads the rest.
void ParseImage(const char* head, size_t params_begin, SectionReader& params,
                const std::string& source, PaddleLiteModel* out) {
  PaddleLiteModel m;
  m.layout = static_cast<Layout>(LoadLE<uint16_t>(head + kOffMetaVersion));
  m.producer = ProducerOf(head);
  m.weights = std::make_shared<Scope>();
  if (m.layout == Layout::kMeta0NaiveBuffer) {
    SectionReader prog(head, kHeaderSize, params_begin, source, "program");
    ReadNaiveProgram(&prog, &m.program);
    ReadNaiveParams(&params, m.weights.get());
  } else {
    const AlignedBuffer aligned(head + kHeaderSize, params_begin - kHeaderSize);
    const Program* p = VerifiedRoot<Program>(aligned, kHeaderSize, source, "program", "the program");
    FbsProgram(*p, FbsContext{source, "program"}, &m.program);
    if (m.layout == Layout::kMeta1FlatBuffers) {
      Meta1Params(params, m.weights.get());
    } else {
      Meta2Params(params, m.weights.get());
    }
  }
  CheckProgram(&m.program, source, "program");
  CheckWeightsPresent(m.program, *m.weights, source);
  VLOG(3) << source << ": Paddle Lite " << LayoutName(m.layout) << ", written by '" << m.producer
          << "', " << m.program.blocks[0].ops.size() << " ops, "
          << m.weights->LocalVarNames().size() << " parameters";
  *out = std::move(m);
}
}  // namespace

void ParsePaddleLiteNb(const char* data, size_t size, const std::string& source,
                       PaddleLiteModel* out) {
  const size_t params_begin = CheckHeader(data, size, source);
  SectionReader params(data, params_begin, size, source, "params");
  ParseImage(data, params_begin, params, source, out);
}

// The header and program are read whole; the parameters are read forward
// from the file, each payload straight into its own storage (no whole-file
// image: one copy of each weight, and a peak of about the weights' size).
void LoadPaddleLiteNbFile(const std::string& path, PaddleLiteModel* out) {
  const OpenFile file(path, "Paddle Lite .nb model");
  const AlignedBuffer header = file.Head(std::min(file.size(), kHeaderSize), "header");
  const size_t params_begin =
      CheckHeader(reinterpret_cast<const char*>(header.data()), file.size(), path);
  const AlignedBuffer head = file.Head(params_begin, "program");
  SectionReader params = file.From(params_begin, "params");
  ParseImage(reinterpret_cast<const char*>(head.data()), params_begin, params, path, out);
}

namespace {
void ParsePair(const char* model, size_t model_size, const std::string& model_name,
               SectionReader& par, PaddleLiteModel* out) {
  PaddleLiteModel m;
  m.layout = Layout::kNaiveBufferFolder;
  m.weights = std::make_shared<Scope>();
  SectionReader prog(model, 0, model_size, model_name, "program");
  ReadNaiveProgram(&prog, &m.program);
  ReadNaiveParams(&par, m.weights.get());
  CheckProgram(&m.program, model_name, "program");
  CheckWeightsPresent(m.program, *m.weights, par.source());
  *out = std::move(m);
}
}  // namespace

void LoadPaddleLiteNbFolder(const std::string& dir, PaddleLiteModel* out) {
  const std::string model_path = dir + "/__model__.nb";
  const std::string param_path = dir + "/param.nb";
  const OpenFile model(model_path, "Paddle Lite program");
  const OpenFile params(param_path, "Paddle Lite params");
  const AlignedBuffer program = model.Head(model.size(), "program");
  SectionReader par = params.From(0, "params");
  ParsePair(reinterpret_cast<const char*>(program.data()), program.size(), model_path, par, out);
}

void ParsePaddleLiteNbPair(const std::string& model, const std::string& params,
                           const std::string& source, PaddleLiteModel* out) {
  SectionReader par(params.data(), 0, params.size(), source + " (params buffer)", "params");
  ParsePair(model.data(), model.size(), source + " (program buffer)", par, out);
}

}  // namespace plnb
}  // namespace lite
}  // namespace paddle
