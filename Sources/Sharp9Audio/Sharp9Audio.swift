/// Audio for sharp9: libsndfile I/O, waveform peaks, the time-stretch and pitch engine, and the
/// offline renderer.
public enum Sharp9Audio {}
