#include "lib/gl_state_guard.h"

#include <algorithm>

namespace shadersort::lib {

GlStateGuard::GlStateGuard() {
  glGetIntegerv(GL_CURRENT_PROGRAM, &program_);
  if (program_ != 0) {
    // A program deleted while current lives only as long as it stays current: once the sort
    // switches programs GL frees it, and binding its name again would be GL_INVALID_VALUE.
    GLint deleted = GL_FALSE;
    glGetProgramiv(static_cast<GLuint>(program_), GL_DELETE_STATUS, &deleted);
    if (deleted == GL_TRUE) program_ = 0;
  }
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_BINDING, &storageBuffer_);
  glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &copyReadBuffer_);
  glGetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &copyWriteBuffer_);
  glGetIntegerv(GL_ACTIVE_TEXTURE, &activeTexture_);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture2d_);
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vertexArray_);
  GLint available = 0;
  glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &available);  // GL 4.3 promises only 8
  storageBindings_ = std::min(kStorageBindings, static_cast<GLuint>(std::max(available, 0)));
  for (GLuint index = 0; index < storageBindings_; ++index) {
    IndexedBuffer& saved = storage_[index];
    glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, index, &saved.buffer);
    glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, index, &saved.start);
    glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, index, &saved.size);
  }
}

GlStateGuard::~GlStateGuard() {
  glUseProgram(static_cast<GLuint>(program_));
  for (GLuint index = 0; index < storageBindings_; ++index) {
    const IndexedBuffer& saved = storage_[index];
    const auto buffer = static_cast<GLuint>(saved.buffer);
    // Size 0 is how GL reports a whole-buffer binding (glBindBufferBase) and no binding.
    if (saved.buffer == 0 || saved.size == 0) {
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, index, buffer);
    } else {
      glBindBufferRange(GL_SHADER_STORAGE_BUFFER, index, buffer, static_cast<GLintptr>(saved.start),
                        static_cast<GLsizeiptr>(saved.size));
    }
  }
  // After the indexed ones, which also set the generic binding.
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, static_cast<GLuint>(storageBuffer_));
  glBindBuffer(GL_COPY_READ_BUFFER, static_cast<GLuint>(copyReadBuffer_));
  glBindBuffer(GL_COPY_WRITE_BUFFER, static_cast<GLuint>(copyWriteBuffer_));
  glActiveTexture(static_cast<GLenum>(activeTexture_));
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(texture2d_));
  glBindVertexArray(static_cast<GLuint>(vertexArray_));
}

}  // namespace shadersort::lib
