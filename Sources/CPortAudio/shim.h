#pragma once
#include <portaudio.h>

// PortAudio's flags are casted macros, which Swift does not import.
static const PaSampleFormat sharp9_paFloat32 = paFloat32;
static const PaStreamCallbackFlags sharp9_paOutputUnderflow = paOutputUnderflow;
static const PaStreamCallbackFlags sharp9_paInputOverflow = paInputOverflow;
static const PaStreamFlags sharp9_paClipOff = paClipOff;

#ifdef __linux__
#include <pa_linux_alsa.h>
#include <alsa/asoundlib.h>
#include <string.h>
#endif

// Makes ALSA's PulseAudio PCMs (`pulse`, and `default` where it is PulseAudio) ignore the sound
// server's underruns, in this process's copy of ALSA's configuration (call before
// Pa_Initialize, which reads it; PortAudio frees it again at Pa_Terminate). With the plugin's
// default (`handle_underrun` on) one underrun left the stream in a state where its poll never
// woke, and PortAudio waited out 2048 poll timeouts, 2 s of silence, before it restarted the
// stream, dropping what was buffered. Ignored, an underrun is the gap it was and the stream goes
// on. A `handle_underrun` the user's configuration sets is kept. Returns how many PCMs were
// changed, or ALSA's negative error when its configuration could not be read.
static inline int sharp9_alsaPulseIgnoresUnderruns(void) {
#ifdef __linux__
  int err = snd_config_update();
  if (err < 0) return err;
  if (!snd_config) return 0;
  static const char *const names[] = {"pcm.pulse", "pcm.default"};
  int changed = 0;
  for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
    snd_config_t *pcm, *node;
    const char *type;
    if (snd_config_search(snd_config, names[i], &pcm) < 0) continue;
    if (snd_config_search(pcm, "type", &node) < 0 || snd_config_get_string(node, &type) < 0
        || strcmp(type, "pulse") != 0)
      continue;
    if (snd_config_search(pcm, "handle_underrun", &node) >= 0) continue;
    if (snd_config_imake_integer(&node, "handle_underrun", 0) < 0) continue;
    if (snd_config_add(pcm, node) < 0) {
      snd_config_delete(node);
      continue;
    }
    changed++;
  }
  return changed;
#else
  return 0;
#endif
}

// Asks PortAudio to run the stream's callback thread with SCHED_FIFO (call before
// Pa_StartStream). Only ALSA streams have the switch (PortAudio's default is off there); Core
// Audio's callback thread is real-time already. PaAlsa_EnableRealtimeScheduling casts the stream
// without checking, so the host API is checked here. Returns 1 when the request was made. A
// thread the OS refuses real-time priority (no CAP_SYS_NICE or RLIMIT_RTPRIO) runs as before.
static inline int sharp9_requestRealtimeCallback(PaStream *stream, PaDeviceIndex device) {
#ifdef __linux__
  const PaDeviceInfo *info = Pa_GetDeviceInfo(device);
  if (!info) return 0;
  const PaHostApiInfo *host = Pa_GetHostApiInfo(info->hostApi);
  if (!host || host->type != paALSA) return 0;
  PaAlsa_EnableRealtimeScheduling(stream, 1);
  return 1;
#else
  (void)stream;
  (void)device;
  return 0;
#endif
}
