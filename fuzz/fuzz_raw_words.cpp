// Key and value files as `shadersort sort` reads them (data/raw_words.h), then what it does on the
// CPU around the GPU sort: encoding each key type, the reference sort and the result checks.
// Refusal is a UserError; a crash, a sanitizer report or a broken round trip is a finding.

#include <cstdint>
#include <numeric>

#include "core/error.h"
#include "data/key_encoding.h"
#include "data/raw_words.h"
#include "fuzz_support.h"
#include "sort/verify.h"

using namespace shadersort;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::silenceMessages();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::uint32_t> words;
  try {
    words = readWords(fuzz::scratchFile(data, size), "key");
  } catch (const UserError&) {
    return 0;
  }
  if (wordsToBytes(words) != std::vector<std::uint8_t>(data, data + size)) __builtin_trap();
  for (KeyType type : {KeyType::U32, KeyType::I32, KeyType::F32}) {
    std::vector<std::uint32_t> keys = words;
    encodeKeys(type, keys);
    std::vector<std::uint32_t> decoded = keys;
    decodeKeys(type, decoded);
    if (decoded != words) __builtin_trap();
    // The same words as values, shifted so that equal keys carry different values.
    std::vector<std::uint32_t> values(keys.size());
    std::iota(values.begin(), values.end(), words.empty() ? 0u : words[0]);
    const SortData input = singleSequence(keys, values);
    const SortData sorted = referenceStableSort(input);
    if (!verifySorted(input, sorted).empty() || !quickCheckSorted(input, sorted).empty()) __builtin_trap();
  }
  return 0;
}
