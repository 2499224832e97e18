"""Settings, signal lengths and targets of the full and quick runs."""

from dataclasses import dataclass

SANITY = (1.0, 0)
"""Speed 1, pitch 0: every tool should pass the input through untouched."""

FULL_SETTINGS = [SANITY, (0.5, 0), (0.75, 0), (0.8, 2), (1.5, -3), (1.0, 3), (1.0, -5)]
"""(speed, semitones) of issue 4."""
QUICK_SETTINGS = [(0.5, 0), (0.8, 2), (1.0, 3)]
"""A slow-down, a combined change and a pure pitch shift: the tuning loop's essentials."""


@dataclass(frozen=True)
class Mode:
    """How much to measure."""

    name: str
    settings: list
    tone_seconds: float
    click_seconds: float
    speech_seconds: float
    music_seconds: float
    timing_seconds: float
    """Length of the stereo music input timed for speed (tiled from the excerpt)."""
    timing_settings: list
    """Settings timed (a subset in the full run: rubberband R3 alone takes minutes)."""
    runs: int
    """Timing runs per tool and setting (the median is reported)."""


FULL = Mode("full", FULL_SETTINGS, 4.0, 4.0, 8.0, 20.0, 30.0,
            [s for s in FULL_SETTINGS if s != SANITY], 3)
QUICK = Mode("quick", QUICK_SETTINGS, 1.5, 2.0, 3.0, 4.0, 5.0, QUICK_SETTINGS, 1)

TARGETS = {
    "pitch_cents": 0.1,
    "spectral_db": 0.3,
    "wobble_pct": 0.1,
    "crest_rel": 0.9,
    "speedup_vs_r2": 3.0,
}
"""Issue 4's targets: |pitch error| <= 0.1 cent, length exact, spectral error <= 0.3 dB,
wobble <= 0.1 %, every burst kept with crest >= 0.9, round trip no worse than rubberband R3's,
at least 3x faster than rubberband's default engine."""

PEER_CLAIMS = {
    "rubberband-r3": {"spectral_db": 0.23, "wobble_pct": 0.05, "crest_rel": 0.93},
    "rubberband-r2": {"realtime_factor": 45.0},
}
"""What issue 4 says the peers reach on this class of machine (for the calibration check)."""
