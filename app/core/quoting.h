#pragma once
// Text from outside (file names, option values, file contents) shown in a message: quoted and
// escaped so that a message stays one line and no raw control byte reaches the terminal.

#include <string>
#include <string_view>

namespace shadersort {

// 'text' in single quotes; \n, \t, \r, \\, \' and \xNN for other control bytes, DEL, C1
// controls and bytes that are not UTF-8. Printable UTF-8 is kept as is.
std::string quote(std::string_view text);

// `text` with the same escapes but no quotes and quotes left alone: for a whole message that
// may hold text from outside (a parser's error, a driver's log line).
std::string printable(std::string_view text);

// Prints "shadersort: warning: MESSAGE" as one line on stderr.
void warn(std::string_view message);

}  // namespace shadersort
