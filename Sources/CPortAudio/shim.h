#pragma once
#include <portaudio.h>

// PortAudio's flags are casted macros, which Swift does not import.
static const PaSampleFormat sharp9_paFloat32 = paFloat32;
static const PaStreamCallbackFlags sharp9_paOutputUnderflow = paOutputUnderflow;
static const PaStreamFlags sharp9_paClipOff = paClipOff;
