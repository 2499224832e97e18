"""Turns `sharp9 --experimental-dump-help` (swift-argument-parser's ToolInfo JSON, on stdin) into
a man(7) page on stdout. Usage: manpage.py VERSION-LINE < help.json > sharp9.1

Only what the help model holds goes in: every command's abstract and discussion, its usage, and
its arguments, options and flags with their help and defaults. Nothing is dated, so the page is
the same bytes for the same binary."""
import json
import sys


def roff(text):
    """Escapes text for roff: backslashes, a line starting with a control character, and every
    non-ASCII character as a groff Unicode escape (\\[u2026]), so the page needs no preconv."""
    lines = []
    for line in text.replace("\\", "\\e").split("\n"):
        line = line.replace("-", "\\-")
        line = "".join(c if ord(c) < 128 else f"\\[u{ord(c):04X}]" for c in line)
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def paragraphs(text):
    """A help text's paragraphs (separated by blank lines) as .PP blocks; indented lines and
    tables (columns aligned with spaces) kept as they are (.nf), as the help prints them."""
    out = []
    for block in text.strip().split("\n\n"):
        lines = block.split("\n")
        tabular = len(lines) > 1 and any("  " in line.strip() for line in lines)
        if tabular or all(line.startswith("  ") for line in lines if line.strip()):
            out += [".PP", ".nf", roff("\n".join(lines)), ".fi"]
        else:
            out += [".PP", roff(" ".join(line.strip() for line in lines))]
    return out


def name_text(name):
    dash = "--" if name["kind"] == "long" else "-"
    return dash + name["name"]


def argument_label(argument):
    value = argument.get("valueName") or "value"
    if argument["kind"] == "positional":
        label = "<" + value + ">"
    else:
        names = ", ".join(name_text(n) for n in argument.get("names", []))
        label = names if argument["kind"] == "flag" else names + " <" + value + ">"
    if argument.get("isRepeating"):
        label += " ..."
    return label


def command_section(command, path, heading):
    out = [heading + " " + roff(" ".join(path))]
    if command.get("abstract"):
        out += [".PP", roff(command["abstract"])]
    # --help and --version are on every command; the OPTIONS section names them once.
    arguments = [
        a for a in command.get("arguments", [])
        if a.get("shouldDisplay", True)
        and (a.get("preferredName") or {}).get("name") not in ("help", "version")
    ]
    usage = " ".join(path)
    for argument in arguments:
        label = argument_label(argument)
        usage += " " + (("[" + label + "]") if argument.get("isOptional") else label)
    out += [".PP", ".B Usage:", ".br", roff(usage)]
    if command.get("discussion"):
        out += paragraphs(command["discussion"])
    for argument in arguments:
        out += [".TP", ".B " + roff(argument_label(argument))]
        text = argument.get("abstract") or ""
        if argument.get("defaultValue") not in (None, ""):
            text += " (default: " + argument["defaultValue"] + ")"
        out.append(roff(text.strip()) if text.strip() else "\\&")
        if argument.get("discussion"):
            out.append(roff(argument["discussion"].strip()))
    return out


def main():
    version = sys.argv[1]
    tool = json.load(sys.stdin)["command"]
    name = tool["commandName"]
    out = [
        '.TH "%s" "1" "" "%s" "User Commands"' % (name.upper(), roff(version)),
        ".SH NAME",
        roff(name) + " \\- " + roff(tool.get("abstract", "")),
        ".SH SYNOPSIS",
        ".B " + roff(name),
        ".I command",
        "[options]",
    ]
    if tool.get("discussion"):
        out += [".SH DESCRIPTION"] + paragraphs(tool["discussion"])
    root_arguments = [a for a in tool.get("arguments", []) if a.get("shouldDisplay", True)]
    if root_arguments:
        out.append(".SH OPTIONS")
        for argument in root_arguments:
            out += [".TP", ".B " + roff(argument_label(argument)), roff(argument.get("abstract", ""))]
    out.append(".SH COMMANDS")

    def walk(command, path):
        for sub in command.get("subcommands", []) or []:
            if not sub.get("shouldDisplay", True) or sub["commandName"] == "help":
                continue
            out.extend(command_section(sub, path + [sub["commandName"]], ".SS"))
            walk(sub, path + [sub["commandName"]])

    walk(tool, [name])
    out += [".SH SEE ALSO", "docs/ in the sharp9 sources; " + roff(name) + " help COMMAND."]
    sys.stdout.write("\n".join(out) + "\n")


main()
