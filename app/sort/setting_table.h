#pragma once
// Each algorithm declares its settings once, in one SettingTable: name, meaning, default, allowed
// values, the rules tying a setting to those before it, and the candidates `tune` tries. The
// table parses SorterOptions::settings into the algorithm's settings struct with the same
// messages for every algorithm, and gives `tune` its Tunables and the command line and `info`
// the SettingFacts (names, meanings, named values).

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "gl/limits.h"
#include "sort/registry.h"
#include "sort/setting_facts.h"

namespace shadersort {

// What defaults, bounds and rules may depend on besides the settings declared earlier.
struct SettingContext {
  const gl::Limits& limits;
  bool teaching = false;
};

enum class NumberKind { Any, Even, PowerOfTwo };

// The values a setting allows: its named values, and the numbers of `kind` from `least` to
// `most` (none when `most` is empty: only the named values).
struct AllowedValues {
  std::span<const NamedValue> namedValues;
  NumberKind kind = NumberKind::Any;
  int least = 0;
  std::optional<int> most;
  std::string_view mostReason;  // why the bound is what it is, e.g. "this GPU's shared memory"

  bool allows(int value) const;
  // "a power of two from 4 to 4096 (...)", "auto (0), portable (1) or chained (2)".
  std::string describe() const;
};

template <typename Settings>
struct SettingDeclaration {
  std::string_view name{};
  std::string_view meaning{};  // one line, for `info`
  int Settings::*field = nullptr;
  // `earlier` holds the settings declared before this one, given or defaulted.
  std::function<int(const Settings& earlier, const SettingContext& context)> defaultValue{};
  // Words for numbers, e.g. a static constexpr NamedValue array.
  std::span<const NamedValue> namedValues{};
  NumberKind kind = NumberKind::Any;
  int least = 0;
  // Empty: only the named values are allowed.
  std::function<int(const Settings& earlier, const SettingContext& context)> most{};
  std::string_view mostReason{};
  // A rule tying this setting to earlier ones: the whole message (after "<algorithm>: ") when
  // `settings`, filled up to and including this one, cannot run; empty when they can.
  std::function<std::string(const Settings& settings, const SettingContext& context)> rule{};
  // The values `tune` tries on this GPU, the other settings at their defaults; null: tune
  // leaves the setting alone.
  std::function<std::vector<int>(const Settings& defaults, const gl::Limits& limits)> candidates{};
};

// Exposed for the template below.
[[noreturn]] void throwUnknownSetting(std::string_view algorithm, std::string_view name,
                                      const std::vector<SettingFacts>& known);
[[noreturn]] void throwDisallowedSetting(std::string_view algorithm, std::string_view name, int value,
                                         const AllowedValues& allowed);

template <typename Settings>
class SettingTable {
 public:
  SettingTable(std::string_view algorithm, std::vector<SettingDeclaration<Settings>> declarations)
      : algorithm_(algorithm), declarations_(std::move(declarations)) {}

  // The settings `options` gives, the rest at their defaults, in declaration order; throws
  // UserError "<algorithm> has no setting 'x' (known: ...)" for an unknown name, and
  // "<algorithm>: <name> <value> must be <allowed values>" or the rule's message for a value
  // that cannot run here.
  Settings parse(const SorterOptions& options, const gl::Limits& limits) const {
    for (const auto& given : options.settings)
      if (find(given.first) == nullptr) throwUnknownSetting(algorithm_, given.first, facts());
    const SettingContext context{limits, options.teaching};
    Settings settings;
    for (const SettingDeclaration<Settings>& declaration : declarations_) {
      const auto given = options.settings.find(declaration.name);
      const int value = given != options.settings.end() ? given->second : declaration.defaultValue(settings, context);
      const AllowedValues allowed = allowedValues(declaration, settings, context);
      if (!allowed.allows(value)) throwDisallowedSetting(algorithm_, declaration.name, value, allowed);
      settings.*declaration.field = value;
      if (declaration.rule)
        if (const std::string broken = declaration.rule(settings, context); !broken.empty())
          throw UserError(std::string(algorithm_) + ": " + broken);
    }
    return settings;
  }

  // Every setting with candidates, at its default on this GPU (the fast schedule's).
  std::vector<Tunable> tunables(const gl::Limits& limits) const {
    const Settings defaults = parse({}, limits);
    std::vector<Tunable> tunables;
    for (const SettingDeclaration<Settings>& declaration : declarations_)
      if (declaration.candidates)
        tunables.push_back({std::string(declaration.name), defaults.*declaration.field,
                            declaration.candidates(defaults, limits)});
    return tunables;
  }

  std::vector<SettingFacts> facts() const {
    std::vector<SettingFacts> facts;
    for (const SettingDeclaration<Settings>& declaration : declarations_)
      facts.push_back({declaration.name, declaration.meaning, declaration.namedValues});
    return facts;
  }

 private:
  const SettingDeclaration<Settings>* find(std::string_view name) const {
    for (const SettingDeclaration<Settings>& declaration : declarations_)
      if (declaration.name == name) return &declaration;
    return nullptr;
  }

  static AllowedValues allowedValues(const SettingDeclaration<Settings>& declaration, const Settings& earlier,
                                     const SettingContext& context) {
    AllowedValues allowed{declaration.namedValues, declaration.kind, declaration.least, std::nullopt,
                          declaration.mostReason};
    if (declaration.most) allowed.most = declaration.most(earlier, context);
    return allowed;
  }

  std::string_view algorithm_;
  std::vector<SettingDeclaration<Settings>> declarations_;
};

}  // namespace shadersort
