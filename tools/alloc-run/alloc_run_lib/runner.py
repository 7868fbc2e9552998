"""Running alloc-tidy on a unit, or replaying its cached result: the
processes, their environment and their results, and stopping them with
alloc-run (SIGTERM, SIGINT)."""

import json
import os
import re
import subprocess
import tempfile
import threading

import yaml

from .cache import (CACHE_VERSION, Cache, config_files, deps_unchanged,
                    file_identity, preprocess, profile_identity, sha)
from .profiles import MIN_PROFILED_ENV, PROFILE_FILES_ENV
from .usage import fail_usage


class Result:
    def __init__(self, unit, diagnostics, text, stderr, returncode,
                 cached=False, failure=None, facts=None, notes=None,
                 analysed=True, evidence=None):
        self.unit = unit
        # The profile sites each measured finding covers (JSON lines of
        # ALLOC_TIDY_PROFILE_EVIDENCE), for --explain.
        self.evidence = evidence or []
        # The member facts the checks wrote (JSON lines), for decisions
        # across the database.
        self.facts = facts or []
        self.diagnostics = diagnostics
        self.text = text
        self.stderr = stderr
        self.returncode = returncode
        self.cached = cached
        self.failure = failure  # a crash, a skipped unit or a lost result
        # What alloc-run says about how the unit was analysed (it was
        # analysed without __clang_analyzer__): printed and in SARIF, not
        # a failure.
        self.notes = notes or []
        # False when alloc-tidy never analysed the unit (its file is gone,
        # alloc-tidy skipped it or could not be started).
        self.analysed = analysed


class Stopped(Exception):
    """alloc-run was told to stop (SIGTERM, SIGINT): no more units."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


# clang-tidy's words for a file it did not analyse, exit status 0: "Skipping
# FILE. Compile command not found." (and alloc-tidy's own error for it).
SKIPPED = re.compile(r'^(?:Skipping (?P<file>.+?)\. (?P<why>.+)|'
                     r'alloc-tidy: error: (?P<error>.+))$', re.M)
ANALYZER_MACRO = '__clang_analyzer__'


def absolute_diagnostic(diag):
    """Makes every FilePath of a clang-tidy YAML diagnostic absolute."""
    build = diag.get('BuildDirectory') or ''

    def fix(node):
        if node.get('FilePath'):
            node['FilePath'] = os.path.normpath(
                os.path.join(build, node['FilePath']))
        for repl in node.get('Replacements') or []:
            if repl.get('FilePath'):
                repl['FilePath'] = os.path.normpath(
                    os.path.join(build, repl['FilePath']))

    fix(diag.get('DiagnosticMessage', {}))
    for note in diag.get('Notes') or []:
        fix(note)
    return diag


class Runner:
    def __init__(self, args, tool):
        self.args = args
        self.tool = tool
        self.notes = []
        self.lock = threading.Lock()
        self.cache = None
        if not args.no_cache:
            try:
                self.cache = Cache(args.cache_dir)
            except OSError as e:
                self.note(f"note: cannot write the cache directory "
                          f"'{args.cache_dir}' ({e.strerror or e}); running "
                          f"without the cache")
        st = os.stat(tool)
        try:
            version = subprocess.run([tool, '--version'], capture_output=True,
                                     text=True, check=False).stdout
        except OSError as e:
            fail_usage(f"cannot run '{tool}' ({e})")
        self.tool_identity = [os.path.realpath(tool), st.st_size,
                              st.st_mtime_ns, version]
        self.tool_args = []
        if args.checks is not None:
            self.tool_args.append(f'--checks={args.checks}')
        if args.config is not None:
            self.tool_args.append(f'--config={args.config}')
        if args.config_file is not None:
            self.tool_args.append(f'--config-file={args.config_file}')
        if args.warnings_as_errors is not None:
            self.tool_args.append(
                f'--warnings-as-errors={args.warnings_as_errors}')
        for extra in args.extra_arg:
            self.tool_args.append(f'--extra-arg={extra}')
        for extra in args.extra_arg_before:
            self.tool_args.append(f'--extra-arg-before={extra}')
        # The profiles' content: a new profile must not replay the findings
        # of the old one.
        self.profiles = profile_identity(args)
        self.env = {}
        # The alloc-tidy and compiler processes running now, stopped with
        # alloc-run (SIGTERM, SIGINT).
        self.children = set()
        self.stopping = None
        if args.profile:
            self.env[PROFILE_FILES_ENV] = ';'.join(args.profile)
        if args.min_profiled_allocations is not None:
            self.env[MIN_PROFILED_ENV] = str(args.min_profiled_allocations)

    def note(self, message):
        with self.lock:
            self.notes.append(message)

    def call(self, command, timeout=None, **kwargs):
        """subprocess.run(command, capture_output=True, check=False,
        **kwargs), stopped by stop()."""
        with self.lock:
            if self.stopping is not None:
                raise Stopped(self.stopping)
            proc = subprocess.Popen(command, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, **kwargs)
            self.children.add(proc)
        try:
            try:
                out, err = proc.communicate(timeout=timeout)
            except subprocess.TimeoutExpired as e:
                proc.kill()
                proc.communicate()
                raise OSError(str(e)) from e
        finally:
            with self.lock:
                self.children.discard(proc)
        if self.stopping is not None:
            raise Stopped(self.stopping)
        return subprocess.CompletedProcess(command, proc.returncode, out, err)

    def stop(self, signum):
        """No process starts from now on; those running are terminated."""
        with self.lock:
            self.stopping = signum
            running = list(self.children)
        for proc in running:
            try:
                proc.terminate()
            except OSError:
                pass

    def command_key(self, unit):
        configs = []
        for path in config_files(unit.file):
            with open(path, 'rb') as f:
                configs.append([path, sha(f.read())])
        if self.args.config_file:
            with open(self.args.config_file, 'rb') as f:
                configs.append(['--config-file', sha(f.read())])
        parts = [CACHE_VERSION, json.dumps(self.tool_identity),
                 json.dumps(self.tool_args), unit.directory, unit.file,
                 json.dumps(unit.arguments), json.dumps(configs)]
        if self.profiles:
            parts.append(json.dumps(self.profiles))
        return sha(*parts)

    def run(self, unit):
        """The unit's result; a failure of alloc-run itself (an unreadable
        file, a full disk) is a failed unit, not a lost result."""
        if not os.path.isfile(unit.file):
            return Result(unit, [], '', '', 1, analysed=False,
                          failure=f"'{unit.file}' is in the compilation "
                                  f"database but no longer exists (a stale "
                                  f"entry: regenerate the database)")
        try:
            return self.run_cached(unit)
        except OSError as e:
            return Result(unit, [], '', '', 1, analysed=False,
                          failure=f"cannot analyse '{unit.file}' ({e})")

    def run_cached(self, unit):
        if self.cache is None:
            return self.analyse(unit)
        key = self.command_key(unit)
        entry = self.cache.load(key)
        # Direct hit: every file the unit read last time is as it was.
        if entry and deps_unchanged(entry['deps']):
            return self.replay(unit, entry)
        pre = preprocess(unit, self.call)
        if isinstance(pre, str):
            self.note(f"note: cannot preprocess '{unit.file}' with its "
                      f"compile command ({pre}); its cache entry hashes the "
                      f"file and its flags only, so a change in a header it "
                      f"includes is not seen")
            with open(unit.file, 'rb') as f:
                input_hash, deps = sha('file', f.read()), [unit.file]
        else:
            input_hash, deps = pre
        deps = [file_identity(d) for d in deps]
        if entry and entry['input'] == input_hash:
            entry['deps'] = deps
            self.cache.store(key, entry)
            return self.replay(unit, entry)
        result = self.analyse(unit)
        if result.failure is None:
            try:
                self.cache.store(key, {
                    'input': input_hash, 'deps': deps,
                    'diagnostics': result.diagnostics, 'text': result.text,
                    'stderr': result.stderr,
                    'returncode': result.returncode,
                    'facts': result.facts, 'notes': result.notes,
                    'evidence': result.evidence})
            except OSError as e:
                # The analysis stands; only the cache is lost (a full
                # disk, a directory that became read-only).
                self.note(f"note: cannot store '{unit.file}' in the cache "
                          f"({e.strerror or e})")
        return result

    @staticmethod
    def replay(unit, entry):
        return Result(unit, entry['diagnostics'], entry['text'],
                      entry['stderr'], entry['returncode'], cached=True,
                      facts=entry.get('facts', []),
                      notes=entry.get('notes', []),
                      evidence=entry.get('evidence', []))

    def analyse_with_decisions(self, unit, decisions):
        """The unit analysed again, past the cache, with the whole program's
        \p decisions (a file): the functions of other units it hands
        containers to are judged by their records (docs/whole-program.md)."""
        try:
            return self.analyse(
                unit, {'ALLOC_TIDY_MEMBER_DECISIONS': decisions})
        except OSError as e:
            return Result(unit, [], '', '', 1, analysed=False,
                          failure=f"cannot analyse '{unit.file}' ({e})")

    def analyse(self, unit, env=None):
        result = self.run_tidy(unit, [], env)
        if not self.breaks_under_analyzer(result):
            return result
        # The unit compiles when the macro is not defined: its findings are
        # those of that analysis, and alloc-run says so.
        again = self.run_tidy(unit, [f'--extra-arg=-U{ANALYZER_MACRO}'],
                              env)
        if again.failure or 'Error while processing' in \
                again.text + again.stderr:
            return result
        again.notes.append(
            f"'{unit.file}' was analysed without {ANALYZER_MACRO}: it does "
            f"not compile when the macro is defined (clang-tidy defines it, "
            f"and a header takes another branch then; some bundled "
            f"libraries do), so its findings are those of the analysis "
            f"without it")
        return again

    def run_tidy(self, unit, extra, env=None):
        """alloc-tidy on \p unit, with the arguments \p extra added."""
        fd, fixes = tempfile.mkstemp(prefix='alloc-run-', suffix='.yaml')
        os.close(fd)
        os.unlink(fixes)
        fd, facts_file = tempfile.mkstemp(prefix='alloc-run-', suffix='.jsonl')
        os.close(fd)
        fd, evidence_file = tempfile.mkstemp(prefix='alloc-run-',
                                             suffix='.jsonl')
        os.close(fd)
        # The member checks append what this unit knows about each member;
        # the checks that measure a finding, the profile sites it covers.
        env = dict(os.environ, ALLOC_TIDY_MEMBER_FACTS_OUTPUT=facts_file,
                   ALLOC_TIDY_PROFILE_EVIDENCE=evidence_file, **self.env,
                   **(env or {}))
        command = [self.tool, '-p', self.args.build_dir, '--quiet',
                   f'--export-fixes={fixes}'] + self.tool_args + extra + \
            [unit.file]
        try:
            proc = self.call(command, text=True, errors='replace', env=env)
            diagnostics = []
            if os.path.exists(fixes):
                with open(fixes, encoding='utf-8') as f:
                    data = yaml.safe_load(f) or {}
                diagnostics = [absolute_diagnostic(d)
                               for d in data.get('Diagnostics') or []]
            with open(facts_file, encoding='utf-8') as f:
                facts = [line for line in f.read().splitlines() if line]
            with open(evidence_file, encoding='utf-8') as f:
                evidence = [json.loads(line)
                            for line in f.read().splitlines() if line]
        except (OSError, ValueError, yaml.YAMLError) as e:
            return Result(unit, [], '', str(e), 1, analysed=False,
                          failure=f"cannot run alloc-tidy on '{unit.file}' "
                                  f"({e})")
        finally:
            for path in (fixes, facts_file, evidence_file):
                if os.path.exists(path):
                    os.unlink(path)
        failure, analysed = None, True
        skipped = SKIPPED.search(proc.stdout + proc.stderr)
        if proc.returncode < 0:
            failure = (f"alloc-tidy crashed on '{unit.file}' (signal "
                       f"{-proc.returncode})")
        elif proc.returncode not in (0, 1):
            failure = (f"alloc-tidy failed on '{unit.file}' (exit status "
                       f"{proc.returncode})")
        elif skipped:
            # A unit alloc-tidy did not analyse is a failed unit, whatever
            # its exit status.
            failure = (f"alloc-tidy did not analyse '{unit.file}' "
                       f"({(skipped['why'] or skipped['error']).rstrip('.')})")
            analysed = False
        return Result(unit, diagnostics, proc.stdout, proc.stderr,
                      proc.returncode, failure=failure, facts=facts,
                      analysed=analysed, evidence=evidence)

    def breaks_under_analyzer(self, result):
        """Whether the unit's errors may come from __clang_analyzer__, which
        clang-tidy defines: it has errors, and the macro was not already
        taken care of."""
        return (result.returncode == 1 and not result.failure and
                'Error while processing' in result.text + result.stderr and
                not any(ANALYZER_MACRO in a for a in self.tool_args))
