#include "core/file_identity.h"

#include <sys/stat.h>

#include <filesystem>

#include "core/error.h"
#include "core/quoting.h"

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

// The path made absolute, its existing part resolved as the kernel would and the rest normalised
// by its spelling alone.
std::filesystem::path normalised(const std::string& path) {
  std::error_code error;
  const std::filesystem::path absolute = std::filesystem::absolute(path, error);
  if (error) return std::filesystem::path(path).lexically_normal();
  const std::filesystem::path resolved = std::filesystem::weakly_canonical(absolute, error);
  return error ? absolute.lexically_normal() : resolved;
}

}  // namespace

bool sameFile(const std::string& a, const std::string& b) {
  return sameInode(a, b) || sameEntry(a, b) || normalised(a) == normalised(b);
}

void requireDistinctOutputs(const std::vector<NamedOutput>& outputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i)
    for (std::size_t j = i + 1; j < outputs.size(); ++j)
      if (!outputs[i].path.empty() && !outputs[j].path.empty() && sameFile(outputs[i].path, outputs[j].path))
        throw UsageError(std::string(outputs[i].option) + " " + quote(outputs[i].path) + " and " +
                         std::string(outputs[j].option) + " " + quote(outputs[j].path) + " are the same file");
}

}  // namespace shadersort
