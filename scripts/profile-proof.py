#!/usr/bin/env python3
"""`make profile-proof`: the profile-guided fix-its applied to real programs,
each run again over its real workload and counted (issue 33, parts 5 and 6).

  scripts/profile-proof.py [options] [PROGRAM...]

For each program of the corpus (scripts/proof-corpus.json; by default all),
whose project scripts/real-projects.sh prepared in PROJECTS/PROJECT (its
sources in src/, project.json), in PROJECTS/PROJECT/proof:
  1. input/: the workload's real input, copied from the globs of the entry
     (files found on this machine, outside the tree); none found: skipped.
     An entry whose "inputs" is empty runs a workload that reads none of
     ours (the project's own test program, which holds its data). A
     "{projects}" glob reads every prepared project unless the entry names
     them in "input_projects": a workload over the projects' own files
     then reads the same ones when more projects are prepared;
  2. build-before/: the pristine sources built at -O2 -g (RelWithDebInfo);
     the workload run natively in run/ (made afresh for every run), its
     output (stdout and stderr) kept in before.out; run under `heapcount
     --profile` (profile.json) and under `heapcount --json` (the before
     count: the processes whose program is in the build directory);
  3. `alloc-run -p build-before --profile profile.json --explain 20 --sarif
     --export-fixes` with the options of scripts/profile-real.py (those of
     scripts/real-code-report.py and its header filter); the explanation is
     appended to --top-sites;
  4. fixed-src/: a copy of the sources with every alloc-* fix-it applied
     (clang-apply-replacements -ignore-insert-conflict, as run-clang-tidy
     -fix), built at -O2 -g (build-fixed/), run: the output must be
     before.out's (the build directory's path masked), the after count;
     built with AddressSanitizer (build-asan/, not counted) and run: the
     same output again, nothing reported;
  4b. up to --rounds (default 2) in all: the fixed program profiled again
     (profile-N.json), fixed-src analysed with that profile, its new
     fix-its applied in place, rebuilt and run (the same output; the
     count after); a round that finds no fix-it ends them. AddressSanitizer
     runs on the last round's sources. The busiest sites of --explain are
     looked up in a profile of the last round's program (site_removal.py):
     the share of their allocations the fixes removed, measured;
  5. single-src/: for each finding with a fix-it whose prediction ("would
     save about N allocations") is at least --min-predicted (default 0:
     every fix-it, the unmeasured ones too), the largest --max-predictions
     (default 8) first: that fix-it alone applied to this copy (the
     previous one's files restored first; with the includes that other
     fix-its insert in its files, since clang-tidy inserts each include in
     the first finding of a file that needs it), rebuilt incrementally
     (build-single/), counted; the prediction holds within 5%.
The results go to --results (JSON) and the table to the section of
--report between proof_table.BEGIN and END (docs/validation.md, which
scripts/validate_report.py writes again from the same results).

Every run of a workload has PROOF_RUN set to native, profile, count or asan
and BUILD to the build directory; LC_ALL=C.

Exit status: 0 when every program was proved or skipped (a project, a tool
or an input is absent: said on stderr); 1 when a build fails, a fixed
program's output differs, AddressSanitizer reports or a step fails; 2 on a
bad corpus or usage.
"""

import argparse
import datetime
import glob
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import proof_table  # noqa: E402 (next to this script)
import site_removal  # noqa: E402 (next to this script)
import ranking  # noqa: E402 (next to this script)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SANITIZER = re.compile(r'ERROR: (Address|Leak)Sanitizer|runtime error:')


def say(message):
    print(f'profile-proof: {message}', file=sys.stderr, flush=True)


class Skip(Exception):
    pass


class Failure(Exception):
    pass


def profile_real():
    """scripts/profile-real.py as a module (its name has a dash)."""
    path = os.path.join(ROOT, 'scripts', 'profile-real.py')
    spec = importlib.util.spec_from_file_location('profile_real', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(command, log, cwd=None, env=None, check=True):
    say('$ ' + ' '.join(command))
    with open(log, 'w') as f:
        status = subprocess.run(command, cwd=cwd, env=env, stdout=f,
                                stderr=subprocess.STDOUT).returncode
    program = command[3] if command[0] == 'nice' else command[0]
    if check and status != 0:
        raise Failure(f'{os.path.basename(program)} exited with status '
                      f'{status} (see {log})')
    return status


def load_corpus(path):
    try:
        with open(path) as f:
            corpus = json.load(f)
    except (OSError, ValueError) as e:
        say(f'error: cannot read the corpus {path}: {e}')
        sys.exit(2)
    for entry in corpus:
        missing = [k for k in ('name', 'project', 'workload', 'inputs',
                               'targets', 'description') if k not in entry]
        if missing:
            say(f'error: {path}: entry {entry.get("name", "?")} has no '
                f'{", ".join(missing)}')
            sys.exit(2)
    return corpus


class Proof:
    """One program of the corpus through the steps of the docstring."""

    def __init__(self, entry, args, tools):
        self.entry, self.args, self.tools = entry, args, tools
        self.name = entry['name']
        self.busiest = []  # (file under the sources, line) of --explain
        self.result = {'name': self.name, 'workload': entry['description'],
                       'status': 'failed', 'predictions': [], 'problems': []}

    # --- set-up -----------------------------------------------------------
    def prepare(self):
        project_dir = os.path.join(self.args.projects_dir,
                                   self.entry['project'])
        try:
            with open(os.path.join(project_dir, 'project.json')) as f:
                self.source = os.path.abspath(json.load(f)['source'])
        except (OSError, ValueError, KeyError):
            raise Skip(f'{project_dir}/project.json is absent (make '
                       f'real-code, or scripts/real-projects.sh '
                       f'{self.entry["project"]}, prepares it)')
        if not os.path.isfile(os.path.join(self.source, 'CMakeLists.txt')):
            raise Skip(f'{self.source} has no CMakeLists.txt')
        if self.args.work_dir:
            self.work = os.path.join(self.args.work_dir, self.name)
        else:  # two entries of one project keep apart
            self.work = os.path.join(project_dir, 'proof' if self.name ==
                                     self.entry['project'] else
                                     f'proof-{self.name}')
        os.makedirs(self.work, exist_ok=True)
        self.input = os.path.join(self.work, 'input')
        shutil.rmtree(self.input, ignore_errors=True)
        places = {'projects': self.args.projects_dir, 'source': self.source}
        pinned = self.entry.get('input_projects')
        copied = 0
        for template, pattern in self.entry['inputs']:
            base = template.format(**places)
            for path in sorted(glob.glob(os.path.join(base, pattern),
                                         recursive=True,
                                         include_hidden=True)):
                if not os.path.isfile(path) or path.startswith(self.work):
                    continue
                if (template == '{projects}' and pinned is not None and
                        os.path.relpath(path, base).split(os.sep)[0]
                        not in pinned):
                    continue
                target = os.path.join(self.input, os.path.relpath(path, base))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copyfile(path, target)
                copied += 1
        os.makedirs(self.input, exist_ok=True)
        if not self.entry['inputs']:
            # The project's own test suite: it reads nothing of ours.
            self.result['workload'] = self.entry['description']
            say(f'{self.name}: no input files (its own tests)')
            return
        if not copied:
            raise Skip('no input found (' + '; '.join(
                os.path.join(b.format(**places), p)
                for b, p in self.entry['inputs']) + ')')
        self.result['input_files'] = copied
        # The inputs come from whatever projects are prepared here: the
        # description says what they are, the count and size what this run
        # read.
        size = sum(os.path.getsize(os.path.join(d, f))
                   for d, _, files in os.walk(self.input) for f in files)
        amount = (f'{size / 1e6:.1f} MB' if size >= 1e6 else
                  f'{max(1, round(size / 1e3))} KB')
        self.result['workload'] = (
            f'{self.entry["description"]} ({copied} '
            f'{"file" if copied == 1 else "files"}, {amount})')
        say(f'{self.name}: {copied} input files in {self.input}')

    def path(self, *names):
        return os.path.join(self.work, *names)

    # --- builds -------------------------------------------------------------
    def build(self, source, build, asan=False):
        flags = ['-DCMAKE_BUILD_TYPE=RelWithDebInfo',
                 f'-DCMAKE_CXX_COMPILER={self.args.cxx}',
                 f'-DCMAKE_C_COMPILER={self.args.cc}',
                 '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON',
                 '-DFETCHCONTENT_FULLY_DISCONNECTED=ON']
        if asan:
            sanitize = '-fsanitize=address -fno-omit-frame-pointer'
            flags += [f'-DCMAKE_CXX_FLAGS={sanitize}',
                      f'-DCMAKE_C_FLAGS={sanitize}',
                      '-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address',
                      '-DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=address']
        label = os.path.basename(build)
        if not os.path.isfile(os.path.join(build, 'build.ninja')):
            run(['cmake', '-G', 'Ninja', '-S', source, '-B', build] + flags +
                self.entry.get('cmake_args', []),
                self.path(f'{label}-configure.log'))
        self.ninja(build)

    def ninja(self, build):
        label = os.path.basename(build)
        run(['nice', '-n', '10', 'ninja', '-C', build,
             f'-j{self.args.jobs}'] + self.entry['targets'],
            self.path(f'{label}.log'))

    # --- the workload -------------------------------------------------------
    def workload(self, build, kind, wrapper=(), output=None):
        """Runs the workload in a fresh run/ with BUILD and PROOF_RUN set;
        returns its output with the build directory's path masked."""
        run_dir = self.path('run')
        shutil.rmtree(run_dir, ignore_errors=True)
        shutil.copytree(self.input, run_dir)
        env = dict(os.environ, BUILD=build, PROOF_RUN=kind, LC_ALL='C',
                   ASAN_OPTIONS='detect_leaks=0:abort_on_error=0')
        command = list(wrapper) + ['sh', '-c', self.entry['workload']]
        say(f'{self.name}: workload ({kind}) with {build}')
        proc = subprocess.run(command, cwd=run_dir, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        text = proc.stdout.decode('utf-8', 'replace')
        errors = proc.stderr.decode('utf-8', 'replace')
        if output:
            with open(output, 'w') as f:
                f.write(text)
        if proc.returncode != 0:
            with open(self.path(f'{kind}.err'), 'w') as f:
                f.write(errors)
            raise Failure(f'the workload ({kind}, {build}) exited with status '
                          f'{proc.returncode} (see '
                          f'{self.path(kind + ".err")})')
        if not wrapper:  # a wrapper's stderr is heapcount's
            text += errors
        return self.mask(text, build)

    def mask(self, text, build):
        text = text.replace(build, '<build>')
        for pattern, replacement in self.entry.get('mask', []):
            text = re.sub(pattern, replacement, text)
        return text

    def count(self, build, label):
        """The allocations of the processes whose program is in BUILD."""
        reports = self.path(f'count-{label}')
        shutil.rmtree(reports, ignore_errors=True)
        os.makedirs(reports)
        report = os.path.join(reports, 'count.json')
        output = self.workload(build, 'count',
                               [self.tools['heapcount'], '--json', report,
                                '--'])
        total, processes = 0, 0
        prefix = os.path.realpath(build) + os.sep
        for name in sorted(os.listdir(reports)):
            with open(os.path.join(reports, name)) as f:
                data = json.load(f)
            program = data.get('run', {}).get('program') or ''
            if os.path.realpath(program).startswith(prefix):
                total += data['total']['allocs']
                processes += 1
        if not processes:
            raise Failure(f'heapcount counted no process of {build} (see '
                          f'{reports})')
        return total, output

    # --- fixes --------------------------------------------------------------
    def fixes(self, path):
        import yaml  # python3-yaml: the exported fixes
        with open(path) as f:
            data = yaml.safe_load(f) or {}
        found, seen = [], set()
        for diag in data.get('Diagnostics') or []:
            message = diag['DiagnosticMessage']
            key = (diag.get('DiagnosticName'), message.get('FilePath'),
                   message.get('FileOffset'))
            if (diag.get('DiagnosticName', '').startswith('alloc-') and
                    message.get('Replacements') and key not in seen):
                seen.add(key)
                found.append(diag)
        return found

    def apply(self, diagnostics, copy, label, source):
        """Applies DIAGNOSTICS' replacements, moved from SOURCE (the
        analysed tree) to COPY; returns the files they change (relative)."""
        import yaml
        fixes_dir = self.path(f'fixes-{label}')
        shutil.rmtree(fixes_dir, ignore_errors=True)
        os.makedirs(fixes_dir)
        prefix = source + os.sep
        touched = set()
        moved = []
        for diag in diagnostics:
            diag = json.loads(json.dumps(diag))
            outside = [r['FilePath'] for r in
                       diag['DiagnosticMessage']['Replacements']
                       if not r['FilePath'].startswith(prefix)]
            if outside:
                self.result['problems'].append(
                    f'a fix-it of {diag["DiagnosticName"]} at '
                    f'{place(diag, source)} '
                    f'changes {outside[0]}, outside the sources: not applied')
                continue
            for replacement in diag['DiagnosticMessage']['Replacements']:
                path = replacement['FilePath']
                touched.add(path[len(prefix):])
                replacement['FilePath'] = os.path.join(copy,
                                                       path[len(prefix):])
            message = diag['DiagnosticMessage']
            message['FilePath'] = message['FilePath'].replace(
                prefix, copy + os.sep, 1)
            moved.append(diag)
        with open(os.path.join(fixes_dir, 'fixes.yaml'), 'w') as f:
            yaml.safe_dump({'MainSourceFile': '', 'Diagnostics': moved}, f)
        run([self.tools['apply'], '-ignore-insert-conflict', fixes_dir],
            self.path(f'apply-{label}.log'))
        return sorted(touched)

    def copy_sources(self, name):
        """The sources in NAME, made equal to the pristine ones: a file that
        differs is written again (a new mtime, so that the copy's build
        recompiles what an earlier run changed), an equal one is left as it
        is (its objects stay up to date), an extra one is removed."""
        copy = self.path(name)
        wanted = set()
        for directory, dirs, files in os.walk(self.source):
            dirs[:] = [d for d in dirs if d != '.git']
            relative = os.path.relpath(directory, self.source)
            os.makedirs(os.path.join(copy, relative), exist_ok=True)
            for file in files:
                source = os.path.join(directory, file)
                target = os.path.normpath(os.path.join(copy, relative, file))
                wanted.add(target)
                if os.path.islink(source) or not os.path.isfile(source):
                    continue
                if not same_content(source, target):
                    shutil.copyfile(source, target)
        for directory, _, files in os.walk(copy):
            for file in files:
                path = os.path.normpath(os.path.join(directory, file))
                if path not in wanted:
                    os.remove(path)
        return copy

    def profiler(self, profile, source):
        """The wrapper that profiles a workload into PROFILE; files that a
        build names relatively (-ffile-prefix-map) are found under SOURCE."""
        return [self.tools['heapcount'], '--source-root', source,
                '--profile', profile, '--']

    # --- the steps ----------------------------------------------------------
    def prove(self):
        self.prepare()
        before_build = self.path('build-before')
        self.build(self.source, before_build)
        native = self.workload(before_build, 'native',
                               output=self.path('before.out'))
        with open(self.path('before.masked'), 'w') as f:
            f.write(native)
        profile = self.path('profile.json')
        self.workload(before_build, 'profile',
                      self.profiler(profile, self.source))
        self.result['before'], _ = self.count(before_build, 'before')

        self.analyse(before_build, profile)

        fixes = self.fixes(self.path('fixes.yaml'))
        self.result['fixes'] = len(fixes)
        self.result['predicted'] = sum(saving(d) or 0 for d in fixes)
        fixed_src = self.copy_sources('fixed-src')
        changed = set(self.apply(fixes, fixed_src, 'all', self.source))
        fixed_build = self.path('build-fixed')
        self.build(fixed_src, fixed_build)
        self.result['after'] = self.run_fixed(fixed_build, native, 'after')
        self.result['rounds'] = [{'fixes': len(fixes),
                                  'predicted': self.result['predicted'],
                                  'after': self.result['after']}]
        final_profile = None
        for number in range(2, self.args.rounds + 1):
            if not self.next_round(number, fixed_src, fixed_build, native,
                                   changed):
                # That round profiled the program it found nothing in.
                final_profile = self.path(f'profile-{number}.json')
                break
        self.result['changed_files'] = sorted(changed)
        if not final_profile:
            final_profile = self.path('profile-final.json')
            self.workload(fixed_build, 'profile',
                          self.profiler(final_profile, fixed_src))
        self.measure_busiest(profile, final_profile, fixed_src)
        if self.args.asan:
            asan_build = self.path('build-asan')
            self.build(fixed_src, asan_build, asan=True)
            asan = self.workload(asan_build, 'asan',
                                 output=self.path('asan.out'))
            if SANITIZER.search(asan):
                raise Failure(f'AddressSanitizer reported on the fixed '
                              f'program (see {self.path("asan.out")})')
            if asan != native:
                self.write_diff(native, asan, 'asan')
                raise Failure(f'the fixed program built with '
                              f'AddressSanitizer printed another output '
                              f'(see {self.path("asan.diff")})')
            self.result['asan'] = 'pass'
        self.check_predictions(fixes)
        self.result['status'] = 'ok'

    def measure_busiest(self, before_profile, after_profile, fixed_src):
        """The share of the busiest sites' allocations (alloc-run
        --explain's 20) that the fixes removed, measured at those sites in
        the fixed program's profile."""
        if not self.busiest:
            return
        removal = site_removal.removed_at_sites(
            self.busiest, self.source, fixed_src, before_profile,
            after_profile)
        self.result['top_removed'] = proof_table.percent(
            removal['removed'], removal['before'])

    def run_fixed(self, build, native, label):
        """Runs the workload with the fixed BUILD: its output must be the
        native one's; returns its count."""
        output = self.workload(build, 'native',
                               output=self.path(f'{label}.out'))
        self.result['identical'] = output == native
        if output != native:
            self.write_diff(native, output, label)
            raise Failure(f'the fixed program\'s output differs from the '
                          f'native run\'s (see {self.path(label + ".diff")})')
        count, _ = self.count(build, label)
        return count

    def next_round(self, number, fixed_src, fixed_build, native, changed):
        """Round NUMBER: the fixed program profiled again, the fixed sources
        analysed with that profile, the new fix-its applied in place, built
        and counted. A fix can need another first (a parameter taken by
        value is worth it once its class moves), so the second round finds
        what the first one made possible. False when it found nothing."""
        profile = self.path(f'profile-{number}.json')
        self.workload(fixed_build, 'profile',
                      self.profiler(profile, fixed_src))
        fixes_file = self.path(f'fixes-{number}.yaml')
        run(profile_real().alloc_run_command(
            self.tools['alloc-run'], fixed_build, fixed_src, profile,
            self.path(f'alloc-{number}.sarif'), self.args.jobs,
            ['--export-fixes', fixes_file] +
            (['--files', self.entry['files']] if 'files' in self.entry
             else [])),
            self.path(f'alloc-run-{number}.log'))
        fixes = self.fixes(fixes_file)
        say(f'{self.name}: round {number}: {len(fixes)} fix-its')
        if not fixes:
            return False
        before = self.result['after']
        predicted = sum(saving(d) or 0 for d in fixes)
        changed.update(self.apply(fixes, fixed_src, f'round-{number}',
                                  fixed_src))
        self.ninja(fixed_build)
        after = self.run_fixed(fixed_build, native, f'after-{number}')
        self.result['after'] = after
        self.result['fixes'] += len(fixes)
        self.result['predicted'] += predicted
        self.result['rounds'].append({
            'fixes': len(fixes), 'predicted': predicted, 'after': after,
            'findings': [f'{d["DiagnosticName"]} at {place(d, fixed_src)}'
                         for d in fixes]})
        say(f'{self.name}: round {number}: allocations {before:,} -> '
            f'{after:,}')
        return True

    def write_diff(self, before, after, label):
        import difflib
        with open(self.path(f'{label}.diff'), 'w') as f:
            f.writelines(difflib.unified_diff(
                before.splitlines(True), after.splitlines(True),
                'before (masked)', f'{label} (masked)'))

    def analyse(self, build, profile):
        real = profile_real()
        sarif = self.path('alloc.sarif')
        log = self.path('alloc-run.log')
        run(real.alloc_run_command(self.tools['alloc-run'], build,
                                   self.source, profile, sarif,
                                   self.args.jobs,
                                   ['--export-fixes',
                                    self.path('fixes.yaml')] +
                                   (['--files', self.entry['files']]
                                    if 'files' in self.entry else [])),
            log)
        with open(log) as f:
            lines = [line.rstrip() for line in f]
        explanation = real.explanation(lines)
        with open(sarif) as f:
            properties = json.load(f)['runs'][0].get('properties', {})
        sites = properties.get('allocRunProfileSites')
        if sites:
            self.result['coverage'] = (
                f'{100 * sites["allocationCoverage"]:.1f}%')
            kinds = sites.get('allocationsByKind') or {}
            if 'perObject' in kinds:
                self.result['per_object'] = proof_table.percent(
                    kinds['perObject'], sites['allocations'])
            if 'allocationsWithinReach' in sites:
                self.result['within_reach'] = proof_table.percent(
                    sites['allocationsWithinReach'],
                    sites['allocationsAtSites'])
            busiest = sites.get('busiestSites', [])
            top = sum(s['allocations'] for s in busiest)
            explained = sum(s['allocations'] for s in busiest
                            if 'finding' in s or
                            s.get('reason', 'no finding') != 'no finding')
            fixed = sum(s['allocations'] for s in busiest
                        if s.get('finding', {}).get('fixIt'))
            self.result['top_explained'] = proof_table.percent(explained, top)
            self.result['top_fixed'] = proof_table.percent(fixed, top)
            self.result['profiled'] = sites['allocations']
            self.busiest = [
                (s['location']['artifactLocation']['uri'],
                 s['location']['region']['startLine']) for s in busiest
                if s['location']['artifactLocation'].get('uriBaseId') ==
                'SRCROOT']
        if self.args.top_sites:
            os.makedirs(os.path.dirname(os.path.abspath(self.args.top_sites)),
                        exist_ok=True)
            with open(self.args.top_sites, 'a') as f:
                f.write(f'\n## {self.name}: {self.entry["description"]}\n\n'
                        f'```\n' + '\n'.join(explanation) + '\n```\n')

    def check_predictions(self, fixes):
        # With --min-predicted 0 the unmeasured fix-its are checked too:
        # what they change is measured, with no prediction to hold.
        candidates = [d for d in fixes
                      if (saving(d) or 0) >= self.args.min_predicted]
        candidates.sort(key=lambda d: -(saving(d) or 0))
        chosen = candidates[:self.args.max_predictions]
        if len(candidates) > len(chosen):
            self.result['problems'].append(
                f'{len(candidates) - len(chosen)} more fix-its (predicted '
                f'saving at least {self.args.min_predicted}, or none) not '
                f'checked alone (the cap is {self.args.max_predictions})')
        if not chosen:
            return
        single_src = self.copy_sources('single-src')
        single_build = self.path('build-single')
        self.build(single_src, single_build)
        # The reference is this copy's own count before any fix-it: a build
        # of other paths could allocate otherwise (it does not, so far).
        baseline, _ = self.count(single_build, 'single-0')
        self.result['single_before'] = baseline
        if baseline != self.result['before']:
            self.result['problems'].append(
                f'the pristine copy made {baseline:,} allocations, the '
                f'pristine sources {self.result["before"]:,}')
        touched = []
        for number, diag in enumerate(chosen, 1):
            for name in touched:  # a new mtime: ninja rebuilds its units
                shutil.copyfile(os.path.join(self.source, name),
                                os.path.join(single_src, name))
            entry = {'check': diag['DiagnosticName'],
                     'place': place(diag, self.source),
                     'predicted': saving(diag)}
            self.result['predictions'].append(entry)
            touched = self.apply([with_includes(diag, fixes)], single_src,
                                 f'single-{number}', self.source)
            try:
                self.ninja(single_build)
            except Failure as e:
                entry['problem'] = 'the fixed copy does not build'
                raise Failure(f'{entry["check"]} at {entry["place"]} alone: '
                              f'{e}')
            count, _ = self.count(single_build, f'single-{number}')
            entry['measured'] = baseline - count
            if entry['predicted'] is None:
                verdict = 'no prediction'
            else:
                entry['holds'] = proof_table.holds(entry['predicted'],
                                                   entry['measured'])
                verdict = 'holds' if entry['holds'] else 'does not hold'
            say(f'{self.name}: {entry["check"]} at {entry["place"]}: '
                f'predicted {entry["predicted"]}, measured '
                f'{entry["measured"]}: {verdict}')


def with_includes(diag, fixes):
    """DIAG with the #include insertions that the other findings of FIXES
    make in the files DIAG changes: clang-tidy inserts an include once per
    file, in the first finding that needs it, so a later one applied alone
    would miss it (alloc-clangd gives each finding its own)."""
    diag = json.loads(json.dumps(diag))
    replacements = diag['DiagnosticMessage']['Replacements']
    files = {r['FilePath'] for r in replacements}
    for other in fixes:
        for r in other['DiagnosticMessage'].get('Replacements') or []:
            if r['FilePath'] in files and r['Length'] == 0 and \
                    r['ReplacementText'].startswith('#include ') and \
                    r not in replacements:
                replacements.append(dict(r))
    return diag


def same_content(a, b):
    try:
        with open(a, 'rb') as f, open(b, 'rb') as g:
            return f.read() == g.read()
    except OSError:
        return False


def saving(diag):
    """The allocations the profile says DIAG's fix would save, or None."""
    return ranking.measured_saving(
        (note.get('Message') or '') for note in diag.get('Notes') or [])


def place(diag, source):
    """DIAG's file (relative to SOURCE) and line."""
    message = diag['DiagnosticMessage']
    path, offset = message['FilePath'], message.get('FileOffset', 0)
    try:
        with open(path, 'rb') as f:
            line = f.read(offset).count(b'\n') + 1
    except OSError:
        line = 0
    return f'{os.path.relpath(path, source)}:{line}'


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('programs', nargs='*')
    parser.add_argument('--projects-dir', default=os.environ.get(
        'ALLOC_TIDY_PROJECTS_DIR', '/work/real-projects'))
    parser.add_argument('--work-dir', help='where the builds go (default: '
                        'PROJECTS/PROJECT/proof)')
    parser.add_argument('--corpus', default=os.path.join(
        ROOT, 'scripts', 'proof-corpus.json'))
    parser.add_argument('--bin-dir', default=os.path.join(ROOT, 'build',
                                                          'bin'))
    parser.add_argument('--cxx', default='clang++-22')
    parser.add_argument('--cc', default='clang-22')
    parser.add_argument('--apply-replacements',
                        default='clang-apply-replacements-22')
    parser.add_argument('--results', default=proof_table.default_results_path(
        ROOT))
    parser.add_argument('--report', default=os.path.join(
        ROOT, 'docs', 'validation.md'))
    parser.add_argument('--top-sites', help='append each program\'s '
                        'alloc-run --explain here')
    parser.add_argument('--min-predicted', type=int, default=0)
    parser.add_argument('--max-predictions', type=int, default=8)
    parser.add_argument('--no-asan', dest='asan', action='store_false')
    parser.add_argument('--rounds', type=int, default=2,
                        help='analyse and fix again, with a profile of the '
                        'fixed program, up to this many times in all '
                        '(default 2; 1: one round)')
    parser.add_argument('-j', '--jobs', type=int, default=2)
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error('--rounds must be at least 1')
    args.projects_dir = os.path.abspath(args.projects_dir)
    args.bin_dir = os.path.abspath(args.bin_dir)
    if args.work_dir:
        args.work_dir = os.path.abspath(args.work_dir)

    corpus = load_corpus(args.corpus)
    unknown = set(args.programs) - {e['name'] for e in corpus}
    if unknown:
        say(f'error: not in the corpus: {", ".join(sorted(unknown))}')
        return 2
    corpus = [e for e in corpus
              if not args.programs or e['name'] in args.programs]
    tools = {'alloc-run': os.path.join(args.bin_dir, 'alloc-run'),
             'heapcount': os.path.join(args.bin_dir, 'heapcount'),
             'apply': shutil.which(args.apply_replacements)}
    for name in ('alloc-run', 'heapcount'):
        if not os.access(tools[name], os.X_OK):
            say(f'skipped: {tools[name]} is absent (make build)')
            return 0
    for tool in ('cmake', 'ninja', args.cxx, args.apply_replacements):
        if not shutil.which(tool):
            say(f'skipped: {tool} is not installed')
            return 0
    try:
        import yaml  # noqa: F401
    except ImportError:
        say('skipped: PyYAML is not installed (python3-yaml): the fixes '
            'cannot be read')
        return 0

    results, failed = [], []
    for entry in corpus:
        proof = Proof(entry, args, tools)
        try:
            proof.prove()
        except Skip as e:
            say(f'skipped: {entry["name"]}: {e}')
            continue
        except Failure as e:
            proof.result['problems'].append(str(e))
            failed.append(f'{entry["name"]}: {e}')
        results.append(proof.result)
    if not results:
        say('skipped: no program of the corpus could be run (nothing '
            'written)')
        return 0
    # A run of some programs keeps the others' last results.
    kept = {p['name']: p for p in (proof_table.read_results(args.results) or
                                   {}).get('programs', [])}
    kept.update({p['name']: p for p in results})
    order = [e['name'] for e in load_corpus(args.corpus)]
    data = {'date': datetime.datetime.now(datetime.timezone.utc).strftime(
        '%Y-%m-%d'), 'min_predicted': args.min_predicted,
        'max_predictions': args.max_predictions,
        'programs': sorted(kept.values(), key=lambda p: (
            order.index(p['name']) if p['name'] in order else len(order),
            p['name']))}
    with open(args.results, 'w') as f:
        json.dump(data, f, indent=1)
        f.write('\n')
    try:
        with open(args.report, encoding='utf-8') as f:
            text = f.read()
    except OSError:
        text = ''
    with open(args.report, 'w', encoding='utf-8') as f:
        f.write(proof_table.replace_section(text,
                                            proof_table.section(data)))
    for p in results:
        before, after = p.get('before'), p.get('after')
        saved = None if after is None else before - after
        say(f'{p["name"]}: {p["status"]}: allocations '
            f'{proof_table.thousands(before)} -> '
            f'{proof_table.thousands(after)} '
            f'({proof_table.percent(saved, before)} '
            f'saved), predicted {proof_table.thousands(p.get("predicted"))}, '
            f'coverage {p.get("coverage", "—")}')
    for message in failed:
        say(f'FAILED: {message}')
    say(f'results: {args.results}; table: {args.report}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
