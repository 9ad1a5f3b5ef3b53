#include "core/file_identity.h"

#include <sys/stat.h>

#include <filesystem>

namespace shadersort {
namespace {

bool sameInode(const std::string& a, const std::string& b) {
  struct stat first {}, second {};
  return ::stat(a.c_str(), &first) == 0 && ::stat(b.c_str(), &second) == 0 && first.st_dev == second.st_dev &&
         first.st_ino == second.st_ino;
}

bool sameEntry(const std::string& a, const std::string& b) {
  const std::filesystem::path first(a), second(b);
  const std::string name = first.filename().string();
  if (name.empty() || name == "." || name == ".." || name != second.filename().string()) return false;
  auto folder = [](const std::filesystem::path& path) {
    return path.parent_path().empty() ? std::string(".") : path.parent_path().string();
  };
  return sameInode(folder(first), folder(second));
}

}  // namespace

bool sameFile(const std::string& a, const std::string& b) { return sameInode(a, b) || sameEntry(a, b); }

}  // namespace shadersort
