#include "genokit/core/file_io.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace genokit {
namespace fs = std::filesystem;

class FileIo : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("genokit-fileio-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(FileIo, AtomicWriteReplacesAndKeepsMode) {
  auto p = (dir_ / "out.txt").string();
  Diagnostics d;
  ASSERT_TRUE(write_file_atomic(p, "old", d));
  ::chmod(p.c_str(), 0640);
  ASSERT_TRUE(write_file_atomic(p, "new content", d));
  EXPECT_EQ(read_file(p, d), std::optional<std::string>("new content"));
  struct stat st {};
  ::stat(p.c_str(), &st);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
  // No temporary file is left behind.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
  EXPECT_TRUE(d.empty());
}

TEST_F(FileIo, FailedWriteLeavesTargetAlone) {
  auto sub = dir_ / "ro";
  fs::create_directories(sub);
  auto p = (sub / "keep.txt").string();
  Diagnostics d;
  ASSERT_TRUE(write_file_atomic(p, "precious", d));
  if (::geteuid() == 0) GTEST_SKIP() << "running as root: directory permissions do not stop writes";
  ::chmod(sub.c_str(), 0500);
  EXPECT_FALSE(write_file_atomic(p, "clobber", d));
  ::chmod(sub.c_str(), 0700);
  EXPECT_EQ(read_file(p, d), std::optional<std::string>("precious"));
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "core.write-failed");
}

TEST_F(FileIo, WriteIntoMissingFolderFailsWithDiagnostic) {
  Diagnostics d;
  EXPECT_FALSE(write_file_atomic((dir_ / "nope" / "x.txt").string(), "x", d));
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "core.write-failed");
  EXPECT_EQ(d.items()[0].where.file, (dir_ / "nope" / "x.txt").string());
}

// Regular files are read to their size, then probed for more: sizes around the probe and a file
// that is longer than its first read come back whole.
TEST_F(FileIo, ReadsWholeFilesOfAnySize) {
  for (std::size_t n : {0u, 1u, 4095u, 4096u, 4097u, 65536u, 200001u}) {
    std::string text(n, 'x');
    for (std::size_t i = 0; i < n; ++i) text[i] = static_cast<char>('a' + i % 26);
    const std::string p = (dir_ / ("f" + std::to_string(n))).string();
    std::ofstream(p, std::ios::binary) << text;
    Diagnostics d;
    const auto got = read_file(p, d);
    ASSERT_TRUE(got.has_value()) << n;
    EXPECT_EQ(*got, text) << n;
  }
}

// read_bytes maps files from 256 KiB on and reads smaller ones: both come back whole, with a zero
// byte after the last one (also when the file ends on a page boundary, where the mapping adds a
// page), and copies share the bytes.
TEST_F(FileIo, ReadBytesMapsLargeFilesAndReadsSmallOnes) {
  const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, page, std::size_t{256 * 1024 - 1},
                        std::size_t{256 * 1024}, 300 * page, 300 * page + 7}) {
    std::string text(n, 'x');
    for (std::size_t i = 0; i < n; ++i) text[i] = static_cast<char>('a' + i % 26);
    const std::string p = (dir_ / ("b" + std::to_string(n))).string();
    std::ofstream(p, std::ios::binary) << text;
    Diagnostics d;
    std::optional<Bytes> got = read_bytes(p, d);
    ASSERT_TRUE(got.has_value()) << n;
    EXPECT_EQ(got->mapped(), n >= 256 * 1024) << n;
    EXPECT_EQ(got->view(), text) << n;
    ASSERT_NE(got->data(), nullptr);
    EXPECT_EQ(got->data()[n], '\0') << n;
    const Bytes copy = *got;
    got.reset();  // the copy keeps the mapping
    EXPECT_EQ(copy.view(), text) << n;
    EXPECT_TRUE(d.empty());
  }
  EXPECT_EQ(Bytes(std::string("abc")).view(), "abc");
  EXPECT_EQ(Bytes().data()[0], '\0');
  Diagnostics d;
  EXPECT_EQ(read_bytes((dir_ / "missing").string(), d), std::nullopt);
  EXPECT_EQ(read_bytes(dir_.string(), d), std::nullopt);
  ASSERT_EQ(d.items().size(), 2u);
  EXPECT_EQ(d.items()[1].message, "is a directory, not a file");
}

TEST_F(FileIo, ReadErrors) {
  Diagnostics d;
  EXPECT_EQ(read_file((dir_ / "missing").string(), d), std::nullopt);
  EXPECT_EQ(read_file(dir_.string(), d), std::nullopt);
  ASSERT_EQ(d.items().size(), 2u);
  EXPECT_EQ(d.items()[0].code, "core.read-failed");
  EXPECT_EQ(d.items()[1].message, "is a directory, not a file");
}

}  // namespace genokit
