#pragma once
#include <portaudio.h>

// PortAudio's flags are casted macros, which Swift does not import.
static const PaSampleFormat sharp9_paFloat32 = paFloat32;
static const PaStreamCallbackFlags sharp9_paOutputUnderflow = paOutputUnderflow;
static const PaStreamCallbackFlags sharp9_paInputOverflow = paInputOverflow;
static const PaStreamFlags sharp9_paClipOff = paClipOff;

#ifdef __linux__
#include <pa_linux_alsa.h>
#endif

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
