#include "sort/compute/kernel.h"

#include "core/error.h"

namespace shadersort::compute {
namespace {

std::string glslTypeName(GLenum type) {
  switch (type) {
    case GL_UNSIGNED_INT: return "uint";
    case GL_INT: return "int";
    case GL_FLOAT: return "float";
    case GL_BOOL: return "bool";
    default: return "GL type " + std::to_string(type);
  }
}

}  // namespace

UniformSlot findUniform(const gl::Program& program, std::string_view path, std::string_view name, GLenum glType,
                        GLint elements) {
  const std::string uniform(name);
  const std::string where = std::string(path) + ": uniform '" + uniform + "'";
  const GLuint index = glGetProgramResourceIndex(program.id(), GL_UNIFORM, uniform.c_str());
  if (index == GL_INVALID_INDEX)
    throw GpuError(where + " is not in the linked program (misspelt, or unused by the shader and compiled away)");
  const GLenum properties[] = {GL_TYPE, GL_ARRAY_SIZE, GL_LOCATION};
  GLint values[3] = {0, 0, -1};
  glGetProgramResourceiv(program.id(), GL_UNIFORM, index, 3, properties, 3, nullptr, values);
  const auto type = static_cast<GLenum>(values[0]);
  if (type != glType)
    throw GpuError(where + " is a " + glslTypeName(type) + " in the shader, but set as a " + glslTypeName(glType));
  // An array may be shorter than the field (trimmed by the compiler), never longer.
  if (values[1] > elements)
    throw GpuError(where + " has " + std::to_string(values[1]) + " elements; the field holds " +
                   std::to_string(elements));
  // Members of uniform blocks have no location: glProgramUniform cannot set them.
  if (values[2] < 0) throw GpuError(where + " is in a uniform block; a kernel sets plain uniforms only");
  return {.location = values[2], .elements = values[1]};
}

void uploadUniform(GLuint program, const UniformSlot& slot, const std::uint32_t* values) {
  glProgramUniform1uiv(program, slot.location, slot.elements, values);
}

void uploadUniform(GLuint program, const UniformSlot& slot, const std::int32_t* values) {
  glProgramUniform1iv(program, slot.location, slot.elements, values);
}

void uploadUniform(GLuint program, const UniformSlot& slot, const float* values) {
  glProgramUniform1fv(program, slot.location, slot.elements, values);
}

}  // namespace shadersort::compute
