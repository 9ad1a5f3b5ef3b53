#include "sort/sort_target.h"

#include "gl/compute.h"
#include "sort/sorter.h"

namespace shadersort {

std::uint32_t differingBits(const std::vector<std::uint32_t>& keys) {
  std::uint32_t anyBits = 0, allBits = ~0u;
  for (std::uint32_t key : keys) {
    anyBits |= key;
    allBits &= key;
  }
  return keys.empty() ? 0u : anyBits ^ allBits;
}

UploadedSortData::UploadedSortData(const SortData& data)
    : shape_(data.shape()),
      differingBits_(differingBits(data.keys)),
      keys_(gl::makeStorageBuffer("upload: keys", data.keys)),
      values_(gl::makeStorageBuffer("upload: values", data.values)) {}

SortTarget UploadedSortData::target() const {
  return {.shape = shape_, .keys = {keys_.id(), 0}, .values = {values_.id(), 0}, .differingBits = differingBits_};
}

compute::StorageBuffer storageCopyOf(std::string_view label, const BufferRange& range, std::size_t bytes) {
  compute::StorageBuffer copy;
  copyIntoStorage(copy, label, range, bytes);
  return copy;
}

void copyIntoStorage(compute::StorageBuffer& into, std::string_view label, const BufferRange& range, std::size_t bytes) {
  into.ensure(label, bytes);
  if (bytes == 0) return;
  // The copy reads what shaders wrote.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glBindBuffer(GL_COPY_READ_BUFFER, range.buffer);
  glBindBuffer(GL_COPY_WRITE_BUFFER, into.id());
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, static_cast<GLintptr>(range.offset), 0,
                      static_cast<GLsizeiptr>(bytes));
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
}

void Sorter::load(const SortData& input) {
  const UploadedSortData uploaded(input);
  load(uploaded.target());
}

}  // namespace shadersort
