"""Side-by-side quality and speed benchmark of time-stretch / pitch-shift engines (issue 4).

Run it through ``scripts/bench-stretch.sh``; ``python3 -m bench_stretch --help`` lists the options.
"""
