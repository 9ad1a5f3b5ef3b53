#pragma once
// The panel's values box: a person types keys ("3,7,4,8,1"), picks their type and loads them as
// one sequence, the same list `view --values` takes (data/value_list.h). Free functions over
// plain data; the viewer owns a ValuesBox and loads what valuesInput() gives through its usual
// input-changing path.

#include <optional>
#include <string>

#include "data/inputs.h"

namespace shadersort::ui {

struct ValuesBox {
  std::string text = "3,7,4,8,1";
  KeyType type = KeyType::U32;
  std::string error;  // the last list's one-line refusal, shown under the box; empty when loaded
};

// The box for `input`: its typed values when it has some (view --values), else the example.
ValuesBox valuesBoxFor(const InputSpec& input);

// The input that loading `box`'s list gives: `current` (its direction and axis) with the typed
// keys as its one sequence. A bad list sets box.error and gives nothing, so the current input stays.
std::optional<InputSpec> valuesInput(ValuesBox& box, const InputSpec& current);

// Inside an ImGui window: the box, its type and a Load button. True when the list is to be loaded
// (Load pressed, or Enter in the box).
bool drawValuesBox(ValuesBox& box);

}  // namespace shadersort::ui
