// The file-access policy, tested once for every loader that uses it.
#include "file_access/file_access.h"

#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <string>

namespace {

class FileAccess : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/file_access_test.XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    root_ = tmpl;
    ASSERT_EQ(mkdir((root_ + "/model").c_str(), 0755), 0);
    ASSERT_EQ(mkdir((root_ + "/model/sub").c_str(), 0755), 0);
    Write(root_ + "/secret.txt", "SECRET");
    Write(root_ + "/model/w.bin", "0123456789");
    Write(root_ + "/model/sub/v.bin", "abc");
  }
  void TearDown() override { std::system(("rm -rf '" + root_ + "'").c_str()); }
  static void Write(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
  }
  static std::string Slurp(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
  }
  std::set<std::string> Entries(const std::string& dir) {
    std::set<std::string> names;
    DIR* d = opendir(dir.c_str());
    while (dirent* e = readdir(d)) {
      std::string n = e->d_name;
      if (n != "." && n != "..") names.insert(n);
    }
    closedir(d);
    return names;
  }
  // Reads `relative` beneath the model folder; "" on refusal (error kept).
  std::string Beneath(const std::string& relative) {
    uint64_t size = 0;
    std::string shown;
    error_.clear();
    const int fd = file_access::OpenBeneath(root_ + "/model", relative, "external data", {}, &size,
                                            &shown, &error_);
    if (fd < 0) return "";
    std::string out;
    EXPECT_TRUE(file_access::ReadRange(fd, size, 0, size, "external data", shown, &out, &error_));
    close(fd);
    return out;
  }
  std::string root_;
  std::string error_;
};

TEST_F(FileAccess, ReadsRegularFilesWhole) {
  std::string out, error;
  ASSERT_TRUE(file_access::ReadFile(root_ + "/model/w.bin", "model file", {}, &out, &error)) << error;
  EXPECT_EQ(out, "0123456789");
}

TEST_F(FileAccess, RefusesFifoWithoutBlockingDirectoriesAndDevices) {
  const std::string fifo = root_ + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0644), 0);
  std::string out, error;
  EXPECT_FALSE(file_access::ReadFile(fifo, "model cache", {}, &out, &error));
  EXPECT_NE(error.find("not a regular file"), std::string::npos) << error;
  EXPECT_NE(error.find("model cache '" + fifo + "'"), std::string::npos) << error;
  EXPECT_FALSE(file_access::ReadFile(root_, "model file", {}, &out, &error));
  EXPECT_NE(error.find("directory"), std::string::npos) << error;
  EXPECT_FALSE(file_access::ReadFile("/dev/zero", "params file", {}, &out, &error));
  EXPECT_NE(error.find("not a regular file"), std::string::npos) << error;
  EXPECT_FALSE(file_access::ReadFile(root_ + "/missing", "model file", {}, &out, &error));
  EXPECT_NE(error.find("No such file"), std::string::npos) << error;
  EXPECT_FALSE(file_access::ReadFile("", "model file", {}, &out, &error));
  EXPECT_NE(error.find("empty"), std::string::npos) << error;
}

TEST_F(FileAccess, SizeCapIsCheckedBeforeReading) {
  file_access::ReadOptions small;
  small.max_bytes = 4;
  std::string out, error;
  EXPECT_FALSE(file_access::ReadFile(root_ + "/model/w.bin", "partition config", small, &out, &error));
  EXPECT_NE(error.find("10 bytes, more than the 4 bytes"), std::string::npos) << error;
  EXPECT_TRUE(out.empty());
}

TEST_F(FileAccess, NoFollowRefusesALinkAsLastComponent) {
  const std::string link = root_ + "/model/cache.nnc";
  ASSERT_EQ(symlink((root_ + "/secret.txt").c_str(), link.c_str()), 0);
  file_access::ReadOptions nofollow;
  nofollow.no_follow = true;
  std::string out, error;
  EXPECT_FALSE(file_access::ReadFile(link, "model cache", nofollow, &out, &error));
  EXPECT_NE(error.find("symbolic link"), std::string::npos) << error;
}

TEST_F(FileAccess, BeneathReadsInsideTheFolder) {
  EXPECT_EQ(Beneath("w.bin"), "0123456789") << error_;
  EXPECT_EQ(Beneath("sub/v.bin"), "abc") << error_;
  EXPECT_EQ(Beneath("sub/../w.bin"), "0123456789") << error_;
  ASSERT_EQ(symlink("sub/v.bin", (root_ + "/model/inside_link").c_str()), 0);
  EXPECT_EQ(Beneath("inside_link"), "abc") << error_;
}

TEST_F(FileAccess, BeneathRefusesEveryWayOut) {
  ASSERT_EQ(symlink((root_ + "/secret.txt").c_str(), (root_ + "/model/abs_link").c_str()), 0);
  ASSERT_EQ(symlink("../secret.txt", (root_ + "/model/rel_link").c_str()), 0);
  ASSERT_EQ(symlink("/etc/passwd", (root_ + "/model/passwd_link").c_str()), 0);
  ASSERT_EQ(symlink("..", (root_ + "/model/sub/up").c_str()), 0);
  for (const std::string rel :
       {"../secret.txt", "sub/../../secret.txt", "abs_link", "rel_link", "passwd_link",
        "sub/up/up/secret.txt", "/etc/passwd", "/proc/self/environ", "/proc/self/fd/0"}) {
    EXPECT_EQ(Beneath(rel), "") << rel;
    EXPECT_FALSE(error_.empty()) << rel;
    EXPECT_EQ(error_.find("SECRET"), std::string::npos);
    EXPECT_NE(error_.find("external data"), std::string::npos) << error_;
  }
  Beneath("../secret.txt");
  EXPECT_NE(error_.find("leaves the folder"), std::string::npos) << error_;
  Beneath("/etc/passwd");
  EXPECT_NE(error_.find("absolute"), std::string::npos) << error_;
  Beneath(std::string("w.bin\0../../secret.txt", 22));
  EXPECT_NE(error_.find("NUL"), std::string::npos) << error_;
  Beneath("");
  EXPECT_NE(error_.find("empty"), std::string::npos) << error_;
  const std::string fifo = root_ + "/model/pipe";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0644), 0);
  Beneath("pipe");
  EXPECT_NE(error_.find("not a regular file"), std::string::npos) << error_;
}

TEST_F(FileAccess, RangeReadsPastTheEndAreRefused) {
  uint64_t size = 0;
  std::string shown, error, out;
  const int fd = file_access::OpenBeneath(root_ + "/model", "w.bin", "external data", {}, &size,
                                          &shown, &error);
  ASSERT_GE(fd, 0) << error;
  EXPECT_TRUE(file_access::ReadRange(fd, size, 2, 3, "external data", shown, &out, &error));
  EXPECT_EQ(out, "234");
  EXPECT_FALSE(file_access::ReadRange(fd, size, 8, 3, "external data", shown, &out, &error));
  EXPECT_NE(error.find("3 bytes at offset 8"), std::string::npos) << error;
  EXPECT_FALSE(file_access::ReadRange(fd, size, UINT64_MAX, 2, "external data", shown, &out, &error));
  close(fd);
}

TEST_F(FileAccess, AtomicWriteNeverFollowsAPlantedLinkAndLeavesNoTemporary) {
  const std::string target = root_ + "/model/out.nb";
  // A symlink planted at the target's name: replaced, its target untouched.
  ASSERT_EQ(symlink((root_ + "/secret.txt").c_str(), target.c_str()), 0);
  std::string error;
  ASSERT_TRUE(file_access::WriteFileAtomically(target, "NEW", 3, ".nb model", &error)) << error;
  EXPECT_EQ(Slurp(target), "NEW");
  EXPECT_EQ(Slurp(root_ + "/secret.txt"), "SECRET");
  struct stat st;
  ASSERT_EQ(lstat(target.c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));
  // Symlinks planted at the old predictable temporary names are never used.
  for (const std::string& name : {target + ".tmp." + std::to_string(getpid()),
                                  target + ".tmp." + std::to_string(getpid()) + ".0"}) {
    ASSERT_EQ(symlink((root_ + "/secret.txt").c_str(), name.c_str()), 0);
  }
  ASSERT_TRUE(file_access::WriteFileAtomically(target, "NEWER", 5, ".nb model", &error)) << error;
  EXPECT_EQ(Slurp(target), "NEWER");
  EXPECT_EQ(Slurp(root_ + "/secret.txt"), "SECRET");
  // Nothing but the target and the planted links is left in the folder.
  std::set<std::string> expected = {"w.bin", "sub", "out.nb", "out.nb.tmp." + std::to_string(getpid()),
                                    "out.nb.tmp." + std::to_string(getpid()) + ".0"};
  EXPECT_EQ(Entries(root_ + "/model"), expected);
}

TEST_F(FileAccess, AtomicWriteNamesTheReasonOfAFailure) {
  std::string error;
  EXPECT_FALSE(file_access::WriteFileAtomically(root_ + "/nofolder/x.nb", "x", 1, ".nb model", &error));
  EXPECT_NE(error.find("cannot write .nb model '" + root_ + "/nofolder/x.nb'"), std::string::npos)
      << error;
  EXPECT_NE(error.find("does not exist"), std::string::npos) << error;
  // The target is a directory: rename fails and says why.
  ASSERT_EQ(mkdir((root_ + "/model/dir.nb").c_str(), 0755), 0);
  EXPECT_FALSE(file_access::WriteFileAtomically(root_ + "/model/dir.nb", "x", 1, ".nb model", &error));
  EXPECT_NE(error.find("cannot rename"), std::string::npos) << error;
  EXPECT_NE(error.find("directory"), std::string::npos) << error;
  EXPECT_EQ(Entries(root_ + "/model"), (std::set<std::string>{"w.bin", "sub", "dir.nb"}));
}

}  // namespace
