// Helpers for the model_parser tests: where the real models are, temporary
// directories, file bytes, MODEL.json.
#pragma once
#include <gtest/gtest.h>
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {
namespace test {

namespace fs = std::filesystem;

// $PADDLE_LITE_MODELS_DIR, else <source dir>/../shared/models. Fails the
// calling test (ADD_FAILURE + empty string) when the folder is missing.
inline std::string ModelsDir() {
  const char* env = std::getenv("PADDLE_LITE_MODELS_DIR");
  std::string dir = env && *env ? env : std::string(LITE_SOURCE_DIR) + "/../shared/models";
  if (!fs::is_directory(dir)) {
    ADD_FAILURE() << "real Paddle models not found at '" << dir
                  << "': set PADDLE_LITE_MODELS_DIR to the shared/models folder";
    return "";
  }
  return dir;
}

inline std::string ModelDir(const std::string& name) {
  std::string root = ModelsDir();
  std::string dir = root + "/" + name;
  if (!root.empty() && !fs::is_directory(dir)) {
    ADD_FAILURE() << "model folder '" << dir << "' is missing";
  }
  return dir;
}

// A one-block program declaring one persistable variable.
inline cpp::ProgramDesc ProgramWithPersistable(const std::string& name,
                                               std::vector<int64_t> dims,
                                               cpp::VarKind type = cpp::VarKind::LOD_TENSOR) {
  cpp::ProgramDesc p;
  p.blocks.resize(1);
  cpp::VarDesc v;
  v.name = name;
  v.type = type;
  v.dims = std::move(dims);
  v.persistable = true;
  p.blocks[0].vars.push_back(v);
  return p;
}

inline std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

inline void WriteBytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  ASSERT_TRUE(out.good()) << "cannot create " << path;
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  ASSERT_TRUE(out.good()) << "cannot write " << path;
}

// A fresh directory under $TMPDIR (or /tmp), removed with everything in it.
class TempDir {
 public:
  TempDir() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/lite_model_parser_XXXXXX";
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    char* made = mkdtemp(buf.data());
    if (!made) {
      ADD_FAILURE() << "mkdtemp failed for " << pattern;
    } else {
      path_ = made;
    }
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string operator/(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

// Copies every regular file of `from` into `to`, except names in `skip`.
inline void CopyDir(const std::string& from, const std::string& to,
                    const std::vector<std::string>& skip = {}) {
  for (const auto& entry : fs::directory_iterator(from)) {
    if (!entry.is_regular_file()) continue;
    std::string name = entry.path().filename().string();
    bool skipped = false;
    for (const auto& s : skip) skipped |= (s == name);
    if (skipped) continue;
    fs::copy_file(entry.path(), fs::path(to) / name, fs::copy_options::overwrite_existing);
    fs::permissions(fs::path(to) / name, fs::perms::owner_read | fs::perms::owner_write,
                    fs::perm_options::add);
  }
}

// Parses <model dir>/MODEL.json.
inline google::protobuf::Struct ModelJson(const std::string& model_dir) {
  google::protobuf::Struct s;
  std::string text = ReadBytes(model_dir + "/MODEL.json");
  auto status = google::protobuf::util::JsonStringToMessage(text, &s);
  EXPECT_TRUE(status.ok()) << model_dir << "/MODEL.json: " << status.ToString();
  return s;
}

// Runs `fn`, expects paddle::lite_api::Error, and returns its message ("" if
// nothing or something else was thrown, with a test failure).
template <typename Fn>
std::string ErrorOf(Fn&& fn) {
  try {
    fn();
  } catch (const paddle::lite_api::Error& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "expected paddle::lite_api::Error, got std::exception: " << e.what();
    return "";
  }
  ADD_FAILURE() << "expected paddle::lite_api::Error, nothing was thrown";
  return "";
}

}  // namespace test
}  // namespace lite
}  // namespace paddle

namespace paddle {
namespace lite {
namespace test {

inline void ExpectVarsEqual(const cpp::VarDesc& a, const cpp::VarDesc& b, const std::string& where) {
  EXPECT_EQ(a.name, b.name) << where;
  EXPECT_EQ(static_cast<int>(a.type), static_cast<int>(b.type)) << where << " " << a.name;
  EXPECT_EQ(a.dtype, b.dtype) << where << " " << a.name;
  EXPECT_EQ(a.dims, b.dims) << where << " " << a.name;
  EXPECT_EQ(a.persistable, b.persistable) << where << " " << a.name;
  EXPECT_EQ(a.lod_level, b.lod_level) << where << " " << a.name;
  EXPECT_EQ(a.need_check_feed, b.need_check_feed) << where << " " << a.name;
}

inline void ExpectOpsEqual(const cpp::OpDesc& a, const cpp::OpDesc& b, const std::string& where) {
  EXPECT_EQ(a.Type(), b.Type()) << where;
  EXPECT_EQ(a.inputs(), b.inputs()) << where << " " << a.Type();
  EXPECT_EQ(a.outputs(), b.outputs()) << where << " " << a.Type();
  EXPECT_EQ(a.is_target(), b.is_target()) << where << " " << a.Type();
  ASSERT_EQ(a.attrs().size(), b.attrs().size()) << where << " " << a.Type();
  for (const auto& kv : a.attrs()) {
    auto it = b.attrs().find(kv.first);
    ASSERT_TRUE(it != b.attrs().end()) << where << " " << a.Type() << " attr " << kv.first;
    EXPECT_EQ(kv.second.type, it->second.type) << where << " attr " << kv.first;
    EXPECT_TRUE(kv.second.value == it->second.value) << where << " " << a.Type() << " attr " << kv.first;
  }
}

inline void ExpectProgramsEqual(const cpp::ProgramDesc& a, const cpp::ProgramDesc& b) {
  EXPECT_EQ(a.has_version, b.has_version);
  EXPECT_EQ(a.version, b.version);
  EXPECT_EQ(a.op_version_map, b.op_version_map);
  ASSERT_EQ(a.blocks.size(), b.blocks.size());
  for (size_t i = 0; i < a.blocks.size(); ++i) {
    const auto& x = a.blocks[i];
    const auto& y = b.blocks[i];
    std::string where = "block " + std::to_string(i);
    EXPECT_EQ(x.idx, y.idx) << where;
    EXPECT_EQ(x.parent_idx, y.parent_idx) << where;
    EXPECT_EQ(x.forward_block_idx, y.forward_block_idx) << where;
    ASSERT_EQ(x.vars.size(), y.vars.size()) << where;
    for (size_t v = 0; v < x.vars.size(); ++v) ExpectVarsEqual(x.vars[v], y.vars[v], where);
    ASSERT_EQ(x.ops.size(), y.ops.size()) << where;
    for (size_t o = 0; o < x.ops.size(); ++o) {
      ExpectOpsEqual(x.ops[o], y.ops[o], where + " op " + std::to_string(o));
    }
  }
}

// Byte-for-byte equality of two tensors (dims, dtype, lod, data).
inline void ExpectTensorsIdentical(const Tensor& a, const Tensor& b, const std::string& name) {
  ASSERT_EQ(a.dims(), b.dims()) << name;
  ASSERT_EQ(a.dtype(), b.dtype()) << name;
  EXPECT_EQ(a.lod(), b.lod()) << name;
  ASSERT_EQ(a.memory_size(), b.memory_size()) << name;
  EXPECT_EQ(0, std::memcmp(a.raw_data(), b.raw_data(), a.memory_size())) << name;
}

inline void ExpectScopesIdentical(const Scope& a, const Scope& b) {
  auto names_a = a.LocalVarNames();
  auto names_b = b.LocalVarNames();
  ASSERT_EQ(names_a, names_b);
  for (const auto& n : names_a) {
    EXPECT_TRUE(a.FindLocalVar(n)->persistable()) << n;
    EXPECT_TRUE(b.FindLocalVar(n)->persistable()) << n;
    ExpectTensorsIdentical(*a.FindLocalVar(n), *b.FindLocalVar(n), n);
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
