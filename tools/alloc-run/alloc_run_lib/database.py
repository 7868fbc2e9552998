"""The compile database: its entries as units to analyse, with their
commands split as a shell would."""

import json
import os
import re

from .usage import fail_usage


PLAIN_RUN = re.compile(r'[^\s\'"\\]+')
SPACE_RUN = re.compile(r'\s+')


def split_command(command):
    """A compile command's words, as clang's JSON compilation database splits
    it (POSIX rules: quotes, backslash escapes). shlex.split builds a word a
    character at a time, which is quadratic: one 1.5 MB -D took it 27 s."""
    words, pieces, in_word, i, n = [], [], False, 0, len(command)
    while i < n:
        char = command[i]
        if char.isspace():
            if in_word:
                words.append(''.join(pieces))
                pieces, in_word = [], False
            i = SPACE_RUN.match(command, i).end()
            continue
        in_word = True
        if char == "'":
            end = command.find("'", i + 1)
            end = n if end < 0 else end
            pieces.append(command[i + 1:end])
            i = end + 1
        elif char == '"':
            i += 1
            while i < n and command[i] != '"':
                if command[i] == '\\' and i + 1 < n:
                    i += 1
                j = i + 1
                # A run without quote or backslash is copied at once.
                while j < n and command[j] not in '"\\':
                    j += 1
                pieces.append(command[i:j])
                i = j
            i += 1
        elif char == '\\':
            pieces.append(command[i + 1:i + 2])
            i += 2
        else:
            end = PLAIN_RUN.match(command, i).end()
            pieces.append(command[i:end])
            i = end
    if in_word:
        words.append(''.join(pieces))
    return words


class Unit:
    """One entry of compile_commands.json. A relative "directory" (which
    the format does not define) is relative to \p db_dir, the folder of
    compile_commands.json after its symbolic links are followed, as
    alloc-tidy resolves it (tools/CompileDatabaseDirectories.h)."""

    def __init__(self, entry, db_dir):
        self.directory = os.path.normpath(
            os.path.join(db_dir, entry.get('directory', db_dir)))
        self.file = os.path.normpath(
            os.path.join(self.directory, entry['file']))
        if 'arguments' in entry:
            self.arguments = list(entry['arguments'])
        else:
            self.arguments = split_command(entry.get('command', ''))


def load_database(build_dir):
    path = os.path.join(build_dir, 'compile_commands.json')
    if not os.path.isfile(path):
        fail_usage(f"no compilation database (compile_commands.json) in "
                   f"'{build_dir}'; generate one, e.g. with cmake "
                   f"-DCMAKE_EXPORT_COMPILE_COMMANDS=ON")
    try:
        with open(path, encoding='utf-8') as f:
            entries = json.load(f)
    except (OSError, ValueError) as e:
        fail_usage(f"cannot read '{path}' ({e})")
    if not isinstance(entries, list):
        fail_usage(f"'{path}' is not a list of compile commands")
    units = {}
    for entry in entries:
        if not isinstance(entry, dict) or 'file' not in entry:
            fail_usage(f"'{path}' has an entry without a file: {entry!r}")
        if 'command' not in entry and 'arguments' not in entry:
            fail_usage(f"'{path}' has an entry without a command or "
                       f"arguments: {entry['file']!r}")
        unit = Unit(entry, os.path.dirname(os.path.realpath(path)))
        units.setdefault(unit.file, unit)  # clang-tidy uses the first one
    return list(units.values())
