#include "audio/pass_sonifier.h"

#include <iostream>

#include "audio/chord_synth.h"
#include "audio/sort_sound.h"

namespace shadersort::audio {

PassSonifier::PassSonifier(double toneSeconds) : toneSeconds_(toneSeconds) {}

void PassSonifier::setEnabled(bool on) {
  enabled_ = on;
  baseline_.reset();
  if (!on) status_.clear();
}

void PassSonifier::afterFrame(const Sorter& sorter, std::uint64_t keyCount, const void* input) {
  if (!enabled_) return;
  if (const std::string why = whyNotSonified(keyCount); !why.empty()) {
    baseline_.reset();
    status_ = "sound: off, " + why;
    return;
  }
  if (status_.rfind("sound: off", 0) == 0) status_.clear();
  const std::uint32_t pass = sorter.passesRun();
  const bool sameSort = baseline_ && baseline_->sorter == &sorter && baseline_->input == input;
  if (!sameSort || pass < baseline_->pass) {
    // Something new to follow, or a step back: what is shown now is the next pass's "before".
    SortData state = sorter.read();
    const KeyRange range = keyRangeOf(state.keys);  // a pass moves keys, so any state has the input's range
    baseline_ = Baseline{&sorter, input, pass, std::move(state), range, paddingNow(sorter)};
    return;
  }
  if (pass == baseline_->pass) return;
  SortData after = sorter.read();
  // One pass: its comparators' exchanges. Several in one frame: one chord of the keys they moved.
  sound(pass == baseline_->pass + 1
            ? tonesOfPass(sorter, baseline_->pass, baseline_->state, after, baseline_->range, baseline_->padding, mode_)
            : passTones({baseline_->state.keys, after.keys, after.sequenceLength, {}, baseline_->range, {}, {}}));
  baseline_->pass = pass;
  baseline_->state = std::move(after);
  baseline_->padding = paddingNow(sorter);
}

void PassSonifier::sound(const std::vector<Tone>& tones) {
  const std::vector<float> chord = synthesiseChord(tones, toneSeconds_);
  ++chordsMade_;
  if (player_.open()) {
    player_.play(chord);
    return;
  }
  status_ = "sound: no audio device (" + player_.failure() + "), playing silently";
  if (!deviceFailureSaid_) std::cerr << "shadersort: " << status_ << "\n";
  deviceFailureSaid_ = true;
}

}  // namespace shadersort::audio
