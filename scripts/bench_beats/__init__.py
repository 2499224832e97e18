"""The beat-tracking benchmark (issue 23): sharp9 beats against aubio and librosa."""
