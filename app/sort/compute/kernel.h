#pragma once
// A typed compute kernel: a compute program and a struct of the uniforms its shader uses.
//
//   struct RoundUniforms {
//     std::uint32_t sequenceLength = 0, parity = 0;
//     static auto fields() {
//       return std::array{compute::uniform("u_sequenceLength", &RoundUniforms::sequenceLength),
//                         compute::uniform("u_parity", &RoundUniforms::parity)};
//     }
//   };
//   compute::Kernel<RoundUniforms> round(context.shaders(), "shaders/sort/x/round.comp", defines);
//   round.dispatch({.sequenceLength = n, .parity = 1}, groups, {"round", bytes}, observer);
//
// Each uniform is looked up once, when the kernel is built, and checked: a name the linked
// program lacks, or a type other than the field's, throws GpuError naming the shader file and the
// uniform, so a typo cannot silently become location -1. GLSL compilers drop uniforms a shader
// does not use, so the struct lists only those its shader (with these defines) really reads.
// A dispatch sets every field, so none can be forgotten or left from an earlier dispatch.

#include <glad/gl.h>

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "gl/program.h"
#include "sort/compute/dispatch.h"
#include "sort/sorter.h"

namespace shadersort::compute {

// Where a checked uniform lives in a linked program.
struct UniformSlot {
  GLint location = -1;
  GLint elements = 1;  // active array elements (a compiler may trim unread trailing ones)
};

// The GL type and element count a C++ field of type `Value` sets: std::uint32_t (uint),
// std::int32_t (int), float, or a std::array of one of them (an array uniform).
template <typename Value>
struct UniformType;
template <>
struct UniformType<std::uint32_t> {
  static constexpr GLenum glType = GL_UNSIGNED_INT;
  static constexpr GLint elements = 1;
};
template <>
struct UniformType<std::int32_t> {
  static constexpr GLenum glType = GL_INT;
  static constexpr GLint elements = 1;
};
template <>
struct UniformType<float> {
  static constexpr GLenum glType = GL_FLOAT;
  static constexpr GLint elements = 1;
};
template <typename Element, std::size_t Count>
struct UniformType<std::array<Element, Count>> {
  static constexpr GLenum glType = UniformType<Element>::glType;
  static constexpr GLint elements = static_cast<GLint>(Count);
};

// Finds `name` in `program` (built from `path`) and checks that it is a `glType` with at most
// `elements` elements; throws GpuError naming `path` and `name` otherwise.
UniformSlot findUniform(const gl::Program& program, std::string_view path, std::string_view name, GLenum glType,
                        GLint elements);

// Uploads `count` values to `slot` of `program` (glProgramUniform*: no glUseProgram needed).
void uploadUniform(GLuint program, const UniformSlot& slot, const std::uint32_t* values);
void uploadUniform(GLuint program, const UniformSlot& slot, const std::int32_t* values);
void uploadUniform(GLuint program, const UniformSlot& slot, const float* values);

// One uniform of a Uniforms struct: its GLSL name and how to read its value from the struct.
template <typename Uniforms>
struct UniformField {
  std::string_view name;
  GLenum glType = GL_NONE;
  GLint elements = 1;
  std::function<void(GLuint program, const UniformSlot& slot, const Uniforms& uniforms)> upload;
};

// The field `member` of `Uniforms` as the uniform `name`; `read` may also be any function of
// the struct (e.g. a member of a base class or of a nested struct).
template <typename Uniforms, typename Read>
UniformField<Uniforms> uniform(std::string_view name, Read read) {
  using Value = std::remove_cvref_t<std::invoke_result_t<Read, const Uniforms&>>;
  return {name, UniformType<Value>::glType, UniformType<Value>::elements,
          [read](GLuint program, const UniformSlot& slot, const Uniforms& uniforms) {
            const Value& value = std::invoke(read, uniforms);
            if constexpr (UniformType<Value>::elements == 1 && !std::is_class_v<Value>) {
              uploadUniform(program, slot, &value);
            } else {
              uploadUniform(program, slot, value.data());
            }
          }};
}
template <typename Uniforms, typename Value>
UniformField<Uniforms> uniform(std::string_view name, Value Uniforms::*member) {
  return uniform<Uniforms, Value Uniforms::*>(name, member);
}

// Uniforms: a struct with `static auto fields()` returning its UniformFields (any range).
template <typename Uniforms>
class Kernel {
 public:
  Kernel() = default;
  // Compiles `path` (read through `shaders`) with `defines` and checks every field's uniform
  // (see the top of this file).
  Kernel(const gl::ShaderSource& shaders, std::string_view path, const gl::ShaderDefines& defines)
      : path_(path), program_(gl::Program::compute(shaders, path, defines)) {
    for (UniformField<Uniforms>& field : Uniforms::fields()) {
      const UniformSlot slot = findUniform(program_, path_, field.name, field.glType, field.elements);
      uniforms_.push_back({std::move(field), slot});
    }
  }

  explicit operator bool() const { return program_.id() != 0; }
  const gl::Program& program() const { return program_; }
  const std::string& path() const { return path_; }

  // Sets every uniform from `uniforms`, then dispatchStep(groups, step, observer): the
  // workgroups, the storage barrier, the observer. Storage bindings are the caller's
  // (StorageBuffer::bind), made before.
  void dispatch(const Uniforms& uniforms, std::uint64_t groups, const Step& step = {},
                const Sorter::StepObserver& observer = {}) const {
    for (const auto& [field, slot] : uniforms_) field.upload(program_.id(), slot, uniforms);
    program_.use();
    dispatchStep(groups, step, observer);
  }

 private:
  std::string path_;
  gl::Program program_;
  std::vector<std::pair<UniformField<Uniforms>, UniformSlot>> uniforms_;
};

}  // namespace shadersort::compute
