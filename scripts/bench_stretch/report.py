"""Readable tables per setting, a summary against issue 4's targets, and the calibration check."""

import statistics

from .config import PEER_CLAIMS, SANITY, TARGETS

COLUMNS = [
    ("pitch ¢", "pitch_cents", "{:+.3f}"),
    ("len", "length_err", "{:+d}"),
    ("spec dB", "spectral_db", "{:.3f}"),
    ("spur dB", "spurious_db", "{:.1f}"),
    ("wobble %", "wobble_pct", "{:.3f}"),
    ("bursts", "bursts_kept", "{:.0%}"),
    ("crest", "crest_rel", "{:.2f}"),
    ("RT speech", "rt_speech_db", "{:.2f}"),
    ("RT music", "rt_music_db", "{:.2f}"),
    ("RT bright", "rt_bright_db", "{:.2f}"),
    ("CPU s/min", "cpu_s_per_min", "{:.2f}"),
    ("wall s/min", "wall_s_per_min", "{:.2f}"),
    ("× R2", "speedup_vs_r2", "{:.2f}"),
]


def setting_label(setting):
    """'speed 0.8, pitch +2 st'."""
    speed, pitch = setting
    return f"speed {speed:g}, pitch {pitch:+d} st"


def cell(metrics, key, pattern):
    """One formatted value, or '—' when missing."""
    value = metrics.get(key)
    return "—" if value is None else pattern.format(value)


def markdown_table(header, rows):
    """A Markdown table (also readable as plain text)."""
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    line = lambda r: "| " + " | ".join(str(v).ljust(w) for v, w in zip(r, widths)) + " |"
    rule = "| " + " | ".join("-" * w for w in widths) + " |"
    return "\n".join([line(header), rule] + [line(r) for r in rows])


def setting_tables(results, tools, settings):
    """One table per setting: rows are tools, columns the metrics."""
    blocks = []
    for setting in settings:
        rows = []
        for tool in tools:
            metrics = results.get((tool, setting), {})
            if "error" in metrics:
                rows.append([tool, "error: " + metrics["error"][:80]] + [""] * (len(COLUMNS) - 1))
            else:
                rows.append([tool] + [cell(metrics, key, fmt) for _, key, fmt in COLUMNS])
        header = ["tool"] + [title for title, _, _ in COLUMNS]
        blocks.append(f"#### {setting_label(setting)}\n\n" + markdown_table(header, rows))
    return "\n\n".join(blocks)


def aggregate(results, tool, settings):
    """Mean and worst of each metric over the non-identity settings, for one tool."""
    failed = [setting_label(s) for s in settings if "error" in results.get((tool, s), {})]
    values = [results[(tool, s)] for s in settings if s != SANITY and (tool, s) in results]
    values = [v for v in values if "error" not in v]
    if not values:
        return {"failed_settings": failed} if failed else None
    collect = lambda key: [v[key] for v in values if v.get(key) is not None]
    summary = {"settings": len(values), "failed_settings": failed}
    for key in ("spectral_db", "wobble_pct", "crest_rel", "rt_speech_db", "rt_music_db",
                "rt_bright_db", "speedup_vs_r2", "spurious_db"):
        data = collect(key)
        if data:
            summary[key] = statistics.mean(data)
    summary["pitch_worst"] = max(abs(x) for x in collect("pitch_cents"))
    summary["length_worst"] = max(abs(x) for x in collect("length_err"))
    summary["spectral_worst"] = max(collect("spectral_db"))
    summary["wobble_worst"] = max(collect("wobble_pct"))
    summary["crest_worst"] = min(collect("crest_rel"))
    summary["bursts_worst"] = min(collect("bursts_kept"))
    speedups = collect("speedup_vs_r2")
    if speedups:
        summary["speedup_vs_r2"] = statistics.median(speedups)
        summary["speedup_worst"] = min(speedups)
    sanity = results.get((tool, SANITY))
    if sanity and "error" not in sanity:
        summary["passthrough_exact"] = sanity.get("passthrough_exact")
    return summary


def verdicts(summary):
    """Pass/fail of each target for one tool's summary (None when not measurable)."""
    check = lambda ok: "pass" if ok else "FAIL"
    result = {"runs": check(not summary["failed_settings"])}
    if "settings" not in summary:
        return result
    result |= {
        "pitch": check(summary["pitch_worst"] <= TARGETS["pitch_cents"]),
        "length": check(summary["length_worst"] == 0),
        "spectral": check(summary["spectral_db"] <= TARGETS["spectral_db"]),
        "wobble": check(summary["wobble_pct"] <= TARGETS["wobble_pct"]),
        "bursts": check(summary["bursts_worst"] == 1.0
                        and summary["crest_worst"] >= TARGETS["crest_rel"]),
    }
    if "rt_lost" in summary:
        result["roundtrip"] = check(not summary["rt_lost"])
    if "speedup_worst" in summary:
        result["speed"] = check(summary["speedup_worst"] >= TARGETS["speedup_vs_r2"])
    return result


def summary_table(summaries):
    """Per tool: the aggregate figures and pass/fail against the targets."""
    header = ["tool", "pitch max ¢", "len max", "spec dB mean (max)", "wobble % mean (max)",
              "bursts min", "crest min (mean)", "RT speech", "RT music", "RT bright",
              "× R2 median (min)", "passthrough",
              "targets met"]
    rows = []
    for tool, s in summaries.items():
        if s is None:
            continue
        v = verdicts(s)
        missed = [k for k, ok in v.items() if ok != "pass"]
        verdict = f"{len(v) - len(missed)}/{len(v)}" + (
            f" (missed: {', '.join(missed)})" if missed else "")
        if "settings" not in s:
            rows.append([tool, "failed at every setting"] + [""] * (len(header) - 3) + [verdict])
            continue
        rows.append([
            tool, f"{s['pitch_worst']:.3f}", f"{s['length_worst']}",
            f"{s['spectral_db']:.3f} ({s['spectral_worst']:.3f})",
            f"{s['wobble_pct']:.3f} ({s['wobble_worst']:.3f})",
            f"{s['bursts_worst']:.0%}", f"{s['crest_worst']:.2f} ({s['crest_rel']:.2f})",
            f"{s.get('rt_speech_db', float('nan')):.2f}", f"{s.get('rt_music_db', float('nan')):.2f}",
            f"{s.get('rt_bright_db', float('nan')):.2f}",
            f"{s['speedup_vs_r2']:.2f} ({s['speedup_worst']:.2f})" if "speedup_vs_r2" in s else "—",
            {True: "exact", False: "differs", None: "—"}[s.get("passthrough_exact")],
            verdict,
        ])
    table = markdown_table(header, rows)
    failures = [f"- {tool} failed at: {'; '.join(s['failed_settings'])}"
                for tool, s in summaries.items() if s and s.get("failed_settings")]
    failures += [f"- {tool}'s round trip is worse than rubberband R3's at: {'; '.join(s['rt_lost'])}"
                 for tool, s in summaries.items() if s and s.get("rt_lost")]
    return table + ("\n\n" + "\n".join(failures) if failures else "")


def calibration_lines(summaries, timings_r2):
    """The peers' figures next to what issue 4 says they reach on this class of machine."""
    lines = []
    for tool, claims in PEER_CLAIMS.items():
        s = summaries.get(tool)
        if not s:
            continue
        for key, claimed in claims.items():
            if key == "realtime_factor":
                if timings_r2:
                    measured = 60.0 / timings_r2
                    lines.append(f"- {tool} speed: {measured:.1f}x real time on one thread "
                                 f"(issue: about {claimed:g}x)")
            elif key == "crest_rel":
                lines.append(f"- {tool} crest: {s['crest_worst']:.2f} worst setting, "
                             f"{s[key]:.2f} mean (issue: {claimed:g})")
            elif key in s:
                lines.append(f"- {tool} {key}: {s[key]:.3f} mean over settings "
                             f"(issue: {claimed:g})")
    return "\n".join(lines)


ROUNDTRIP_KEYS = [("speech", "rt_speech_db"), ("music", "rt_music_db"), ("bright", "rt_bright_db")]


def mark_roundtrip_losses(summaries, results, tools, settings):
    """Adds `rt_lost` to each summary: every (setting, material) whose round-trip distance is
    above rubberband R3's in the same run (the issue's target is per setting and material)."""
    if "rubberband-r3" not in tools:
        return
    for tool in tools:
        summary = summaries.get(tool)
        if not summary or "settings" not in summary:
            continue
        lost = []
        for setting in settings:
            if setting == SANITY:
                continue
            mine = results.get((tool, setting), {})
            peer = results.get(("rubberband-r3", setting), {})
            for material, key in ROUNDTRIP_KEYS:
                if key in mine and key in peer and round(mine[key], 2) > round(peer[key], 2):
                    lost.append(f"{setting_label(setting)} {material} "
                                f"({mine[key]:.2f} vs {peer[key]:.2f})")
        summary["rt_lost"] = lost


def retention_table(retention):
    """Band retention per tool: +3 st and the +3/-3 round trip on pink noise and the bright
    recording, and the sweep's alias level."""
    header = ["tool", "pink +3: 15–18 / 18–21", "pink RT: 15–18 / 18–21",
              "bright +3: 15–18 / 18–21", "bright RT: 15–18 / 18–21",
              "sweep +5: fold-back / any spurious dB"]
    rows = []
    for tool, levels in retention.items():
        if "error" in levels:
            rows.append([tool, "error: " + levels["error"][:80]] + [""] * (len(header) - 2))
            continue
        pair = lambda name, step: (f"{levels[name][step + '_15_18']:.1f} / "
                                   f"{levels[name][step + '_18_21']:.1f}")
        rows.append([tool, pair("pink", "up"), pair("pink", "rt"), pair("bright", "up"),
                     pair("bright", "rt"), f"{levels['alias_db']:.1f} / {levels['spurious_db']:.1f}"])
    return markdown_table(header, rows)


def quality_table(bands):
    """sharp9's pass- and stopband per --quality (band_run.quality_bands)."""
    header = ["quality", "+3 st: max deviation to 95 % / at 95, 96, 97, 98 %",
              "−3 st: max deviation to 95 % / at 95, 96, 97, 98 %",
              "sweep +5: fold-back / any spurious dB"]
    rows = []
    for quality, row in bands.items():
        cells = []
        for step in ("+3", "-3"):
            edges = ", ".join(f"{row[f'{step}_{edge}']:.1f}" for edge in (0.95, 0.96, 0.97, 0.98))
            cells.append(f"{row[f'{step}_ripple']:.2f} / {edges}")
        rows.append([quality, *cells, f"{row['alias_db']:.1f} / {row['spurious_db']:.1f}"])
    return markdown_table(header, rows)
