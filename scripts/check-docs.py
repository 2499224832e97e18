#!/usr/bin/env python3
"""Checks that the README's commands and the docs' links work. Python standard library only.

    python3 scripts/check-docs.py [SHARP9]     # or SHARP9_BIN=path python3 scripts/check-docs.py

SHARP9 is the built sharp9 binary (default: $SHARP9_BIN, else .build/debug/sharp9). Checked, in
README.md, CHANGELOG.md and docs/**/*.md:

- every relative link (and image) resolves to a file or folder of the repository, and every
  `#anchor` to a heading of the target file, by GitHub's rules (lower case, punctuation dropped,
  spaces to hyphens, -1, -2, ... for repeated headings);
- every `sharp9 ...` command line in a fenced code block (sh, bash, shell, console or no
  language) names a real subcommand and only options that subcommand has, as
  `sharp9 --experimental-dump-help` describes them (swift-argument-parser's ToolInfo JSON);
- every exit status the text names ("status 65") is one `sharp9 --help` lists;
- every `scripts/...` path mentioned exists;
- README.md is at most 300 lines.

Prints one line per problem (`FILE:LINE: what`) and exits 1 if there is any.
"""

import json
import os
import re
import shlex
import subprocess
import sys
import unicodedata
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README_MAX_LINES = 300
# Options swift-argument-parser adds to the root command without listing them in the dump.
BUILTIN_ROOT_OPTIONS = {"--generate-completion-script": True, "--experimental-dump-help": False}
SHELL_LANGUAGES = {"", "sh", "bash", "shell", "console", "zsh"}
SEPARATORS = {"|", "||", "&&", ";", "&", "|&"}
WRAPPERS = {"sudo", "time", "env", "exec", "nice", "command", "then", "do", "!"}

problems = []


def problem(path, line, message):
    problems.append(f"{os.path.relpath(path, ROOT)}:{line}: {message}")


# Markdown --------------------------------------------------------------------------------------


class Document:
    """A Markdown file split into prose (code blocks blanked) and fenced code blocks."""

    def __init__(self, path):
        self.path = path
        with open(path, encoding="utf-8") as file:
            self.text = file.read()
        self.lines = self.text.split("\n")
        self.blocks = []  # (language, [(line number, text)])
        prose = []
        fence = None
        for number, line in enumerate(self.lines, 1):
            match = re.match(r"^ {0,3}(`{3,}|~{3,})\s*([\w+-]*)", line)
            if fence is None and match:
                fence = match.group(1)
                self.blocks.append((match.group(2).lower(), []))
                prose.append("")
            elif fence is not None and line.strip().startswith(fence) and not line.strip(fence[0]).strip():
                fence = None
                prose.append("")
            elif fence is not None:
                self.blocks[-1][1].append((number, line))
                prose.append("")
            else:
                prose.append(line)
        self.prose = "\n".join(prose)
        self._anchors = None

    def line_of(self, offset):
        return self.prose.count("\n", 0, offset) + 1

    def anchors(self):
        if self._anchors is None:
            self._anchors = set()
            seen = {}
            for line in self.prose.split("\n"):
                match = re.match(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
                if match:
                    base = slug(match.group(1))
                    count = seen.get(base, 0)
                    seen[base] = count + 1
                    self._anchors.add(base if count == 0 else f"{base}-{count}")
            for match in re.finditer(r"<a\s[^>]*(?:name|id)=\"([^\"]+)\"", self.prose):
                self._anchors.add(match.group(1))
        return self._anchors


def slug(heading):
    """GitHub's anchor for a heading: its text as rendered, lower case, punctuation dropped."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links and images: their text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.replace("`", "").lower()
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if char in " -_" or category[0] in "LNM":
            kept.append(char)
    return "".join(kept).replace(" ", "-")


def without_code_spans(text):
    """`text` with inline code spans replaced by x's of the same length (offsets kept)."""
    return re.sub(r"(`+)(.+?)\1", lambda m: "x" * len(m.group(0)), text, flags=re.S)


# Links -----------------------------------------------------------------------------------------

documents = {}


def document(path):
    if path not in documents:
        documents[path] = Document(path)
    return documents[path]


def check_links(doc):
    prose = without_code_spans(doc.prose)
    targets = []
    for match in re.finditer(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)", prose):
        targets.append((match.start(), match.group(1)))
    for match in re.finditer(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", prose, flags=re.M):
        targets.append((match.start(), match.group(1)))
    for match in re.finditer(r"<(?:a|img)\s[^>]*(?:href|src)=\"([^\"]+)\"", prose):
        targets.append((match.start(), match.group(1)))
    for offset, target in targets:
        check_link(doc, doc.line_of(offset), target)
    return len(targets)


def check_link(doc, line, target):
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
        return  # http:, https:, mailto: ...
    path, _, anchor = target.partition("#")
    path = urllib.parse.unquote(path)
    if not path:
        resolved = doc.path
    elif path.startswith("/"):
        resolved = os.path.normpath(os.path.join(ROOT, path.lstrip("/")))
    else:
        resolved = os.path.normpath(os.path.join(os.path.dirname(doc.path), path))
    if os.path.relpath(resolved, ROOT).startswith(".."):
        problem(doc.path, line, f"link {target}: points outside the repository")
        return
    if not os.path.exists(resolved):
        problem(doc.path, line, f"link {target}: no such file {os.path.relpath(resolved, ROOT)}")
        return
    if not anchor:
        return
    if os.path.isdir(resolved):
        resolved = os.path.join(resolved, "README.md")
    if not resolved.endswith(".md") or not os.path.exists(resolved):
        return  # anchors into code (#L10) are GitHub's line numbers
    if urllib.parse.unquote(anchor) not in document(resolved).anchors():
        problem(
            doc.path, line,
            f"link {target}: no heading #{anchor} in {os.path.relpath(resolved, ROOT)}")


# Commands --------------------------------------------------------------------------------------


def load_commands(binary):
    """The root command of `sharp9 --experimental-dump-help`: {name, options, subcommands}."""
    dump = json.loads(run(binary, "--experimental-dump-help"))

    def command(info):
        options = {}
        for argument in info.get("arguments", []):
            takes_value = argument.get("kind") == "option"
            for name in argument.get("names") or []:
                prefix = "-" if name["kind"] == "short" else "--"
                options[prefix + name["name"]] = takes_value
        return {
            "name": info["commandName"],
            "options": options,
            "subcommands": {
                sub["commandName"]: command(sub) for sub in info.get("subcommands", [])},
        }

    root = command(dump["command"])
    root["options"].update(BUILTIN_ROOT_OPTIONS)
    return root


def exit_statuses(binary):
    """The codes of the exit status table `sharp9 --help` prints."""
    codes = set()
    in_table = False
    for line in run(binary, "--help").split("\n"):
        if re.search(r"exit status", line, re.I):
            in_table = True
        elif in_table and re.match(r"^\s+(\d+)\s+\S", line):
            codes.add(int(re.match(r"^\s+(\d+)", line).group(1)))
        elif in_table and codes and not line.startswith(" " * 5):
            break
    return codes


def run(binary, *arguments):
    result = subprocess.run([binary, *arguments], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{binary} {' '.join(arguments)} exited {result.returncode}")
    return result.stdout


def command_lines(doc):
    """(line number, text) of each shell line in the fenced blocks, continuations joined."""
    for language, lines in doc.blocks:
        if language not in SHELL_LANGUAGES:
            continue
        pending, start = "", None
        for number, text in lines:
            if language == "console":
                if not pending and not text.startswith("$ "):
                    continue
                if not pending:
                    text = text[2:]
            if start is None:
                start = number
            if text.rstrip().endswith("\\"):
                pending += text.rstrip()[:-1] + " "
                continue
            yield start, pending + text
            pending, start = "", None


def check_commands(doc, root):
    count = 0
    for line, text in command_lines(doc):
        try:
            lexer = shlex.shlex(text, posix=True)
            lexer.whitespace_split = True
            lexer.commenters = "#"
            tokens = list(lexer)
        except ValueError as error:
            if "sharp9" in text:
                problem(doc.path, line, f"cannot read the command line ({error}): {text.strip()}")
            continue
        for words in commands_in(tokens):
            if os.path.basename(words[0]) == "sharp9":
                count += 1
                check_sharp9(doc, line, words[1:], root)
            for word in words[1:]:
                if word.startswith("sharp9 "):  # a command inside an argument (minimize --until)
                    nested = shlex.split(word, comments=True)
                    for inner in commands_in(nested):
                        if inner[0] == "sharp9":
                            count += 1
                            check_sharp9(doc, line, inner[1:], root)
    return count


def commands_in(tokens):
    """The simple commands of a tokenized shell line: each a list of words, redirections and
    environment assignments left out. A `|` followed by an option continues the command (a
    usage synopsis's alternatives, `--until CMD | --invariant`)."""
    commands, words, skip = [], [], False
    for index, token in enumerate(tokens):
        if skip:
            skip = False
            continue
        following = tokens[index + 1] if index + 1 < len(tokens) else ""
        if token in SEPARATORS:
            if token == "|" and following.lstrip("[").startswith("-"):
                continue
            if words:
                commands.append(words)
            words = []
            continue
        redirection = re.match(r"^\d*(>>?|<<?|>&|<&|&>)(.*)$", token)
        if redirection:
            skip = redirection.group(2) == ""
            continue
        if not words and (re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", token) or token in WRAPPERS):
            continue
        words.append(token)
    if words:
        commands.append(words)
    return commands


def check_sharp9(doc, line, arguments, root):
    command, index = root, 0
    shown = "sharp9 " + " ".join(arguments)
    # Options of the root, then the subcommand (and any nested subcommand).
    while index < len(arguments):
        token = arguments[index].strip("[]")
        if token.startswith("-") and token != "-":
            name = token.split("=", 1)[0]
            if name not in command["options"]:
                problem(doc.path, line, f"sharp9 has no option {name}: {shown}")
                return
            index += 2 if command["options"][name] and "=" not in token else 1
            continue
        if not command["subcommands"]:
            break
        if token not in command["subcommands"]:
            problem(doc.path, line, f"sharp9 has no subcommand {token!r}: {shown}")
            return
        command = command["subcommands"][token]
        index += 1
        if command["subcommands"]:
            continue
        break
    check_options(doc, line, command, arguments[index:], shown)


def check_options(doc, line, command, arguments, shown):
    index = 0
    name_of = f"sharp9 {command['name']}"
    while index < len(arguments):
        token = arguments[index].strip("[]")
        index += 1
        if token == "--":
            return
        if token.startswith("--"):
            name = token.split("=", 1)[0]
            if name not in command["options"]:
                problem(doc.path, line, f"{name_of} has no option {name}: {shown}")
            elif command["options"][name] and "=" not in token:
                index += 1
        elif re.match(r"^-[A-Za-z]", token):
            for position, letter in enumerate(token[1:], 1):
                name = "-" + letter
                if name not in command["options"]:
                    problem(doc.path, line, f"{name_of} has no option {name}: {shown}")
                    break
                if command["options"][name]:
                    if position == len(token) - 1:
                        index += 1
                    break


# Exit statuses, scripts/ paths, length ---------------------------------------------------------


def check_statuses(doc, codes):
    for match in re.finditer(r"\bstatus (\d{1,2})\b", doc.text):
        if int(match.group(1)) not in codes:
            line = doc.text.count("\n", 0, match.start()) + 1
            problem(
                doc.path, line,
                f"exit status {match.group(1)} is not in the table of `sharp9 --help`")


def check_script_paths(doc):
    for match in re.finditer(r"(?<![\w./-])(?:\./)?(scripts/[\w./-]*\w)", doc.text):
        path = match.group(1)
        if os.path.exists(os.path.join(ROOT, path)):
            continue
        line = doc.text.count("\n", 0, match.start()) + 1
        problem(doc.path, line, f"{path}: no such file")


def main():
    binary = (sys.argv[1] if len(sys.argv) > 1 else None) or os.environ.get("SHARP9_BIN") \
        or os.path.join(ROOT, ".build", "debug", "sharp9")
    paths = [os.path.join(ROOT, "README.md")]
    if os.path.exists(os.path.join(ROOT, "CHANGELOG.md")):
        paths.append(os.path.join(ROOT, "CHANGELOG.md"))
    for folder, _, files in sorted(os.walk(os.path.join(ROOT, "docs"))):
        paths += [os.path.join(folder, name) for name in sorted(files) if name.endswith(".md")]

    try:
        root = load_commands(binary)
        codes = exit_statuses(binary)
    except (OSError, RuntimeError, ValueError, KeyError) as error:
        print(f"check-docs: cannot read sharp9's help from {binary}: {error}", file=sys.stderr)
        return 1
    if not codes:
        problem(binary, 0, "found no exit status table in `sharp9 --help`")

    links = commands = 0
    for path in paths:
        doc = document(path)
        links += check_links(doc)
        commands += check_commands(doc, root)
        check_statuses(doc, codes)
        check_script_paths(doc)
    readme = document(paths[0])
    length = len(readme.text.rstrip("\n").split("\n"))
    if length > README_MAX_LINES:
        problem(readme.path, length, f"README.md has {length} lines; at most {README_MAX_LINES}")

    for line in problems:
        print(line)
    if problems:
        return 1
    print(f"check-docs: {len(paths)} files, {links} links, {commands} sharp9 command lines: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
