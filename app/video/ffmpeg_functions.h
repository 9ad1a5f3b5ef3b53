#pragma once
// FFmpeg's libraries are opened on first use, not when shadersort starts: every function this
// layer calls is a pointer of the same name and type in namespace shadersort::video, which
// unqualified calls here take over the library's symbol (no call site names the pointer). Until
// loadFfmpeg() has run, each points to a stub that loads the libraries and calls on. Why: linked
// the usual way, FFmpeg brought 134 of the 165 shared libraries every start of shadersort loaded
// (about 0.1 s of CPU a start, video or not), and without FFmpeg installed only video fails, in
// one line. Include this header in place of FFmpeg's own; a new FFmpeg function goes in the
// list below (the link fails until it does: the video layer no longer links FFmpeg).

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/hwcontext.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/mathematics.h>
#include <libavutil/mem.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

// X(name) for each FFmpeg function the video layer calls (inline ones such as av_q2d excepted).
#define SHADERSORT_FFMPEG_FUNCTIONS(X) \
  /* libavutil */ \
  X(av_buffer_create) X(av_buffer_ref) X(av_buffer_unref) X(av_dict_free) X(av_dict_set) \
  X(av_dict_set_int) X(av_div_q) X(av_frame_alloc) X(av_frame_copy_props) X(av_frame_free) \
  X(av_frame_get_buffer) X(av_frame_make_writable) X(av_frame_unref) X(av_free) X(av_freep) \
  X(av_hwdevice_ctx_create) X(av_hwframe_transfer_data) X(av_image_copy) \
  X(av_image_copy_to_buffer) X(av_log_set_callback) X(av_log_set_level) X(av_malloc) \
  X(av_opt_get_int) X(av_opt_set) X(av_opt_set_int) X(av_rescale_q) X(av_strerror) \
  /* libavcodec */ \
  X(av_packet_alloc) X(av_packet_free) X(av_packet_get_side_data) X(av_packet_move_ref) \
  X(av_packet_rescale_ts) X(av_packet_unref) X(avcodec_alloc_context3) \
  X(avcodec_default_get_format) X(avcodec_find_best_pix_fmt_of_list) \
  X(avcodec_find_encoder_by_name) X(avcodec_flush_buffers) X(avcodec_free_context) \
  X(avcodec_get_class) X(avcodec_get_hw_config) X(avcodec_get_name) X(avcodec_open2) \
  X(avcodec_parameters_copy) X(avcodec_parameters_from_context) X(avcodec_parameters_to_context) \
  X(avcodec_receive_frame) X(avcodec_receive_packet) X(avcodec_send_frame) X(avcodec_send_packet) \
  /* libavformat */ \
  X(av_find_best_stream) X(av_guess_format) X(av_interleaved_write_frame) X(av_read_frame) \
  X(av_seek_frame) X(av_write_trailer) X(avformat_alloc_context) \
  X(avformat_alloc_output_context2) X(avformat_close_input) X(avformat_find_stream_info) \
  X(avformat_free_context) X(avformat_get_class) X(avformat_new_stream) X(avformat_open_input) \
  X(avformat_query_codec) X(avformat_write_header) X(avio_alloc_context) X(avio_context_free) \
  X(avio_flush) X(avio_size) \
  /* libswscale */ \
  X(sws_alloc_context) X(sws_freeContext) X(sws_getCoefficients) X(sws_init_context) X(sws_scale_frame) \
  X(sws_setColorspaceDetails)

namespace shadersort::video {

#define SHADERSORT_DECLARE_FFMPEG_POINTER(name) extern decltype(&::name) name;
SHADERSORT_FFMPEG_FUNCTIONS(SHADERSORT_DECLARE_FFMPEG_POINTER)
#undef SHADERSORT_DECLARE_FFMPEG_POINTER

// Opens libavformat, libavcodec, libswscale and libavutil (the major versions of the headers
// built against) and points every function above at them, once per process; later calls return
// at once. Throws UserError in one line when a library or a function is missing. The reader's
// and the writer's constructors call it, before any thread of theirs can call FFmpeg.
void loadFfmpeg();

}  // namespace shadersort::video
