#pragma once
// Move-only owners of GL objects. Each carries a label (glObjectLabel) so a frame capture or a
// debug message names the object by what it is for.

#include <glad/gl.h>

#include <cstdint>
#include <string_view>
#include <utility>

namespace shadersort::gl {

// `Traits` supplies `create()`, `destroy(GLuint)` and the KHR_debug `identifier` for labels.
template <typename Traits>
class Handle {
 public:
  Handle() = default;
  explicit Handle(std::string_view label) : id_(Traits::create()) { setLabel(label); }
  ~Handle() { reset(); }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  Handle(Handle&& other) noexcept : id_(std::exchange(other.id_, 0)) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = std::exchange(other.id_, 0);
    }
    return *this;
  }

  GLuint id() const { return id_; }
  explicit operator bool() const { return id_ != 0; }
  void reset() {
    if (id_ != 0) Traits::destroy(id_);
    id_ = 0;
  }
  void setLabel(std::string_view label) const {
    if (id_ != 0 && !label.empty())
      glObjectLabel(Traits::identifier, id_, static_cast<GLsizei>(label.size()), label.data());
  }

 private:
  GLuint id_ = 0;
};

// GL objects this process made, for tests that show a warmed-up sorter makes none (the
// library's promise: no buffer or program after reserve()). Counted, not tracked: cheap.
struct CreatedObjects {
  std::uint64_t buffers = 0, programs = 0;
};
CreatedObjects createdObjects();
void countCreatedBuffer();
void countCreatedProgram();

struct BufferTraits {
  static constexpr GLenum identifier = GL_BUFFER;
  static GLuint create() {
    GLuint id = 0;
    glGenBuffers(1, &id);
    countCreatedBuffer();
    // A name is only an object (and can be labelled) once bound.
    glBindBuffer(GL_COPY_WRITE_BUFFER, id);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    return id;
  }
  static void destroy(GLuint id) { glDeleteBuffers(1, &id); }
};

struct TextureTraits {
  static constexpr GLenum identifier = GL_TEXTURE;
  static GLuint create() {
    GLuint id = 0;
    glGenTextures(1, &id);
    glBindTexture(GL_TEXTURE_2D, id);
    glBindTexture(GL_TEXTURE_2D, 0);
    return id;
  }
  static void destroy(GLuint id) { glDeleteTextures(1, &id); }
};

struct FramebufferTraits {
  static constexpr GLenum identifier = GL_FRAMEBUFFER;
  static GLuint create() {
    GLuint id = 0;
    glGenFramebuffers(1, &id);
    glBindFramebuffer(GL_FRAMEBUFFER, id);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return id;
  }
  static void destroy(GLuint id) { glDeleteFramebuffers(1, &id); }
};

struct VertexArrayTraits {
  static constexpr GLenum identifier = GL_VERTEX_ARRAY;
  static GLuint create() {
    GLuint id = 0;
    glGenVertexArrays(1, &id);
    glBindVertexArray(id);
    glBindVertexArray(0);
    return id;
  }
  static void destroy(GLuint id) { glDeleteVertexArrays(1, &id); }
};

struct QueryTraits {
  static constexpr GLenum identifier = GL_QUERY;
  static GLuint create() {
    GLuint id = 0;
    glGenQueries(1, &id);
    return id;
  }
  static void destroy(GLuint id) { glDeleteQueries(1, &id); }
};

using Buffer = Handle<BufferTraits>;
using Texture = Handle<TextureTraits>;
using Framebuffer = Handle<FramebufferTraits>;
using VertexArray = Handle<VertexArrayTraits>;
using Query = Handle<QueryTraits>;

// A 2D texture with one level of immutable storage, NEAREST filtering (integer formats need it,
// and pictures stay crisp when enlarged) and edges clamped.
inline Texture makeNearestTexture(std::string_view label, GLenum internalFormat, GLsizei width, GLsizei height) {
  Texture texture(label);
  glBindTexture(GL_TEXTURE_2D, texture.id());
  glTexStorage2D(GL_TEXTURE_2D, 1, internalFormat, width, height);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
  return texture;
}

}  // namespace shadersort::gl
