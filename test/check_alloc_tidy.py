#!/usr/bin/env python3
"""Run clang-tidy front ends on a lit test and check their output.

Used from lit tests as

  // RUN: %check_alloc_tidy %s CHECKS %t [RUNNER OPTIONS] \\
  // RUN:   [-- TIDY ARGS [-- COMPILER ARGS]]

where the lit substitution %check_alloc_tidy supplies the front ends, the
compiler and FileCheck. The full command line is

  check_alloc_tidy.py --front-end NAME=CMD [--front-end NAME=CMD ...]
                      --clangxx PATH --filecheck PATH
                      SOURCE CHECKS TMP
                      [-check-suffix=S | -check-suffixes=A,B]
                      [--no-compile-fixed] [--prepare CMD]
                      [-- TIDY ARGS [-- COMPILER ARGS]]

CMD is a command line (split like a POSIX shell would) that runs clang-tidy,
e.g. "plugin=clang-tidy --load=libAllocTidyModule.so" or
"alloc-tidy=build/bin/alloc-tidy". CHECKS is a clang-tidy check list; it is
run as --checks=-*,CHECKS.

Check prefixes in SOURCE:

  CHECK-MESSAGES  matched against the clang-tidy output with notes (and
                  their source snippets) removed; any other warning or error
                  fails the test.
  CHECK-NOTES     matched against the full clang-tidy output; any other note,
                  warning or error fails the test. With -fix, clang-tidy
                  adds "note: FIX-IT applied suggested code changes" for
                  every fix, so those notes have to be checked too.
  CHECK-FIXES     matched (with --strict-whitespace) against the file after
                  clang-tidy applied its fixes.

With -check-suffix=S the prefixes are CHECK-MESSAGES-S, CHECK-NOTES-S and
CHECK-FIXES-S (and the unsuffixed ones are ignored). -check-suffixes=A,B
activates several suffixes at once: each kind runs one FileCheck with all
of its suffixed prefixes that occur in SOURCE (--check-prefixes=X-A,X-B).

Without CHECK-MESSAGES and CHECK-NOTES lines the test is a negative test:
the output must contain no warning or error at all. Without CHECK-FIXES
lines the test expects no fix-it: the fixed file must equal the input.

The steps, for each front end in turn:

 1. Write a clean copy of SOURCE to TMP.<ext> (ext of SOURCE) in which every
    "// CHECK-MESSAGES...:", "// CHECK-NOTES...:" and "// CHECK-FIXES...:"
    comment is cut down to "//": line numbers stay, and the CHECK-FIXES
    patterns cannot match themselves.
 2. Check that each check named in CHECKS (without wildcards) is enabled.
    With --prepare, CMD (split like a POSIX shell would) runs after each
    clean copy is written, for inputs that depend on its exact contents
    (a heapcount profile records the hash of the file it profiled).
 3. Run CMD TMP.<ext> -fix --quiet --checks=-*,CHECKS TIDY ARGS --
    COMPILER ARGS -I<directory of SOURCE>. --config={} is added unless the
    tidy args choose a configuration (so no .clang-tidy file of a parent
    directory is used), -std=c++17 unless the compiler args choose a
    standard. The output is stdout followed by stderr. A non-zero exit
    status or an error diagnostic fails the test.
 4. Check messages, notes and fixes as described above.
 5. Unless --no-compile-fixed is given and if clang-tidy changed the file,
    compile the fixed file with CLANGXX -fsyntax-only COMPILER ARGS.

Finally all front ends must agree: same output and same fixed file.

For debugging, TMP.<frontend>.out (the output), TMP.<frontend>.messages
(the output without notes) and TMP.<frontend>.fixed.<ext> (the fixed file)
are kept.

Every failure prints "check_alloc_tidy: error: ..." with the command and
its output on stderr and exits with status 1.
"""

import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass

PROG = 'check_alloc_tidy'

# The text of a check comment, which the clean copy cuts down to "//".
CHECK_COMMENT_RE = re.compile(
    r'//[ \t]*CHECK-(?:MESSAGES|NOTES|FIXES)[\w-]*:[^\r\n]*')

# A diagnostic line: "file:line:col: severity: text".
DIAGNOSTIC_RE = re.compile(
    r'^(?P<file>.+?):\d+:\d+: (?P<severity>warning|error|note|remark|'
    r'fatal error): ')

# A line of a source snippet below a diagnostic: "  12 | code" or
# "     |    ^~~~".
SUMMARY_RE = re.compile(r'^(\d+ (warning|error)s? generated|Suppressed \d+ )')

# FileCheck directives a prefix can carry: CHECK-MESSAGES-NEXT: etc.
DIRECTIVE_SUFFIX = r'(?:-(?:NEXT|SAME|NOT|DAG|LABEL|EMPTY|COUNT-\d+))?:'

SUFFIX_RE = re.compile(r'^[A-Za-z0-9_-]+$')


class TestFailure(Exception):
    """A failed test: what went wrong, the command and its output."""

    def __init__(self, what, command=None, output=''):
        super().__init__(what)
        self.what = what
        self.command = command
        self.output = output

    def report(self):
        lines = [f'{PROG}: error: {self.what}']
        if self.command:
            lines.append(f'command: {shlex.join(self.command)}')
        if self.output:
            lines.append('------ output ------')
            lines.append(self.output.rstrip('\n'))
            lines.append('--------------------')
        return '\n'.join(lines) + '\n'


@dataclass
class FrontEnd:
    name: str
    command: list


@dataclass
class Options:
    front_ends: list
    clangxx: str
    filecheck: str
    source: str
    checks: str
    tmp: str
    suffixes: list
    compile_fixed: bool
    prepare: list
    tidy_args: list
    compiler_args: list


@dataclass
class Result:
    """What one front end produced."""
    front_end: FrontEnd
    command: list
    output: str
    fixed: bytes


# --- command line ----------------------------------------------------------

def split_at_double_dash(args):
    """Split ARGS at the first '--' into (before, after or [])."""
    if '--' in args:
        i = args.index('--')
        return args[:i], args[i + 1:]
    return args, []


class ArgumentParser(argparse.ArgumentParser):
    """An argument parser that fails like the rest of the runner."""

    def error(self, message):
        raise TestFailure(f'{message}\n{self.format_usage().rstrip()}')


def parse_front_end(text):
    name, sep, command = text.partition('=')
    if not sep or not re.match(r'^[\w.+-]+$', name) or not command.strip():
        raise argparse.ArgumentTypeError(
            f'expected NAME=COMMAND with a simple NAME, got {text!r}')
    return FrontEnd(name, shlex.split(command))


def parse_suffixes(args):
    if args.check_suffix is not None:
        suffixes = [args.check_suffix]
    elif args.check_suffixes is not None:
        suffixes = args.check_suffixes.split(',')
    else:
        return ['']
    for suffix in suffixes:
        if not SUFFIX_RE.match(suffix):
            raise TestFailure(f'invalid check suffix {suffix!r}: use letters, '
                              'digits, "_" and "-"')
    if len(set(suffixes)) != len(suffixes):
        raise TestFailure(f'repeated check suffix in {suffixes}')
    return suffixes


def parse_args(argv):
    runner_args, rest = split_at_double_dash(argv)
    tidy_args, compiler_args = split_at_double_dash(rest)

    parser = ArgumentParser(
        prog=PROG, allow_abbrev=False,
        usage='%(prog)s --front-end NAME=CMD [...] --clangxx PATH '
              '--filecheck PATH SOURCE CHECKS TMP [options] '
              '[-- TIDY ARGS [-- COMPILER ARGS]]')
    parser.add_argument('--front-end', dest='front_ends', action='append',
                        type=parse_front_end, required=True,
                        metavar='NAME=CMD')
    parser.add_argument('--clangxx', required=True)
    parser.add_argument('--filecheck', required=True)
    parser.add_argument('source')
    parser.add_argument('checks')
    parser.add_argument('tmp')
    group = parser.add_mutually_exclusive_group()
    group.add_argument('-check-suffix', '--check-suffix')
    group.add_argument('-check-suffixes', '--check-suffixes')
    parser.add_argument('--no-compile-fixed', dest='compile_fixed',
                        action='store_false')
    parser.add_argument('--prepare', default=None, metavar='CMD')
    args = parser.parse_args(runner_args)

    names = [f.name for f in args.front_ends]
    if len(set(names)) != len(names):
        parser.error(f'front end names must differ: {names}')

    return Options(front_ends=args.front_ends, clangxx=args.clangxx,
                   filecheck=args.filecheck, source=args.source,
                   checks=args.checks, tmp=args.tmp,
                   suffixes=parse_suffixes(args),
                   compile_fixed=args.compile_fixed,
                   prepare=shlex.split(args.prepare) if args.prepare else None,
                   tidy_args=tidy_args,
                   compiler_args=complete_compiler_args(args.source,
                                                        compiler_args))


def complete_compiler_args(source, compiler_args):
    args = list(compiler_args)
    if not any(a.startswith(('-std=', '--std=')) for a in args):
        args.append('-std=c++17')
    args.append('-I' + (os.path.dirname(os.path.abspath(source))))
    return args


# --- the source and its check lines ----------------------------------------

def prefix_name(kind, suffix):
    return f'CHECK-{kind}-{suffix}' if suffix else f'CHECK-{kind}'


def used_prefixes(source_text, kind, suffixes):
    """The prefixes of KIND for SUFFIXES that occur in SOURCE_TEXT."""
    used = []
    for suffix in suffixes:
        prefix = prefix_name(kind, suffix)
        pattern = r'(?<![\w-])' + re.escape(prefix) + DIRECTIVE_SUFFIX
        if re.search(pattern, source_text):
            used.append(prefix)
    return used


def clean_copy(source_bytes):
    """SOURCE_BYTES with the text of every check comment removed."""
    text = source_bytes.decode('utf-8', errors='surrogateescape')
    text = CHECK_COMMENT_RE.sub('//', text)
    return text.encode('utf-8', errors='surrogateescape')


def tmp_paths(options, front_end=None):
    """The test file, and the files kept for FRONT_END, as a dict."""
    ext = os.path.splitext(options.source)[1]
    paths = {'input': options.tmp + ext}
    if front_end:
        base = f'{options.tmp}.{front_end.name}'
        paths['out'] = base + '.out'
        paths['messages'] = base + '.messages'
        paths['notes'] = base + '.notes'
        paths['fixed'] = base + '.fixed' + ext
    return paths


def read_bytes(path):
    with open(path, 'rb') as f:
        return f.read()


def write_bytes(path, data):
    with open(path, 'wb') as f:
        f.write(data)


def write_text(path, text):
    with open(path, 'w', encoding='utf-8', errors='surrogateescape',
              newline='') as f:
        f.write(text)


# --- running tools ---------------------------------------------------------

def run(command):
    """Run COMMAND; return (exit status, stdout followed by stderr)."""
    print(f'{PROG}: running: {shlex.join(command)}', flush=True)
    try:
        proc = subprocess.run(command, stdin=subprocess.DEVNULL,
                              capture_output=True)
    except OSError as e:
        raise TestFailure(f'cannot run {command[0]}: {e.strerror}', command)
    output = proc.stdout + proc.stderr
    return proc.returncode, output.decode('utf-8', errors='surrogateescape')


def tidy_options(options):
    """--checks, the tidy args, and --config={} unless they choose one."""
    args = [f'--checks=-*,{options.checks}'] + options.tidy_args
    # Also matches --config-file=, which conflicts with --config.
    if not any(a.startswith(('-config', '--config'))
               for a in options.tidy_args):
        args.append('--config={}')
    # clang-tidy 22 reports (and fixes) headers by default, 19 does not. Keep
    # both to the test file, so -fix never rewrites a header in the source
    # tree and the two versions agree.
    if not any(a.startswith(('-header-filter', '--header-filter'))
               for a in options.tidy_args):
        args.append('--header-filter=^$')
    return args


def tidy_command(front_end, options, input_path):
    return (front_end.command + [input_path, '-fix', '--quiet'] +
            tidy_options(options) + ['--'] + options.compiler_args)


def check_checks_enabled(front_end, options):
    """Fail when a check named in CHECKS is unknown to FRONT_END.

    A misspelt check, or a plugin that did not register its checks, would
    otherwise turn every test into a passing negative test.
    """
    command = front_end.command + ['--list-checks'] + tidy_options(options)
    status, output = run(command)
    enabled = {line.strip() for line in output.splitlines()
               if line.startswith('    ')}
    wanted = [c.strip() for c in options.checks.split(',')]
    missing = [c for c in wanted
               if c and not c.startswith('-') and '*' not in c
               and c not in enabled]
    if status != 0 or missing:
        raise TestFailure(
            f'front end {front_end.name} does not enable '
            f'{", ".join(missing) or options.checks} (misspelt check name, '
            'or the module was not loaded)', command, output)


def run_tidy(front_end, options, clean):
    """Run FRONT_END on a fresh clean copy: (command, output, fixed)."""
    input_path = tmp_paths(options)['input']
    write_bytes(input_path, clean)
    if options.prepare:
        status, output = run(options.prepare)
        if status != 0:
            raise TestFailure(f'--prepare failed with exit status {status}',
                              options.prepare, output)
    command = tidy_command(front_end, options, input_path)
    status, output = run(command)
    kept = tmp_paths(options, front_end)
    write_text(kept['out'], output)
    fixed = read_bytes(input_path)
    write_bytes(kept['fixed'], fixed)

    errors = [line for line in output.splitlines()
              if diagnostic_severity(line) in ('error', 'fatal error')]
    if errors:
        raise TestFailure(f'front end {front_end.name} reported errors: the '
                          'input does not compile or the command is wrong '
                          f'(exit status {status})', command, output)
    if status != 0:
        raise TestFailure(f'front end {front_end.name} failed with exit '
                          f'status {status}', command, output)
    return command, output, fixed


# --- clang-tidy output -----------------------------------------------------

def diagnostic_severity(line):
    match = DIAGNOSTIC_RE.match(line)
    return match.group('severity') if match else None


def strip_notes(output):
    """OUTPUT without note diagnostics and the source snippets below them.

    A note's message can span several lines (a layout table): everything up
    to the next diagnostic belongs to the note, except clang's closing
    "N warnings generated." summary.
    """
    kept = []
    in_note = False
    for line in output.splitlines(keepends=True):
        severity = diagnostic_severity(line)
        if severity is not None:
            in_note = severity == 'note'
        elif in_note and SUMMARY_RE.match(line):
            in_note = False
        if not in_note:
            kept.append(line)
    return ''.join(kept)


def strip_fixit_notes(output):
    """OUTPUT without the "FIX-IT applied suggested code changes" notes.

    clang-tidy adds one per applied fix when run with -fix; they say nothing
    about the check, and the fixes themselves are checked by CHECK-FIXES.
    """
    return ''.join(line for line in output.splitlines(keepends=True)
                   if not line.rstrip().endswith(
                       'note: FIX-IT applied suggested code changes'))


def warnings_and_errors(output):
    return [line for line in output.splitlines()
            if diagnostic_severity(line) in ('warning', 'error',
                                             'fatal error')]


# --- checks ----------------------------------------------------------------

def filecheck(options, prefixes, input_path, extra_args, what):
    command = [options.filecheck, options.source,
               f'--input-file={input_path}', '--allow-empty',
               '--check-prefixes=' + ','.join(prefixes)] + extra_args
    status, output = run(command)
    if status != 0:
        raise TestFailure(what, command, output)


def check_diagnostics(front_end, options, source_text, output):
    kept = tmp_paths(options, front_end)
    messages = used_prefixes(source_text, 'MESSAGES', options.suffixes)
    notes = used_prefixes(source_text, 'NOTES', options.suffixes)

    write_text(kept['messages'], strip_notes(output))
    if messages:
        filecheck(options, messages, kept['messages'],
                  ['--implicit-check-not={{warning|error}}:'],
                  f'CHECK-MESSAGES failed for front end {front_end.name}')
    if notes:
        write_text(kept['notes'], strip_fixit_notes(output))
        filecheck(options, notes, kept['notes'],
                  ['--implicit-check-not={{note|warning|error}}:'],
                  f'CHECK-NOTES failed for front end {front_end.name}')
    if not messages and not notes:
        unexpected = warnings_and_errors(output)
        if unexpected:
            raise TestFailure(
                f'unexpected diagnostics from front end {front_end.name}: '
                'the test has no CHECK-MESSAGES or CHECK-NOTES lines'
                f'{suffix_note(options)}, so it expects none',
                output=output)


def suffix_note(options):
    if options.suffixes == ['']:
        return ''
    return ' for suffix ' + ','.join(options.suffixes)


def check_fixes(front_end, options, source_text, clean, fixed):
    kept = tmp_paths(options, front_end)
    fixes = used_prefixes(source_text, 'FIXES', options.suffixes)
    if fixes:
        filecheck(options, fixes, kept['fixed'], ['--strict-whitespace'],
                  f'CHECK-FIXES failed for front end {front_end.name}')
    elif fixed != clean:
        raise TestFailure(
            f'unexpected fix-it from front end {front_end.name}: the test '
            f'has no CHECK-FIXES lines{suffix_note(options)}, but the file '
            'changed', output=unified_diff(clean, fixed, 'input', 'fixed'))


def check_fixed_compiles(front_end, options):
    input_path = tmp_paths(options)['input']
    command = ([options.clangxx, '-fsyntax-only'] + options.compiler_args +
               [input_path])
    status, output = run(command)
    if status != 0:
        raise TestFailure('the fixed file does not compile (fixes by front '
                          f'end {front_end.name})', command, output)


def unified_diff(a, b, a_name, b_name):
    def lines(data):
        if isinstance(data, bytes):
            data = data.decode('utf-8', errors='replace')
        return data.splitlines(keepends=True)
    diff = difflib.unified_diff(lines(a), lines(b), a_name, b_name)
    return ''.join(line if line.endswith('\n') else line + '\n'
                   for line in diff)


def compare_front_ends(options, results):
    """Fail unless all RESULTS have the same output and fixed file."""
    first = results[0]
    for other in results[1:]:
        a, b = first.front_end.name, other.front_end.name
        diff = unified_diff(first.output, other.output,
                            f'{a}: output', f'{b}: output')
        diff += unified_diff(first.fixed, other.fixed,
                             f'{a}: fixed file', f'{b}: fixed file')
        if diff:
            commands = ''.join(f'{r.front_end.name}: {shlex.join(r.command)}'
                               f'\n' for r in (first, other))
            kept = ', '.join(tmp_paths(options, r.front_end)[key]
                             for r in (first, other)
                             for key in ('out', 'fixed'))
            raise TestFailure(f'front ends disagree: {a} and {b}',
                              output=f'{commands}kept: {kept}\n{diff}')


# --- main ------------------------------------------------------------------

def run_front_end(front_end, options, source_text, clean):
    check_checks_enabled(front_end, options)
    command, output, fixed = run_tidy(front_end, options, clean)
    check_diagnostics(front_end, options, source_text, output)
    check_fixes(front_end, options, source_text, clean, fixed)
    if options.compile_fixed and fixed != clean:
        check_fixed_compiles(front_end, options)
    return Result(front_end, command, output, fixed)


def run_test(options):
    source = read_bytes(options.source)
    source_text = source.decode('utf-8', errors='surrogateescape')
    clean = clean_copy(source)
    tmp_dir = os.path.dirname(os.path.abspath(options.tmp))
    os.makedirs(tmp_dir, exist_ok=True)

    results = [run_front_end(front_end, options, source_text, clean)
               for front_end in options.front_ends]
    compare_front_ends(options, results)


def main(argv):
    try:
        options = parse_args(argv)
        run_test(options)
    except TestFailure as failure:
        sys.stdout.flush()
        sys.stderr.write(failure.report())
        return 1
    except OSError as e:
        sys.stdout.flush()
        sys.stderr.write(f'{PROG}: error: {e}\n')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
