#include "video/video_state.h"

namespace shadersort::video {

AudioPacket::AudioPacket() = default;
AudioPacket::~AudioPacket() = default;
AudioPacket::AudioPacket(AudioPacket&&) noexcept = default;
AudioPacket& AudioPacket::operator=(AudioPacket&&) noexcept = default;
AudioPacket::AudioPacket(std::unique_ptr<Data> data) : data_(std::move(data)) {}

}  // namespace shadersort::video
