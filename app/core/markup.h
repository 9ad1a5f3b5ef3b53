#pragma once
// Text from outside (a file name, a pass description) put into HTML or SVG: escaped so that it
// stays text and can never open a tag, end an attribute or start an entity.

#include <string>
#include <string_view>

namespace shadersort {

// & < > " ' as entities; every other byte as is. Good in element text and in quoted attributes
// of both HTML and XML.
std::string escapeMarkup(std::string_view text);

}  // namespace shadersort
