#!/usr/bin/env python3
"""`make profile-real`: a real project's findings ranked by its own test
suite's profile, outside the tree.

  scripts/profile-real.py [options]

For ninja (prepared by scripts/real-projects.sh in PROJECTS/ninja: its
sources in src/, a build with the tests off in build/), this script
  1. configures a second build, PROJECTS/ninja/build-profile, with -O2 -g
     (RelWithDebInfo), the tests on (ninja_test, linked with the system's
     GoogleTest: the configuration never downloads one) and the compile
     database, and builds it;
  2. runs `heapcount --profile` over the test suite (ninja_test, whose
     tests start shells that heapcount follows and merges);
  3. runs `alloc-run -p BUILD --profile PROFILE --sarif ...` with every
     alloc-* check, the options of scripts/real-code-report.py and its
     header filter (the project's source tree);
  4. writes the findings ranked by measured saving, and the share of the
     profile's allocations that the top 10 by measured saving would remove
     against the first 10 in static order (file, line, column), and
     alloc-run's --explain (the busiest sites, what removes each, the
     allocation coverage), to REPORT (docs/profile-real.md, linked from
     docs/validation.md).

Options:
  --projects-dir DIR   where the projects are ($ALLOC_TIDY_PROJECTS_DIR, else
                       /work/real-projects)
  --bin-dir DIR        alloc-run and heapcount (default: build/bin)
  --cxx COMPILER       the project's compiler (default: clang++-22)
  --report FILE        default: docs/profile-real.md
  -j N                 build and analysis jobs (default: 2)

When the project, a tool or GoogleTest is absent the script says so and
exits 0 without touching the report; it exits 1 when a step fails.
"""

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ranking  # noqa: E402 (next to this script)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROJECT = 'ninja'
SHOWN = 25  # ranked findings listed in the report


def skip(message):
    print(f'profile-real: skipped: {message}', file=sys.stderr)
    sys.exit(0)


def fail(message):
    print(f'profile-real: error: {message}', file=sys.stderr)
    sys.exit(1)


def real_code_report():
    """scripts/real-code-report.py as a module (its name has a dash)."""
    path = os.path.join(ROOT, 'scripts', 'real-code-report.py')
    spec = importlib.util.spec_from_file_location('real_code_report', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(command, log, cwd=None, env=None):
    """Runs COMMAND with its output in LOG; fails the script when it does."""
    print('profile-real: $ ' + ' '.join(command), file=sys.stderr)
    with open(log, 'w') as f:
        status = subprocess.run(command, cwd=cwd, env=env, stdout=f,
                                stderr=subprocess.STDOUT).returncode
    if status != 0:
        fail(f'{command[0]} exited with status {status} (see {log})')


def sarif_findings(path, source):
    """The results of alloc-run's SARIF: (file relative to SOURCE, line,
    column, check, message, saving or None), in static order."""
    with open(path) as f:
        sarif = json.load(f)
    findings = []
    for result in sarif['runs'][0].get('results', []):
        location = result['locations'][0]['physicalLocation']
        uri = location['artifactLocation']['uri']
        if uri.startswith('file://'):
            uri = os.path.relpath(uri[len('file://'):], source)
        region = location.get('region', {})
        findings.append((uri, region.get('startLine', 0),
                         region.get('startColumn', 0), result['ruleId'],
                         result['message']['text'].split('\n')[0],
                         result.get('properties', {}).get(
                             'measuredAllocations')))
    findings.sort(key=lambda f: f[:5])
    return findings


def alloc_run_command(alloc_run, build, source, profiles, sarif, jobs,
                      extra=()):
    """alloc-run over BUILD's units with every alloc-* check, the options of
    scripts/real-code-report.py and its header filter (the project's source
    tree: not GoogleTest's headers, not the build's), the PROFILES, --explain
    of the 20 busiest sites, SARIF to SARIF."""
    options = real_code_report()
    header_filter = '^' + options.llvm_regex_escape(source + '/')
    config = ('{HeaderFilterRegex: \'' + header_filter + '\', ' +
              options.tidy_config()[1:])
    if isinstance(profiles, str):
        profiles = [profiles]
    command = [alloc_run, '-p', build, '--checks=-*,alloc-*',
               f'--config={config}', f'--jobs={jobs}', '--no-cache',
               '--source-root', source, '--explain', '20', '--sarif', sarif]
    for profile in profiles:
        command += ['--profile', profile]
    return command + list(extra)


def explain_index(log):
    """Where alloc-run's --explain starts in the lines of its output."""
    return next((i for i, line in enumerate(log) if 'busiest sites' in line),
                len(log))


def explanation(log):
    """alloc-run's --explain: from its heading to the coverage line."""
    return [line for line in log[explain_index(log):]
            if line.startswith('alloc-run: ')]


def saving_of(finding):
    return finding[5]


def markdown(text):
    for char in '\\`*_<>|[]':
        text = text.replace(char, '\\' + char)
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--projects-dir', default=os.environ.get(
        'ALLOC_TIDY_PROJECTS_DIR', '/work/real-projects'))
    parser.add_argument('--bin-dir', default=os.path.join(ROOT, 'build',
                                                          'bin'))
    parser.add_argument('--cxx', default='clang++-22')
    parser.add_argument('--report', default=os.path.join(
        ROOT, 'docs', 'profile-real.md'))
    parser.add_argument('-j', '--jobs', type=int, default=2)
    args = parser.parse_args()

    project_dir = os.path.join(os.path.abspath(args.projects_dir), PROJECT)
    try:
        with open(os.path.join(project_dir, 'project.json')) as f:
            project = json.load(f)
    except (OSError, ValueError):
        skip(f'{project_dir}/project.json is absent (make real-code, or '
             f'scripts/real-projects.sh {PROJECT}, prepares it)')
    source = project['source']
    if not os.path.isfile(os.path.join(source, 'CMakeLists.txt')):
        skip(f'{source} has no CMakeLists.txt')
    args.bin_dir = os.path.abspath(args.bin_dir)
    args.report = os.path.abspath(args.report)
    alloc_run = os.path.join(args.bin_dir, 'alloc-run')
    heapcount = os.path.join(args.bin_dir, 'heapcount')
    for tool in (alloc_run, heapcount):
        if not os.access(tool, os.X_OK):
            skip(f'{tool} is absent (make build)')
    for tool in ('cmake', 'ninja', args.cxx):
        if not shutil.which(tool):
            skip(f'{tool} is not installed')

    build = os.path.join(project_dir, 'build-profile')
    work = os.path.join(build, 'alloc-profile')
    os.makedirs(work, exist_ok=True)
    # 1. The build with the tests, -O2 -g: heapcount needs lines and types.
    run(['cmake', '-G', 'Ninja', '-S', source, '-B', build,
         '-DCMAKE_BUILD_TYPE=RelWithDebInfo', f'-DCMAKE_CXX_COMPILER={args.cxx}',
         '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON', '-DBUILD_TESTING=ON',
         '-DNINJA_PYTHON=python3', '-DFETCHCONTENT_FULLY_DISCONNECTED=ON'],
        os.path.join(work, 'configure.log'))
    with open(os.path.join(build, 'CMakeCache.txt')) as f:
        cache = f.read()
    if 'GTest_DIR:PATH=' not in cache or 'GTest_DIR-NOTFOUND' in cache:
        skip('GoogleTest was not found (install libgtest-dev): ninja_test '
             'cannot be built without downloading it')
    run(['ninja', '-C', build, f'-j{args.jobs}'],
        os.path.join(work, 'build.log'))

    # 2. The test suite, profiled; in a directory of its own (the tests
    # make and remove files in the current one).
    profile = os.path.join(work, 'profile.json')
    suite_dir = os.path.join(work, 'suite')
    shutil.rmtree(suite_dir, ignore_errors=True)
    os.makedirs(suite_dir)
    run([heapcount, '--profile', profile, '--',
         os.path.join(build, 'ninja_test')],
        os.path.join(work, 'profile.log'), cwd=suite_dir)
    with open(profile) as f:
        measured = json.load(f)
    allocations = measured.get('allocations')
    processes = measured.get('processes')

    # 3. alloc-run with the profile, over the project's units, its own
    # headers reported (not GoogleTest's, not the build's).
    sarif = os.path.join(work, 'alloc.sarif')
    run(alloc_run_command(alloc_run, build, source, profile, sarif,
                          args.jobs),
        os.path.join(work, 'alloc-run.log'))

    # 4. The report.
    findings = [f for f in sarif_findings(sarif, source)
                if not f[0].startswith('..') and not f[0].startswith('/')]
    ranked = ranking.by_saving(findings, saving_of)
    shares = ranking.shares(findings, saving_of, allocations)
    top = ranking.TOP
    with open(os.path.join(work, 'alloc-run.log')) as f:
        log = [line.rstrip() for line in f]
    explain_start = explain_index(log)
    explain_lines = explanation(log)
    top_lines = [line for line in log[:explain_start]
                 if line.startswith('alloc-run: ')
                 and ('measured saving' in line or line.startswith(
                     'alloc-run:   '))]
    out = [
        '# A real project ranked by its test suite\'s profile', '',
        'Generated by `make profile-real` (`scripts/profile-real.py`): do '
        'not edit, run it again. Linked from '
        '[validation.md](validation.md).', '',
        f'The project: {PROJECT} ({project.get("origin", "")} at '
        f'{project.get("commit", "?")[:12]}), prepared outside the tree by '
        '`scripts/real-projects.sh`, built again with `-O2 -g` '
        '(RelWithDebInfo) and its tests (`ninja_test`, GoogleTest). '
        '`heapcount --profile` ran `ninja_test` (every test; heapcount '
        'follows the shells the tests start) and '
        f'counted **{ranking.thousands(allocations or 0)}** allocations in '
        f'{processes if processes is not None else "?"} processes. '
        '`alloc-run -p BUILD --profile PROFILE --sarif ...` then ran every '
        '`alloc-*` check with the options of `scripts/real-code-report.py` '
        'and its header filter (the project\'s source tree); GoogleTest\'s '
        'headers and generated files are not reported.', '',
        f'A finding\'s saving is `properties.measuredAllocations` of its '
        f'SARIF result: the number its check writes in the note '
        '"heapcount\'s profile: ... would save about N allocations", the '
        'check\'s estimate from the profile. Nothing here was fixed or '
        'measured again. Static order is the findings\' file, line and '
        'column; an unmeasured finding counts 0. The share is the sum of '
        'the ten estimates over all the allocations of the profiled run: '
        'the test suite\'s, which is not ninja\'s use on a real build, and '
        'which counts allocations no finding\'s code makes (GoogleTest, the '
        'shells the subprocess tests start, the tests\' own set-up).', '',
        f'| findings (measured) | allocations profiled | top {top} by '
        f'measured saving | first {top} in static order |',
        '|---:|---:|---:|---:|',
        f'| {len(findings)} ({shares["measured"]}) | '
        f'{ranking.thousands(allocations or 0)} | '
        f'{ranking.thousands(shares["ranked"])} '
        f'({ranking.percent(shares["ranked_share"])}) | '
        f'{ranking.thousands(shares["static"])} '
        f'({ranking.percent(shares["static_share"])}) |', '',
        f'Ranked by measured saving ({len(ranked)} of {len(findings)} '
        f'findings measured' +
        (f'; the first {SHOWN} shown' if len(ranked) > SHOWN else '') +
        '):', '']
    for number, (path, line, column, check, message, saving) in enumerate(
            ranked[:SHOWN], 1):
        out.append(f'{number}. about {ranking.thousands(saving)}: `{check}` '
                   f'{path}:{line}:{column}: {markdown(message)}')
    if not ranked:
        out.append('- none')
    out += ['', f'The first {top} in static order:', '']
    for number, (path, line, column, check, message, saving) in enumerate(
            findings[:top], 1):
        measured_text = ('not measured' if saving is None else
                         f'about {ranking.thousands(saving)}')
        out.append(f'{number}. {measured_text}: `{check}` '
                   f'{path}:{line}:{column}: {markdown(message)}')
    if top_lines:
        out += ['', 'What alloc-run printed at the end of its run:', '',
                '```'] + top_lines + ['```']
    if explain_lines:
        out += ['', 'The profile\'s busiest sites, each with the finding that '
                'removes it or why none does, and the allocation coverage (the '
                'share of the profiled allocations at sites a fix-it covers), '
                'as `alloc-run --explain` printed them:', '',
                '```'] + explain_lines + ['```']
    os.makedirs(os.path.dirname(os.path.abspath(args.report)), exist_ok=True)
    with open(args.report, 'w') as f:
        f.write('\n'.join(out) + '\n')
    print(f'profile-real: {len(findings)} findings, {shares["measured"]} '
          f'measured; top {top} by saving '
          f'{ranking.percent(shares["ranked_share"])}, first {top} '
          f'{ranking.percent(shares["static_share"])} of '
          f'{ranking.thousands(allocations or 0)} allocations '
          f'(report: {args.report})')
    return 0


if __name__ == '__main__':
    sys.exit(main())
