#!/usr/bin/env python3
"""Runs every tool of the project on bad input and checks what it says.

  scripts/bad-inputs.py --build BUILD [--llvm-tools DIR] [--filter REGEX]
                        [--check-docs FILE | --write-docs FILE]

Each case gives a tool a bad input (a file that does not parse, a missing
or broken compile database, an option value it cannot take, a program that
crashes under heapcount, ...) and states the exit status and a piece of the
message the user must see. The rule (docs/robustness.md): a clear message
and a non-zero exit, no crash, no hang, nothing that looks like a clean run.
A case fails on another status, a missing message, a crash (a signal,
"Stack dump", "PLEASE submit a bug report", a Python traceback) or a
timeout. Prints one line per failed case and a total, and exits 1 when any
failed.

--write-docs puts the table of cases between the markers
"<!-- bad-inputs:begin -->" and "<!-- bad-inputs:end -->" of FILE;
--check-docs fails when FILE's table is not the one the cases give, so that
the documented list is the tested one.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

BEGIN = '<!-- bad-inputs:begin -->'
END = '<!-- bad-inputs:end -->'
CRASH = re.compile(r'Stack dump:|PLEASE submit a bug report|Traceback '
                   r'\(most recent call last\)|LLVM ERROR:|Assertion .* failed')

CASES = []


def case(tool, what, argv, status, message, files=None, env=None,
         once=False):
    """A bad input: ARGV (placeholders in braces, see Runner.expand) must end
    with STATUS ('non-zero', or a number) and print MESSAGE (a plain
    substring, with {dir} for the case's directory), exactly once if ONCE."""
    CASES.append({'tool': tool, 'what': what, 'argv': argv,
                  'status': status, 'message': message,
                  'files': files or {}, 'env': env or {}, 'once': once})


OK_CPP = 'int main() { return 0; }\n'
BROKEN_CPP = 'int broken( {\n'
DB_OK = ('[{"directory": "{dir}", "file": "ok.cpp", '
         '"command": "{clangxx} -std=c++17 -c ok.cpp"}]')

# --- every alloc-* option, in both clang-tidy front ends --------------------

BOOL_OPTIONS = [
    ('alloc-container-in-loop', 'UnboundedStrings'),
    ('alloc-container-in-loop', 'RareFills'),
    ('alloc-deque-as-array', 'StackAdaptors'),
    ('alloc-deque-as-array', 'WarnWhenReferencesKept'),
    ('alloc-deque-as-array', 'AssumeFirstBlockDequesShort'),
    ('alloc-padding', 'ReorderFixIt'),
    ('alloc-padding', 'ReportAll'),
    ('alloc-padding', 'WarnCRecords'),
    ('alloc-reserve-in-loop', 'UnboundedStrings'),
    ('alloc-reserve-in-loop', 'StraightLineAppends'),
]
COUNT_OPTIONS = [
    ('alloc-padding', 'MinWastedBytes', 8, 1),
    ('alloc-reserve-in-loop', 'MinIterations', 4, 0),
    ('alloc-small-string', 'InlineBufferSize', 16, 2),
    ('alloc-small-vector', 'MaxInlineElements', 8, 1),
    ('alloc-small-vector', 'MaxInlineBytes', 1024, 1),
    ('alloc-small-vector', 'ProfileMinAllocations', 100, 0),
]
ENUM_OPTIONS = [
    ('alloc-padding', 'LayoutNotes', 'Verbose',
     "expected 'None', 'Compact' or 'Full'"),
    ('alloc-small-string', 'LayoutNotes', 'Verbose',
     "expected 'None', 'Compact' or 'Full'"),
    ('alloc-small-vector', 'LayoutNotes', 'Verbose',
     "expected 'None', 'Compact' or 'Full'"),
    ('alloc-deque-as-array', 'TargetSTL', 'windows',
     "expected 'auto', 'libstdc++', 'libc++' or 'msvc'"),
    ('alloc-reserve-in-loop', 'TargetSTL', 'stlport',
     "expected 'auto', 'libstdc++', 'libc++' or 'msvc'"),
    ('alloc-small-string', 'TargetSTL', 'foo',
     "expected 'auto', 'libstdc++', 'libc++' or 'msvc'"),
    ('alloc-small-vector', 'TargetSTL', 'gnu',
     "expected 'auto', 'libstdc++', 'libc++' or 'msvc'"),
    ('alloc-reserve-in-loop', 'ConditionalAppends', 'Always',
     "expected 'Ignore' or 'UpperBound'"),
    ('alloc-small-vector', 'IncludeStyle', 'chromium',
     'expected llvm or google'),
    ('alloc-small-string', 'IncludeStyle', 'mozilla',
     'expected llvm or google'),
    ('alloc-deque-as-array', 'IncludeStyle', 'webkit',
     'expected llvm or google'),
]

for front_end, tidy in (('alloc-tidy', '{tidy}'),
                        ('clang-tidy + plugin', '{plugin_tidy}')):
    def option_case(check, option, value, message):
        case(front_end, f'{check}.{option}: {value}',
             [tidy, '{dir}/ok.cpp', f'--checks=-*,{check}',
              f'--config={{CheckOptions: {{{check}.{option}: "{value}"}}}}',
              '--', '-std=c++17'],
             1, f"invalid value '{value}' for {check}.{option}"
                + (f'; {message}' if message else ''),
             files={'ok.cpp': OK_CPP})

    for check, option in BOOL_OPTIONS:
        for value in ('maybe', '2'):
            option_case(check, option, value,
                        'expected true or false (using false)')
    for check, option, default, low in COUNT_OPTIONS:
        for value in ('lots', '-5', '1.5', str(low - 1) if low else '0x10'):
            option_case(check, option, value,
                        f'expected a whole number from {low} to 4294967295 '
                        f'(using {default})')
    for check, option, value, message in ENUM_OPTIONS:
        option_case(check, option, value, message)
    case(front_end, 'alloc-small-vector.SmallVectorClass: not a class',
         [tidy, '{dir}/ok.cpp', '--checks=-*,alloc-small-vector',
          '--config={CheckOptions: {alloc-small-vector.SmallVectorClass: '
          '"not a class"}}', '--', '-std=c++17'],
         1, "invalid value 'not a class' for alloc-small-vector."
            "SmallVectorClass: 'not a class' is not a qualified class name",
         files={'ok.cpp': OK_CPP})
    case(front_end, 'alloc-small-vector.SmallVectorClass without its header',
         [tidy, '{dir}/ok.cpp', '--checks=-*,alloc-small-vector',
          '--config={CheckOptions: {alloc-small-vector.SmallVectorClass: '
          'my::Vec}}', '--', '-std=c++17'],
         1, "'my::Vec' is not a preset; give its header in "
            "SmallVectorHeader", files={'ok.cpp': OK_CPP})
    case(front_end, 'alloc-small-vector.ProfileCoverage: 1.5',
         [tidy, '{dir}/ok.cpp', '--checks=-*,alloc-small-vector',
          '--config={CheckOptions: {alloc-small-vector.ProfileCoverage: '
          '1.5}}', '--', '-std=c++17'],
         1, "invalid value '1.5' for alloc-small-vector.ProfileCoverage",
         files={'ok.cpp': OK_CPP})
    case(front_end, 'alloc-small-vector.ProfileFile that does not exist',
         [tidy, '{dir}/ok.cpp', '--checks=-*,alloc-small-vector',
          '--config={CheckOptions: {alloc-small-vector.ProfileFile: '
          '{dir}/none.json}}', '--', '-std=c++17'],
         1, "cannot read the heapcount profile '{dir}/none.json'",
         files={'ok.cpp': OK_CPP})
    # The profile options every profile-reading check shares, set globally.
    case(front_end, 'global ProfileFile that does not exist (alloc-reserve-in-loop)',
         [tidy, '{dir}/ok.cpp', '--checks=-*,alloc-reserve-in-loop',
          '--config={CheckOptions: {ProfileFile: {dir}/none.json}}', '--',
          '-std=c++17'],
         1, "cannot read the heapcount profile '{dir}/none.json' "
            "(ProfileFile)",
         files={'ok.cpp': OK_CPP})
    # Read by every alloc-* check, said once.
    case(front_end, 'global ProfileCoverage: 2 (every alloc-* check reads it; said once)',
         [tidy, '{dir}/ok.cpp', '--checks=-*,alloc-*',
          '--config={CheckOptions: {ProfileCoverage: 2}}', '--',
          '-std=c++17'],
         1, "invalid value '2' for ProfileCoverage: expected the share of "
            "allocations to cover", files={'ok.cpp': OK_CPP}, once=True)
    # A relative path is the folder's of the .clang-tidy that gives it.
    case(front_end, 'relative ProfileFile in a .clang-tidy, file missing',
         [tidy, '{dir}/src/ok.cpp', '--checks=-*,alloc-reserve-in-loop',
          '--', '-std=c++17'],
         1, "cannot read the heapcount profile '{dir}/src/none.json' "
            "(ProfileFile)",
         files={'src/ok.cpp': OK_CPP,
                'src/.clang-tidy': "CheckOptions: {ProfileFile: none.json}"})
    case(front_end, 'global MinProfiledAllocations: -3',
         [tidy, '{dir}/ok.cpp', '--checks=-*,alloc-container-in-loop',
          '--config={CheckOptions: {MinProfiledAllocations: -3}}', '--',
          '-std=c++17'],
         1, "invalid value '-3' for MinProfiledAllocations",
         files={'ok.cpp': OK_CPP})
    # One option shared by the member checks: each reads it.
    for check in ('alloc-deque-as-array', 'alloc-small-vector',
                  'alloc-padding'):
        suffix = '' if check == 'alloc-deque-as-array' else f' ({check})'
        case(front_end, 'MemberFactsFile that does not exist' + suffix,
             [tidy, '{dir}/ok.cpp', f'--checks=-*,{check}',
              '--config={CheckOptions: {MemberFactsFile: {dir}/none.json}}',
              '--', '-std=c++17'],
             1, "cannot use the member facts file '{dir}/none.json'",
             files={'ok.cpp': OK_CPP})
    case(front_end, 'MemberFactsFile of another version',
         [tidy, '{dir}/ok.cpp', '--checks=-*,alloc-deque-as-array',
          '--config={CheckOptions: {MemberFactsFile: {dir}/old.json}}',
          '--', '-std=c++17'],
         1, "cannot use the member facts file '{dir}/old.json': it is not "
            "version 2", files={'ok.cpp': OK_CPP,
                                'old.json': '{"version": 0, "members": []}'})
    case(front_end, 'WholeProgramAccess: friends',
         [tidy, '{dir}/ok.cpp', '--checks=-*,alloc-deque-as-array',
          '--config={CheckOptions: {WholeProgramAccess: friends}}',
          '--', '-std=c++17'],
         1, "invalid value 'friends' for WholeProgramAccess; expected "
            "private, protected or public",
         files={'ok.cpp': OK_CPP})
    for check in ('alloc-small-string', 'alloc-reserve-in-loop',
                  'alloc-container-in-loop'):
        case(front_end, f'{check}.ColdFunctions: an invalid regex',
             [tidy, '{dir}/ok.cpp', f'--checks=-*,{check}',
              f'--config={{CheckOptions: {{{check}.ColdFunctions: "(a"}}}}',
              '--', '-std=c++17'],
             1, 'ColdFunctions', files={'ok.cpp': OK_CPP})
    case(front_end, 'alloc-reserve-in-loop.ColdClasses: an invalid regex',
         [tidy, '{dir}/ok.cpp', '--checks=-*,alloc-reserve-in-loop',
          '--config={CheckOptions: {alloc-reserve-in-loop.ColdClasses: "(a"}}',
          '--', '-std=c++17'],
         1, 'ColdClasses', files={'ok.cpp': OK_CPP})
    case(front_end, 'alloc-reserve-in-loop.UntrustedSources: an invalid regex',
         [tidy, '{dir}/ok.cpp', '--checks=-*,alloc-reserve-in-loop',
          '--config={CheckOptions: {alloc-reserve-in-loop.UntrustedSources: '
          '"[z-a]"}}', '--', '-std=c++17'],
         1, 'invalid regular expression in alloc-reserve-in-loop.'
            'UntrustedSources', files={'ok.cpp': OK_CPP})
    case(front_end, 'a file that does not parse',
         [tidy, '{dir}/broken.cpp', '--checks=-*,alloc-*', '--',
          '-std=c++17'],
         1, "error: expected ';' after top level declarator "
            "[clang-diagnostic-error]", files={'broken.cpp': BROKEN_CPP})
    case(front_end, 'a file that does not exist',
         [tidy, '{dir}/missing.cpp', '--checks=-*,alloc-*', '--'],
         1, "no such file or directory: '{dir}/missing.cpp'")
    case(front_end, 'a directory given as the file',
         [tidy, '{dir}', '--checks=-*,alloc-*', '--'],
         1, 'Error while processing')
    case(front_end, 'a binary file',
         [tidy, '{dir}/data.cpp', '--checks=-*,alloc-*', '--'],
         1, 'Error while processing', files={'data.cpp': '\x00\x01\x02\xff'})

# --- compile databases -------------------------------------------------------

BROKEN_DATABASES = [
    ('an object instead of a list',
     '{"directory": "{dir}", "file": "ok.cpp", "command": "c++ ok.cpp"}',
     'Expected array.'),
    ('truncated JSON', '[{"directory": "{dir}", "file": "ok.cpp", "comm',
     'is not a valid compilation database'),
    ('an entry without command or arguments',
     '[{"directory": "{dir}", "file": "ok.cpp"}]',
     'Missing key: "command" or "arguments".'),
    ('text that is not JSON', 'CMake Error: not a database',
     'is not a valid compilation database'),
]
RUN_DATABASE_MESSAGES = {
    'an object instead of a list': 'is not a list of compile commands',
    'truncated JSON': 'alloc-run: error: cannot read',
    'an entry without command or arguments':
        "has an entry without a command or arguments: 'ok.cpp'",
    'text that is not JSON': 'alloc-run: error: cannot read',
}
for what, text, message in BROKEN_DATABASES:
    files = {'db/compile_commands.json': text, 'ok.cpp': OK_CPP}
    case('alloc-tidy', f'compile database: {what}',
         ['{tidy}', '-p', '{dir}/db', '{dir}/ok.cpp', '--checks=-*,alloc-*'],
         1, message, files)
    case('alloc-layout', f'compile database: {what}',
         ['{layout}', '-p', '{dir}/db', '{dir}/ok.cpp'], 1, message, files)
    case('alloc-tidy', f'compile database beside the file, no -p: {what}',
         ['{tidy}', '{dir}/db/ok.cpp', '--checks=-*,alloc-*'], 1, message,
         {**files, 'db/ok.cpp': OK_CPP})
    case('alloc-run', f'compile database: {what}',
         ['{run}', '-p', '{dir}/db', '--checks=-*,alloc-*'], 2,
         RUN_DATABASE_MESSAGES[what], files)
case('alloc-tidy', 'compile database: -p names a directory without one',
     ['{tidy}', '-p', '/alloc-tidy-no-such-dir', '{dir}/ok.cpp',
      '--checks=-*,alloc-*'],
     1, "no compilation database (compile_commands.json) in "
        "'/alloc-tidy-no-such-dir' or its parents", {'ok.cpp': OK_CPP})
case('alloc-layout', 'compile database: -p names a directory without one',
     ['{layout}', '-p', '/alloc-tidy-no-such-dir', '{dir}/ok.cpp'],
     1, "no compilation database (compile_commands.json) in "
        "'/alloc-tidy-no-such-dir' or its parents", {'ok.cpp': OK_CPP})
case('alloc-run', 'compile database: -p names a directory without one',
     ['{run}', '-p', '{dir}/empty'], 2,
     "alloc-run: error: no compilation database (compile_commands.json) in "
     "'{dir}/empty'", {'empty/.keep': ''})
# A relative "directory" is resolved against the database's folder; the
# finding is then reported (an error with --warnings-as-errors).
GROW_CPP = ('#include <vector>\nstd::vector<int> grow(int n) {\n'
            '  std::vector<int> v;\n'
            '  for (int i = 0; i < n; ++i) v.push_back(i);\n'
            '  return v;\n}\n')
RELATIVE_DB = {'src/grow.cpp': GROW_CPP, 'build/compile_commands.json':
               '[{"directory": "..", "file": "src/grow.cpp", '
               '"command": "{clangxx} -std=c++17 -c src/grow.cpp"}]'}
case('alloc-tidy', 'compile database with a relative "directory" ("..")',
     ['{tidy}', '-p', '{dir}/build', '--checks=-*,alloc-reserve-in-loop',
      '--warnings-as-errors=alloc-*', '{dir}/src/grow.cpp'], 1,
     "error: 'v' grows about log2(N) times", RELATIVE_DB)
case('alloc-run', 'compile database with a relative "directory" ("..")',
     ['{run}', '-p', '{dir}/build', '--checks=-*,alloc-reserve-in-loop',
      '--no-cache', '--warnings-as-errors=alloc-*'], 1,
     "error: 'v' grows about log2(N) times", RELATIVE_DB)
case('alloc-tidy', 'a source file the compile database has no command for',
     ['{tidy}', '-p', '{dir}/build', '--checks=-*,alloc-*',
      '{dir}/src/other.cpp'], 1,
     "alloc-tidy: error: '{dir}/src/other.cpp' has no compile command in "
     "'{dir}/build/compile_commands.json', so it would not be analysed",
     {**RELATIVE_DB, 'src/other.cpp': OK_CPP})
case('alloc-run', 'compile database: -p names a directory that is not there',
     ['{run}', '-p', '{dir}/no-such-build'], 2,
     "(no such directory)")

# --- alloc-layout ------------------------------------------------------------

case('alloc-layout', 'a file that does not parse',
     ['{layout}', '{dir}/broken.cpp', '--', '-std=c++17'], 1,
     'translation units did not compile', {'broken.cpp': BROKEN_CPP})
case('alloc-layout', 'a file that does not exist',
     ['{layout}', '{dir}/missing.cpp', '--', '-std=c++17'], 1,
     'some files could not be processed')
case('alloc-layout', 'an unknown --format',
     ['{layout}', '{dir}/ok.cpp', '--format=xml', '--'], 1,
     "unknown --format value 'xml'", {'ok.cpp': OK_CPP})
case('alloc-layout', 'an invalid --record regex',
     ['{layout}', '{dir}/ok.cpp', '--record=(a', '--'], 1,
     "invalid --record regex '(a'", {'ok.cpp': OK_CPP})
case('alloc-layout', 'nothing to lay out', ['{layout}'], 1,
     'nothing to lay out')
REPORT = ('{"version": 1, "target": "x", "abi": "itanium", '
          '"translationUnits": 1, "records": []}')
case('alloc-layout', 'diff: one report', ['{layout}', 'diff', '{dir}/a.json'],
     2, 'diff needs two reports, got 1', {'a.json': REPORT})
case('alloc-layout', 'diff: a report that does not exist',
     ['{layout}', 'diff', '{dir}/a.json', '{dir}/none.json'], 2,
     "cannot read '{dir}/none.json'", {'a.json': REPORT})
case('alloc-layout', 'diff: a file that is not JSON',
     ['{layout}', 'diff', '{dir}/a.json', '{dir}/b.json'], 2,
     "'{dir}/b.json' is not a layout report",
     {'a.json': REPORT, 'b.json': 'not json'})
case('alloc-layout', 'diff: a report of another version',
     ['{layout}', 'diff', '{dir}/a.json', '{dir}/b.json'], 2,
     'this alloc-layout reads version 1, the report is version 7',
     {'a.json': REPORT, 'b.json': REPORT.replace('"version": 1',
                                                 '"version": 7')})
case('alloc-layout', 'diff: a report of a run whose units failed',
     ['{layout}', 'diff', '{dir}/a.json', '{dir}/b.json'], 2,
     "cannot compare: '{dir}/b.json' is incomplete",
     {'a.json': REPORT,
      'b.json': REPORT.replace('"records"', '"failedUnits": ["x.cpp"], '
                                            '"records"')})
case('alloc-layout', 'diff: a report that covers no unit',
     ['{layout}', 'diff', '{dir}/a.json', '{dir}/b.json'], 2,
     "cannot compare: '{dir}/b.json' covers no translation unit",
     {'a.json': REPORT,
      'b.json': REPORT.replace('"translationUnits": 1',
                               '"translationUnits": 0')})
case('alloc-layout', 'diff: an invalid --threshold',
     ['{layout}', 'diff', '{dir}/a.json', '{dir}/a.json', '--threshold=-1'],
     2, "invalid --threshold value '-1'", {'a.json': REPORT})
case('alloc-layout', 'diff: an unknown option',
     ['{layout}', 'diff', '--fast', '{dir}/a.json', '{dir}/a.json'], 2,
     "unknown option '--fast' for diff", {'a.json': REPORT})

# --- alloc-run ---------------------------------------------------------------

PROJECT = {'ok.cpp': OK_CPP, 'db/compile_commands.json':
           DB_OK.replace('ok.cpp', '{dir}/ok.cpp')}
for value in ('3/2', '0/2', 'two', '1/0'):
    case('alloc-run', f'--shard {value}',
         ['{run}', '-p', '{dir}/db', '--shard', value], 2,
         f"argument --shard: invalid shard '{value}'", PROJECT)
for value in ('0', '-2', 'many'):
    case('alloc-run', f'--jobs {value}',
         ['{run}', '-p', '{dir}/db', '-j', value], 2, 'argument -j/--jobs',
         PROJECT)
case('alloc-run', 'an alloc-tidy that is not there',
     ['{run}', '-p', '{dir}/db', '--alloc-tidy', '{dir}/none'], 2,
     "cannot find alloc-tidy at '{dir}/none' (use --alloc-tidy)", PROJECT)
case('alloc-run', 'an invalid --files regex',
     ['{run}', '-p', '{dir}/db', '--files', '(a'], 2,
     'invalid --files regular expression', PROJECT)
case('alloc-run', 'a file that is not in the compile database',
     ['{run}', '-p', '{dir}/db', '{dir}/other.cpp'], 2,
     "'{dir}/other.cpp' is not in the compilation database", PROJECT)
case('alloc-run', 'a unit that does not parse',
     ['{run}', '-p', '{dir}/db', '--checks=-*,alloc-*', '--no-cache'], 1,
     'Error while processing {dir}/ok.cpp',
     {**PROJECT, 'ok.cpp': BROKEN_CPP})
case('alloc-run', 'a stale compile database entry (the file is gone)',
     ['{run}', '-p', '{dir}/db', '--checks=-*,alloc-*', '--no-cache'], 1,
     "'{dir}/ok.cpp' is in the compilation database but no longer exists",
     {'db/compile_commands.json': PROJECT['db/compile_commands.json']})
case('alloc-run', 'an invalid option value',
     ['{run}', '-p', '{dir}/db', '--checks=-*,alloc-*', '--no-cache',
      '--config={CheckOptions: {alloc-padding.MinWastedBytes: lots}}'], 1,
     "invalid value 'lots' for alloc-padding.MinWastedBytes", PROJECT)
case('alloc-run', 'a cache directory that cannot be written (goes on)',
     ['{run}', '-p', '{dir}/db', '--checks=-*,alloc-*', '--cache-dir',
      '{dir}/file/cache'], 0,
     "note: cannot write the cache directory '{dir}/file/cache'",
     {**PROJECT, 'file': ''})
case('alloc-run', '--changed-since a ref that does not exist',
     ['{run}', '-p', '{dir}/db', '--changed-since', 'no-such-ref'], 2,
     'failed', PROJECT)
PROFILE = '{"heapcount_profile": 1, "files": [], "sites": []}'
# A profile of another version of the file: a warning without a location,
# once, credited to the check that read it; not a finding, exit status 0.
STALE_PROFILE = ('{"heapcount_profile": 1, "program": "/p", "allocations": 1, '
                 '"profiled": 1, "files": [{"path": "{dir}/grow.cpp", '
                 '"size": 1, "fnv1a64": "0000000000000000"}], "sites": [{'
                 '"file": "{dir}/grow.cpp", "line": 4, "column": 31, '
                 '"function": "grow(int)", "container": "std::vector<int, '
                 'std::allocator<int> >", "element": "int", '
                 '"element_size": 4, "allocations": 1, "bytes": 4, '
                 '"counts": [[1, 1]]}]}')
case('alloc-run', '--profile: a profile of another version of a file '
     '(a warning, said once; goes on)',
     ['{run}', '-p', '{dir}/db', '--checks=-*,alloc-reserve-in-loop',
      '--no-cache', '--profile', '{dir}/p.json'], 0,
     "warning: the heapcount profile '{dir}/p.json' is stale for "
     "'{dir}/grow.cpp': the file has changed since it was profiled; its 1 "
     "site there is ignored (profile the program again) "
     "[alloc-reserve-in-loop]",
     {'grow.cpp': GROW_CPP, 'p.json': STALE_PROFILE,
      'db/compile_commands.json': DB_OK.replace('ok.cpp', '{dir}/grow.cpp')},
     once=True)
case('alloc-run', '--profile: a file that is not there',
     ['{run}', '-p', '{dir}/db', '--profile', '{dir}/none.json'], 2,
     "cannot read --profile '{dir}/none.json' (No such file or directory)",
     PROJECT)
case('alloc-run', '--profile: a file that is not JSON',
     ['{run}', '-p', '{dir}/db', '--profile', '{dir}/p.json'], 2,
     "--profile '{dir}/p.json' is not a heapcount profile: it is not JSON",
     {**PROJECT, 'p.json': 'not json\n'})
case('alloc-run', '--profile: JSON that is not a profile (a report)',
     ['{run}', '-p', '{dir}/db', '--profile', '{dir}/p.json'], 2,
     "--profile '{dir}/p.json' is not a heapcount profile: it has no "
     "'heapcount_profile' version",
     {**PROJECT, 'p.json': '{"program": "/bin/true", "allocations": 3}'})
case('alloc-run', '--profile: a profile of another version',
     ['{run}', '-p', '{dir}/db', '--profile', '{dir}/p.json'], 2,
     "--profile '{dir}/p.json' is a heapcount profile of version 2; this "
     "alloc-run reads version 1",
     {**PROJECT, 'p.json': PROFILE.replace('1', '2', 1)})
for value in ('-1', 'many', '4294967296'):
    case('alloc-run', f'--min-profiled-allocations {value}',
         ['{run}', '-p', '{dir}/db', '--profile', '{dir}/p.json',
          '--min-profiled-allocations', value], 2,
         f"argument --min-profiled-allocations: invalid count '{value}': "
         f"expected a whole number from 0 to 4294967295",
         {**PROJECT, 'p.json': PROFILE})
case('alloc-run', 'merge: no inputs', ['{run}', 'merge', '{dir}/out.sarif'],
     2, 'usage: alloc-run merge OUT IN1 [IN2...] [--member-facts FILE...]')
case('alloc-run', 'merge: an input that does not exist',
     ['{run}', 'merge', '{dir}/out.sarif', '{dir}/none.sarif'], 2,
     "cannot read SARIF '{dir}/none.sarif'")
case('alloc-run', 'merge: SARIF logs into a fixes file',
     ['{run}', 'merge', '{dir}/out.yaml', '{dir}/a.sarif'], 2,
     "cannot merge '{dir}/a.sarif' into '{dir}/out.yaml'",
     {'a.sarif': '{"version": "2.1.0", "runs": [{"results": []}]}'})
case('alloc-run', 'merge: fixes into a SARIF log',
     ['{run}', 'merge', '{dir}/out.sarif', '{dir}/a.yaml'], 2,
     "cannot read SARIF '{dir}/a.yaml'", {'a.yaml': 'Diagnostics: []\n'})
case('alloc-run', 'merge: member facts that do not exist',
     ['{run}', 'merge', '{dir}/out.yaml', '{dir}/a.yaml', '--member-facts',
      '{dir}/none.jsonl'], 2, "cannot read --member-facts '{dir}/none.jsonl'",
     {'a.yaml': 'Diagnostics: []\n'})
case('alloc-run', 'merge: member facts that are not facts',
     ['{run}', 'merge', '{dir}/out.yaml', '{dir}/a.yaml', '--member-facts',
      '{dir}/a.yaml'], 2, "cannot decide data members across the shards "
     "(alloc-tidy: error: {dir}/a.yaml:1: ", {'a.yaml': 'Diagnostics: []\n'})
case('alloc-tidy', '--merge-member-facts without inputs',
     ['{tidy}', '--merge-member-facts={dir}/out.json'], 2,
     'usage: alloc-tidy --merge-member-facts=OUT FACTS.jsonl...')
case('alloc-tidy', '--merge-member-facts: a line that is not JSON',
     ['{tidy}', '--merge-member-facts={dir}/out.json', '{dir}/f.jsonl'], 2,
     '{dir}/f.jsonl:2: ', {'f.jsonl': '\n{"version": 1,\n'})
# Facts that do not cover the database: a shard's facts missing, facts of
# two databases, a unit line without its files.
FACTS_DB = ('{"version": 2, "kind": "database", "path": "/p/db.json", '
            '"sha256": "0", "units": ["/p/a.cpp", "/p/b.cpp"]}\n')
FACTS_UNIT_A = ('{"version": 2, "kind": "unit", "unit": "/p/a.cpp", '
                '"complete": true, "files": []}\n')
case('alloc-tidy', "--merge-member-facts: a unit's facts missing",
     ['{tidy}', '--merge-member-facts={dir}/out.json', '{dir}/f.jsonl'], 3,
     'the member facts of 1 of 2 units of the compile database are missing: '
     '/p/b.cpp', {'f.jsonl': FACTS_DB + FACTS_UNIT_A})
case('alloc-tidy', '--merge-member-facts: facts of two databases',
     ['{tidy}', '--merge-member-facts={dir}/out.json', '{dir}/f.jsonl'], 2,
     'the member facts come from different compile databases',
     {'f.jsonl': FACTS_DB + FACTS_DB.replace('db.json', 'other.json')})
case('alloc-tidy', '--merge-member-facts: a unit without its files',
     ['{tidy}', '--merge-member-facts={dir}/out.json', '{dir}/f.jsonl'], 2,
     '{dir}/f.jsonl:2: malformed member facts: a unit without its file, '
     'state or files',
     {'f.jsonl': FACTS_DB + '{"version": 2, "kind": "unit"}\n'})
case('alloc-run', "merge: a shard's member facts missing",
     ['{run}', 'merge', '{dir}/out.yaml', '{dir}/a.yaml', '--member-facts',
      '{dir}/f.jsonl'], 2, 'cannot decide data members across the shards: '
     'the member facts of 1 of 2 units of the compile database are missing: '
     '/p/b.cpp', {'a.yaml': 'Diagnostics: []\n',
                  'f.jsonl': FACTS_DB + FACTS_UNIT_A})
case('alloc-run', 'an unknown option',
     ['{run}', '-p', '{dir}/db', '--fast'], 2,
     'unrecognized arguments: --fast', PROJECT)

# --- alloc-clangd ------------------------------------------------------------

case('alloc-clangd', 'a broken compile database (logged, clangd goes on)',
     ['{clangd}', '--check={dir}/ok.cpp'], 0,
     'Failed to load compilation database from {dir}/compile_commands.json: '
     'Expected array.',
     {'ok.cpp': OK_CPP, 'compile_commands.json': '{"a": 1}'})
case('alloc-clangd', '--check of a file that does not exist',
     ['{clangd}', '--check={dir}/missing.cpp'], 'non-zero',
     'missing.cpp')

# --- heapcount ---------------------------------------------------------------

HEAPCOUNT_USAGE = [
    ([], 'no program to run'),
    (['--json'], '--json expects a value'),
    (['--json', '--', 'true'], '--json expects a value'),
    (['--profile'], '--profile expects a value'),
    (['--profile', '--', 'true'], '--profile expects a value'),
    (['--source-root', '--', 'true'], '--source-root expects a value'),
    (['--source-root', '/no/such/dir', '--', 'true'],
     "--source-root expects a directory, not '/no/such/dir'"),
    (['--nope', '--', 'true'], "unknown option '--nope'"),
    (['--', '/no/such/program'], "cannot run '/no/such/program'"),
    (['--', '/etc/passwd'], "cannot run '/etc/passwd'"),
    (['--stacks=abc', '--', 'true'], "--stacks expects a depth from 1 to 64, "
                                     "not 'abc'"),
    (['--stacks=99', '--', 'true'], '--stacks expects a depth from 1 to 64'),
    (['--start=later', '--', 'true'], "--start expects now, api or "
                                      "scope:NAME, not 'later'"),
    (['--top=x', '--', 'true'], "--top expects a number, not 'x'"),
    (['--top', '--', 'true'], '--top expects a value'),
    (['diff'], 'diff expects two reports'),
    (['diff', '{dir}/none.json', '{dir}/none.json'],
     "cannot read '{dir}/none.json'"),
]
for argv, message in HEAPCOUNT_USAGE:
    case('heapcount', ' '.join(argv) or '(no arguments)',
         ['{heapcount}'] + argv, 2, message)
case('heapcount', 'diff: a report that is not JSON',
     ['{heapcount}', 'diff', '{dir}/a.json', '{dir}/a.json'], 2,
     "'{dir}/a.json'", {'a.json': 'not json'})
case('heapcount', 'a program that crashes (SIGSEGV)',
     ['{heapcount}', '--', 'sh', '-c', 'kill -SEGV $$'], 139,
     'crashed (signal 11, SIGSEGV)')
case('heapcount', 'a program killed by SIGKILL (no report)',
     ['{heapcount}', '--', 'sh', '-c', 'kill -KILL $$'], 137,
     'heapcount: no report: SIGKILL ends a process without letting it write '
     'one')
case('heapcount', 'a program that exits with status 3', ['{heapcount}', '--',
     'sh', '-c', 'exit 3'], 3, 'heapcount: ')
DIFF_CASES = [
    ('a count of 2^63', '"allocs": 9223372036854775808',
     'its total.allocs is 9223372036854775808, not a count'),
    ('a negative count', '"allocs": -1', 'its total.allocs is -1, not a count'),
    ('a count written as a string', '"allocs": "10"',
     'its total.allocs is a string ("10"), not a number'),
]
for what, allocs, message in DIFF_CASES:
    case('heapcount', 'diff: ' + what,
         ['{heapcount}', 'diff', '--max-allocs-increase', '0', '{dir}/a.json',
          '{dir}/b.json'], 2, message,
         {'a.json': '{"version": 1, "total": {"allocs": 5, "frees": 5, '
                    '"bytes": 80}}',
          'b.json': '{"version": 1, "total": {' + allocs +
                    ', "frees": 5, "bytes": 80}}'})
case('heapcount', 'diff: a report of another format version',
     ['{heapcount}', 'diff', '{dir}/a.json', '{dir}/a.json'], 2,
     'a report of format version 2; this heapcount reads version 1',
     {'a.json': '{"version": 2, "total": {"allocs": 5, "frees": 5, '
                '"bytes": 80}}'})
case('heapcount', 'a statically linked program (nothing can be preloaded)',
     ['sh', '{dir}/run.sh'], 2,
     "heapcount: error: nothing was counted: './static' is statically "
     'linked',
     {'run.sh': '{clang} -static -x c -o static - <<EOF\n'
                'int main(void) { return 0; }\nEOF\n'
                'exec {heapcount} -- ./static\n'})
case('heapcount', 'a counting library that does not load',
     ['sh', '{dir}/run.sh'], 2,
     "heapcount: error: nothing was counted: the counting library never "
     "started in 'true'",
     {'run.sh': 'mkdir -p bin lib && cp {heapcount} bin/ && '
                'echo broken > lib/libheapcount.so\n'
                'exec bin/heapcount -- true\n'})
case('heapcount', 'a --json report that cannot be written',
     ['{heapcount}', '--json', '{dir}/no/such/dir/report.json', '--', 'true'],
     2, '{dir}/no/such/dir/report.json')


# --- running them ------------------------------------------------------------

class Runner:
    def __init__(self, build, llvm_tools):
        self.build = build
        plugin = os.path.join(build, 'lib', 'libAllocTidyModule.so')
        self.places = {
            'tidy': os.path.join(build, 'bin', 'alloc-tidy'),
            'layout': os.path.join(build, 'bin', 'alloc-layout'),
            'clangd': os.path.join(build, 'bin', 'alloc-clangd'),
            'heapcount': os.path.join(build, 'bin', 'heapcount'),
            'clangxx': os.path.join(llvm_tools, 'clang++'),
            'clang': os.path.join(llvm_tools, 'clang'),
        }
        self.plugin_tidy = [os.path.join(llvm_tools, 'clang-tidy'),
                            f'--load={plugin}']
        self.run_tool = [sys.executable,
                         os.path.join(build, 'bin', 'alloc-run')]

    def argv(self, item, directory):
        out = []
        for arg in item['argv']:
            if arg == '{plugin_tidy}':
                out += self.plugin_tidy
            elif arg == '{run}':
                out += self.run_tool
            elif arg.startswith('{') and arg.endswith('}') and \
                    arg[1:-1] in self.places:
                out.append(self.places[arg[1:-1]])
            else:
                out.append(arg.replace('{dir}', directory))
        return out

    def run(self, item):
        directory = tempfile.mkdtemp(prefix='bad-input-')
        try:
            for name, text in item['files'].items():
                path = os.path.join(directory, name)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, 'w', encoding='latin-1') as f:
                    f.write(text.replace('{dir}', directory).replace(
                        '{clangxx}', self.places['clangxx']).replace(
                        '{clang}', self.places['clang']).replace(
                        '{heapcount}', self.places['heapcount']))
            argv = self.argv(item, directory)
            try:
                proc = subprocess.run(
                    argv, capture_output=True, text=True, errors='replace',
                    timeout=120, cwd=directory, stdin=subprocess.DEVNULL,
                    env={**os.environ, **item['env']})
            except subprocess.TimeoutExpired:
                return 'timed out after 120 s'
            output = proc.stdout + proc.stderr
            message = item['message'].replace('{dir}', directory)
            problems = []
            if proc.returncode < 0:
                problems.append(f'killed by signal {-proc.returncode}')
            if CRASH.search(output):
                problems.append('crashed: ' + CRASH.search(output).group(0))
            want = item['status']
            if want == 'non-zero' and proc.returncode == 0 or \
                    want != 'non-zero' and proc.returncode != want:
                problems.append(f'exit status {proc.returncode}, expected '
                                f'{want}')
            if message not in output:
                problems.append(f'no "{message}" in the output: '
                                + ' | '.join(output.strip().splitlines()[:4]))
            elif item['once'] and output.count(message) > 1:
                problems.append(f'"{message}" said '
                                f'{output.count(message)} times, not once')
            return '; '.join(problems)
        finally:
            shutil.rmtree(directory, ignore_errors=True)


def table():
    lines = ['| # | tool | bad input | exit status | what it says |',
             '|---:|---|---|---|---|']
    for number, item in enumerate(CASES, 1):
        message = item['message'].replace('{dir}', 'DIR').replace('|', '\\|')
        what = item['what'].replace('|', '\\|')
        lines.append(f"| {number} | {item['tool']} | {what} | "
                     f"{item['status']} | `{message}` |")
    return '\n'.join(lines) + '\n'


def with_table(text):
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        return None
    return text[:start + len(BEGIN)] + '\n' + table() + text[end:]


def main():
    parser = argparse.ArgumentParser(prog='bad-inputs')
    parser.add_argument('--build', required=True)
    parser.add_argument('--llvm-tools', default='/usr/lib/llvm-22/bin')
    docs = parser.add_mutually_exclusive_group()
    docs.add_argument('--check-docs', metavar='FILE')
    docs.add_argument('--write-docs', metavar='FILE')
    parser.add_argument('--filter', help='run only cases whose tool or '
                        'description matches this regex')
    args = parser.parse_args()
    status = 0
    doc_file = args.check_docs or args.write_docs
    if doc_file:
        with open(doc_file, encoding='utf-8') as f:
            text = f.read()
        updated = with_table(text)
        if updated is None:
            print(f'bad-inputs: error: {doc_file} has no {BEGIN} ... {END}')
            return 1
        if args.write_docs and updated != text:
            with open(doc_file, 'w', encoding='utf-8') as f:
                f.write(updated)
        elif args.check_docs and updated != text:
            print(f'bad-inputs: {doc_file} does not list the cases as they '
                  f'are (scripts/bad-inputs.py --write-docs {doc_file})')
            status = 1
    runner = Runner(os.path.abspath(args.build), args.llvm_tools)
    failed = 0
    cases = CASES
    if args.filter:
        wanted = re.compile(args.filter)
        cases = [c for c in CASES
                 if wanted.search(c['tool']) or wanted.search(c['what'])]
    for number, item in enumerate(CASES, 1):
        if item not in cases:
            continue
        problem = runner.run(item)
        if problem:
            failed += 1
            print(f"FAIL {number} {item['tool']}: {item['what']}: {problem}")
    print(f'bad-inputs: {len(cases) - failed} of {len(cases)} cases as '
          f'expected')
    return 1 if failed or status else 0


if __name__ == '__main__':
    sys.exit(main())
