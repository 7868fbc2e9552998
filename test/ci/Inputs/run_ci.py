"""Runs a CI configuration from docs/ci/ locally, as its CI would, to test it.

  run_ci.py github|gitlab FILE --repo GIT_DIR --work DIR --store DIR
            --out DIR --expect-units N

A pipeline of FILE runs against the git repository GIT_DIR at its HEAD.
Every job runs in DIR, emptied and checked out afresh (a clone of GIT_DIR),
as on a new runner; the path stays the same from job to job and from one
pipeline to the next, as on hosted runners, so that alloc-run's cache, which
records absolute paths, carries over when the CI's cache does. STORE keeps
the CI's caches between calls: a second call is the next pipeline. OUT gets
what the pipeline publishes: OUT/artifacts/NAME/ (GitHub artifacts by name,
GitLab job artifacts by job) and OUT/code-scanning/ (the SARIF files that
upload-sarif would send).

What runs: GitHub `run:` steps and GitLab `before_script`/`script` items,
in bash as each CI starts them, in the workspace, with its variables (matrix
value, parallel index, CI=true, commit, the file's env/variables); the
commands are the file's own text, with alloc-run and alloc-tidy found on
PATH (the test puts the build tree's bin/ first).
What is emulated: actions/checkout (the clone), actions/cache and its
restore and save halves, actions/upload-artifact and download-artifact,
GitLab's cache: and artifacts:, and which jobs and steps run after a
failure (if:, when:, needs:).
What is skipped: a script with a line `# ci-test: skip` (installing
packages, which needs root and the network), and github/codeql-action/
upload-sarif, whose file must exist and is copied to OUT/code-scanning.
Anything else (another action, an expression or a key this program does not
know) is an error, so that the test cannot silently cover less than the file
says.

Each alloc-run prints its --stats line; the pipeline must have analysed N
units in all (--expect-units), each in exactly one shard. The last lines are

  pipeline: J shard jobs, N units (n1+n2+...), A analysed, C from cache, F findings
  pipeline: success | failure (failed jobs: ...)

and the exit status is 0 whether or not jobs failed (a finding fails a
shard on purpose); 1 when the pipeline could not be run as written.
"""
import argparse
import fnmatch
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

SKIP_MARKER = re.compile(r'^\s*# ci-test: skip\b', re.MULTILINE)
STATS = re.compile(r'alloc-run: (\d+) translation units?: (\d+) analysed, '
                   r'(\d+) from cache(?:, \d+ not analysed)?; (\d+) '
                   r'findings?; (\d+) with errors')


class CIError(Exception):
    """The file uses something this emulation does not know."""


def log(message):
    print(message, flush=True)


def git(repo, *cmd):
    return subprocess.run(['git', '-C', repo] + list(cmd), check=True,
                          capture_output=True, text=True).stdout.strip()


def fresh_workspace(work):
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)


def checkout(repo, work):
    subprocess.run(['git', 'clone', '-q', repo, work], check=True)


def copy_into(src, dst):
    """Copies the file or tree SRC to DST, creating DST's parents."""
    os.makedirs(os.path.dirname(dst) or '.', exist_ok=True)
    if os.path.isdir(src):
        shutil.copytree(src, dst, dirs_exist_ok=True)
    else:
        shutil.copy2(src, dst)


class Pipeline:
    """What is common to both CIs: running scripts, caches, the summary."""

    def __init__(self, args):
        self.args = args
        self.repo = os.path.abspath(args.repo)
        self.work = os.path.abspath(args.work)
        self.store = os.path.abspath(args.store)
        self.out = os.path.abspath(args.out)
        self.sha = git(self.repo, 'rev-parse', 'HEAD')
        self.branch = git(self.repo, 'rev-parse', '--abbrev-ref', 'HEAD')
        self.artifacts = tempfile.mkdtemp(prefix='run-ci-artifacts-')
        self.stats = []          # (job, units, analysed, cached, findings)
        self.failed = []
        shutil.rmtree(self.out, ignore_errors=True)
        os.makedirs(self.out)
        with open(args.file, encoding='utf-8') as f:
            self.config = yaml.safe_load(f)

    # How the CI starts a script (GitHub: `bash -e {0}` when a step names
    # no shell; GitLab's shell executor: set -eo pipefail).
    SHELL = None

    @staticmethod
    def skipped(text):
        """Whether TEXT is marked to be skipped; if so, says so."""
        if not SKIP_MARKER.search(text):
            return False
        commands = [line.strip() for line in text.splitlines()
                    if line.strip() and not line.strip().startswith('#')]
        log(f'  skipped (# ci-test: skip): {commands[0] if commands else ""}')
        return True

    def run_script(self, job, text, env):
        """Runs TEXT as the CI would; True when it succeeded."""
        log('  $ ' + text.strip().replace('\n', '\n    '))
        with tempfile.NamedTemporaryFile('w', suffix='.sh',
                                         delete=False) as f:
            f.write(text)
        try:
            proc = subprocess.run(
                self.SHELL + [f.name],
                cwd=self.work, env={**os.environ, **env},
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        finally:
            os.unlink(f.name)
        for line in proc.stdout.splitlines():
            log('  | ' + line)
        for match in STATS.finditer(proc.stdout):
            units, analysed, cached, findings, _ = map(int, match.groups())
            self.stats.append((job, units, analysed, cached, findings))
        log(f'  exit status {proc.returncode}')
        return proc.returncode == 0

    def cache_dir(self, ci, key):
        safe = re.sub(r'[^A-Za-z0-9._-]', '_', key)
        return os.path.join(self.store, f'{ci}-cache', safe)

    def save_cache(self, ci, key, paths):
        target = self.cache_dir(ci, key)
        shutil.rmtree(target, ignore_errors=True)
        os.makedirs(target)
        saved = []
        for pattern in paths:
            for path in sorted(glob.glob(os.path.join(self.work, pattern))):
                rel = os.path.relpath(path, self.work)
                copy_into(path, os.path.join(target, rel))
                saved.append(rel)
        if not saved:
            shutil.rmtree(target)
            log(f'  cache: nothing to save under {paths}')
            return
        # The order of saving, for the newest of several prefix matches.
        index_path = os.path.join(self.store, f'{ci}-cache', 'index.json')
        index = []
        if os.path.exists(index_path):
            with open(index_path, encoding='utf-8') as f:
                index = json.load(f)
        index = [k for k in index if k != key] + [key]
        with open(index_path, 'w', encoding='utf-8') as f:
            json.dump(index, f)
        log(f'  cache: saved {key} ({", ".join(saved)})')

    def restore_cache(self, ci, key, fallbacks, prefix_match):
        """Restores the cache of KEY, else of the first FALLBACKS entry
        that matches (as a key prefix on GitHub, exactly on GitLab)."""
        index_path = os.path.join(self.store, f'{ci}-cache', 'index.json')
        index = []
        if os.path.exists(index_path):
            with open(index_path, encoding='utf-8') as f:
                index = json.load(f)
        found = key if key in index else None
        for fallback in fallbacks:
            if found:
                break
            matches = [k for k in index
                       if (k.startswith(fallback) if prefix_match
                           else k == fallback)]
            found = matches[-1] if matches else None
        if not found:
            log(f'  cache: no cache for {key}')
            return False
        source = self.cache_dir(ci, found)
        for name in os.listdir(source):
            copy_into(os.path.join(source, name),
                      os.path.join(self.work, name))
        if found == key:
            log(f'  cache: restored {found}')
        else:
            log(f'  cache: no cache for {key}; restored {found}')
        return found == key

    def summary(self):
        units = sum(s[1] for s in self.stats)
        jobs = [s[0] for s in self.stats]
        log(f'pipeline: {len(self.stats)} shard jobs, {units} units '
            f'({"+".join(str(s[1]) for s in self.stats)}), '
            f'{sum(s[2] for s in self.stats)} analysed, '
            f'{sum(s[3] for s in self.stats)} from cache, '
            f'{sum(s[4] for s in self.stats)} findings')
        if self.failed:
            log(f'pipeline: failure (failed jobs: {", ".join(self.failed)})')
        else:
            log('pipeline: success')
        for name in os.listdir(self.artifacts):
            copy_into(os.path.join(self.artifacts, name),
                      os.path.join(self.out, 'artifacts', name))
        shutil.rmtree(self.artifacts)
        if len(set(jobs)) != len(jobs):
            raise CIError('a job ran alloc-run more than once')
        if units != self.args.expect_units:
            raise CIError(f'the shards analysed {units} units in all, but '
                          f'the project has {self.args.expect_units}: each '
                          f'unit must be in exactly one shard')


# --- GitHub Actions ---------------------------------------------------------

# container: the steps run here, on this machine's Debian, instead.
GITHUB_JOB_KEYS = {'runs-on', 'container', 'strategy', 'env', 'steps',
                   'needs', 'if', 'permissions', 'name', 'timeout-minutes'}
GITHUB_STEP_KEYS = {'name', 'uses', 'run', 'with', 'env', 'if', 'id'}


class GitHub(Pipeline):
    SHELL = ['bash', '-e']

    def evaluate(self, text, context):
        """Replaces each ${{ name }} in TEXT with its value in CONTEXT."""
        def value(match):
            name = match.group(1)
            if name not in context:
                raise CIError(f'unknown expression ${{{{ {name} }}}}')
            return str(context[name])
        return re.sub(r'\$\{\{\s*([^}]*?)\s*\}\}', value, str(text))

    @staticmethod
    def condition(expr, failed):
        """Whether a job or step with `if: EXPR` runs, FAILED telling whether
        a job it needs, or a step before it, failed."""
        if expr is None:
            return not failed
        expr = str(expr).strip()
        match = re.fullmatch(r'\$\{\{\s*(.*?)\s*\}\}', expr)
        expr = match.group(1) if match else expr
        known = {'always()': True, '!cancelled()': True,
                 'cancelled()': False, 'success()': not failed,
                 'failure()': failed}
        if expr not in known:
            raise CIError(f'unknown condition {expr!r}')
        return known[expr]

    def run(self):
        jobs = self.config.get('jobs') or {}
        results = {}
        done = set()
        while len(done) < len(jobs):
            ready = [name for name, job in jobs.items() if name not in done
                     and set(self.needs(job)) <= done]
            if not ready:
                raise CIError('jobs whose needs cannot be met')
            for name in ready:
                results[name] = self.run_job(name, jobs[name], results)
                done.add(name)
        self.summary()

    @staticmethod
    def needs(job):
        needs = job.get('needs', [])
        return [needs] if isinstance(needs, str) else list(needs)

    def run_job(self, name, job, results):
        unknown = set(job) - GITHUB_JOB_KEYS
        if unknown:
            raise CIError(f'job {name}: unknown keys {sorted(unknown)}')
        needed_failed = any(not results[n] for n in self.needs(job))
        if not self.condition(job.get('if'), needed_failed):
            log(f'job {name}: skipped (if: {job.get("if")})')
            return True
        strategy = job.get('strategy') or {}
        matrix = strategy.get('matrix') or {}
        if set(strategy) - {'matrix', 'fail-fast', 'max-parallel'} or \
                len(matrix) > 1 or any(not isinstance(v, list)
                                       for v in matrix.values()):
            raise CIError(f'job {name}: only a one-variable matrix is '
                          f'emulated')
        combos = [{}]
        if matrix:
            (key, values), = matrix.items()
            combos = [{key: v} for v in values]
        ok = True
        for index, combo in enumerate(combos):
            context = {
                'github.sha': self.sha,
                'github.workspace': self.work,
                'runner.os': 'Linux',
                'strategy.job-total': len(combos),
                'strategy.job-index': index,
            }
            context.update({f'matrix.{k}': v for k, v in combo.items()})
            label = name + (f' ({", ".join(map(str, combo.values()))})'
                            if combo else '')
            if not self.run_instance(label, job, context):
                ok = False
                self.failed.append(label)
        return ok

    def run_instance(self, label, job, context):
        log(f'job {label}')
        fresh_workspace(self.work)
        runner_temp = tempfile.mkdtemp(prefix='run-ci-runner-temp-')
        env = {'CI': 'true', 'GITHUB_ACTIONS': 'true',
               'GITHUB_WORKSPACE': self.work, 'GITHUB_SHA': self.sha,
               'RUNNER_OS': 'Linux', 'RUNNER_TEMP': runner_temp}
        for scope in (self.config.get('env') or {}, job.get('env') or {}):
            env.update({k: self.evaluate(v, context)
                        for k, v in scope.items()})
        failed = False
        post = []
        for step in job.get('steps') or []:
            unknown = set(step) - GITHUB_STEP_KEYS
            if unknown:
                raise CIError(f'{label}: step with unknown keys '
                              f'{sorted(unknown)}')
            if not self.condition(step.get('if'), failed):
                log(f'  step skipped (if: {step.get("if")}): '
                    f'{step.get("name") or step.get("uses")}')
                continue
            if 'run' in step and self.skipped(step['run']):
                # Neither its text nor its env is evaluated: it may use
                # what only the real CI has (vars, secrets).
                continue
            if 'run' in step:
                step_env = dict(env)
                step_env.update({k: self.evaluate(v, context) for k, v in
                                 (step.get('env') or {}).items()})
                if not self.run_script(label,
                                       self.evaluate(step['run'], context),
                                       step_env):
                    failed = True
            else:
                inputs = {k: self.evaluate(v, context) for k, v in
                          (step.get('with') or {}).items()}
                if not self.action(label, step['uses'], inputs, post):
                    failed = True
        for action in post:
            if not failed:
                action()
        shutil.rmtree(runner_temp, ignore_errors=True)
        log(f'job {label}: {"failure" if failed else "success"}')
        return not failed

    def action(self, label, uses, inputs, post):
        name = uses.split('@')[0]
        log(f'  uses {uses}')

        def lines(value):
            return [l.strip() for l in str(value).splitlines() if l.strip()]

        if name == 'actions/checkout':
            checkout(self.repo, self.work)
        elif name in ('actions/cache', 'actions/cache/restore'):
            self.restore_cache('github', inputs['key'],
                               lines(inputs.get('restore-keys', '')), True)
            if name == 'actions/cache':
                # Its post step saves on success, unless the key existed.
                post.append(lambda: self.github_save(inputs))
        elif name == 'actions/cache/save':
            self.github_save(inputs)
        elif name == 'actions/upload-artifact':
            return self.upload(inputs['name'], lines(inputs['path']))
        elif name == 'actions/download-artifact':
            self.download(inputs)
        elif name == 'github/codeql-action/upload-sarif':
            path = os.path.join(self.work, inputs.get('sarif_file', ''))
            if not os.path.isfile(path):
                log(f'  upload-sarif: {inputs.get("sarif_file")} does not '
                    f'exist')
                return False
            with open(path, encoding='utf-8') as f:
                if json.load(f).get('version') != '2.1.0':
                    raise CIError(f'{path} is not SARIF 2.1.0')
            copy_into(path, os.path.join(self.out, 'code-scanning',
                                         os.path.basename(path)))
            log(f'  upload-sarif: {inputs["sarif_file"]} (not uploaded)')
        else:
            raise CIError(f'{label}: action {uses} is not emulated')
        return True

    def github_save(self, inputs):
        key = inputs['key']
        if os.path.isdir(self.cache_dir('github', key)):
            # Cache entries are immutable on GitHub.
            log(f'  cache: {key} exists, not saved again')
            return
        self.save_cache('github', key,
                        [p.strip() for p in inputs['path'].splitlines()
                         if p.strip()])

    def upload(self, name, patterns):
        target = os.path.join(self.artifacts, name)
        if os.path.exists(target):
            raise CIError(f'two jobs upload an artifact named {name}')
        files = []
        for pattern in patterns:
            files += glob.glob(os.path.join(self.work, pattern))
        if not files:
            log(f'  upload-artifact: no files match {patterns}')
            return True
        # The least common ancestor of the files is the artifact's root.
        root = os.path.commonpath([os.path.dirname(f) for f in files])
        for path in files:
            copy_into(path, os.path.join(target,
                                         os.path.relpath(path, root)))
        log(f'  upload-artifact: {name} ({len(files)} files)')
        return True

    def download(self, inputs):
        if 'name' in inputs:
            names = [inputs['name']]
        else:
            names = fnmatch.filter(sorted(os.listdir(self.artifacts)),
                                   inputs.get('pattern', '*'))
        into = os.path.join(self.work, inputs.get('path', '.'))
        merge = str(inputs.get('merge-multiple', 'false')).lower() == 'true'
        for name in names:
            target = into if merge or 'name' in inputs else \
                os.path.join(into, name)
            copy_into(os.path.join(self.artifacts, name), target)
        log(f'  download-artifact: {", ".join(names) or "nothing"}')


# --- GitLab CI --------------------------------------------------------------

GITLAB_TOP_KEYS = {'stages', 'variables', 'default'}
GITLAB_JOB_KEYS = {'stage', 'image', 'parallel', 'cache', 'script',
                   'before_script', 'after_script', 'artifacts', 'needs',
                   'when', 'variables', 'tags', 'interruptible', 'timeout'}


class GitLab(Pipeline):
    SHELL = ['bash', '-eo', 'pipefail']

    @staticmethod
    def expand(text, env):
        """$NAME and ${NAME} as GitLab expands them in keys."""
        def value(match):
            name = match.group(1) or match.group(2)
            if name not in env:
                raise CIError(f'unknown variable ${name}')
            return env[name]
        return re.sub(r'\$\{(\w+)\}|\$(\w+)', value, str(text))

    def run(self):
        config = self.config
        jobs = {k: v for k, v in config.items()
                if k not in GITLAB_TOP_KEYS and not k.startswith('.')}
        if set(config.get('default') or {}) - {'image'}:
            raise CIError('default: other than image is not emulated')
        stages = config.get('stages') or ['build', 'test', 'deploy']
        self.done = {}           # job name -> [(instance, ok)]
        for stage in stages:
            for name, job in jobs.items():
                if job.get('stage', 'test') == stage:
                    self.run_job(name, job)
        missing = set(jobs) - set(self.done)
        if missing:
            raise CIError(f'jobs in no stage: {sorted(missing)}')
        self.summary()

    def run_job(self, name, job):
        unknown = set(job) - GITLAB_JOB_KEYS
        if unknown:
            raise CIError(f'job {name}: unknown keys {sorted(unknown)}')
        needs = job.get('needs')
        if needs is not None and not all(isinstance(n, str) and n in self.done
                                         for n in needs):
            raise CIError(f'job {name}: needs: must list jobs of earlier '
                          f'stages by name')
        # Artifacts (and, for when: on_success, success) come from the jobs
        # it needs, else from every job of the earlier stages.
        before = needs if needs is not None else list(self.done)
        earlier = [(inst, ok) for n in before for inst, ok in self.done[n]]
        when = job.get('when', 'on_success')
        if when not in ('on_success', 'always', 'on_failure'):
            raise CIError(f'job {name}: when: {when} is not emulated')
        any_failed = any(not ok for _, ok in earlier)
        runs = {'on_success': not any_failed, 'always': True,
                'on_failure': any_failed}[when]
        parallel = job.get('parallel')
        if parallel is not None and not isinstance(parallel, int):
            raise CIError(f'job {name}: only parallel: N is emulated')
        total = parallel or 1
        self.done[name] = []
        if not runs:
            log(f'job {name}: skipped (when: {when})')
            return
        for index in range(1, total + 1):
            label = f'{name} {index}/{total}' if parallel else name
            ok = self.run_instance(label, name, job, index, total,
                                   [inst for inst, _ in earlier])
            self.done[name].append((label, ok))
            if not ok:
                self.failed.append(label)

    def run_instance(self, label, name, job, index, total, sources):
        log(f'job {label}')
        fresh_workspace(self.work)
        checkout(self.repo, self.work)
        env = {'CI': 'true', 'GITLAB_CI': 'true', 'CI_PROJECT_DIR': self.work,
               'CI_COMMIT_SHA': self.sha, 'CI_COMMIT_REF_NAME': self.branch,
               'CI_COMMIT_REF_SLUG': re.sub(r'[^a-z0-9]', '-',
                                            self.branch.lower()),
               'CI_DEFAULT_BRANCH': 'main', 'CI_JOB_NAME': label,
               'CI_JOB_STAGE': job.get('stage', 'test'),
               'CI_NODE_TOTAL': str(total)}
        if job.get('parallel'):
            env['CI_NODE_INDEX'] = str(index)
        for scope in (self.config.get('variables') or {},
                      job.get('variables') or {}):
            env.update({k: self.expand(v, env) for k, v in scope.items()})
        caches = job.get('cache') or []
        caches = [caches] if isinstance(caches, dict) else caches
        for cache in caches:
            unknown = set(cache) - {'key', 'paths', 'when', 'policy',
                                    'fallback_keys'}
            if unknown or not isinstance(cache.get('key', ''), str):
                raise CIError(f'{label}: cache with {sorted(cache)} is not '
                              f'emulated')
            if cache.get('policy', 'pull-push') in ('pull', 'pull-push'):
                self.restore_cache(
                    'gitlab', self.expand(cache.get('key', 'default'), env),
                    [self.expand(k, env)
                     for k in cache.get('fallback_keys', [])], False)
        for source in sources:
            stored = os.path.join(self.artifacts, self.artifact_name(source))
            if os.path.isdir(stored):
                copy_into(stored, self.work)
                log(f'  artifacts of {source} downloaded')
        # One shell for before_script and script, as on a runner, so that
        # a cd or a variable carries over from one line to the next.
        script = [item for item in self.items(job.get('before_script')) +
                  self.items(job.get('script')) if not self.skipped(item)]
        ok = not script or self.run_script(label, '\n'.join(script), env)
        after = [item for item in self.items(job.get('after_script'))
                 if not self.skipped(item)]
        if after:
            self.run_script(label, '\n'.join(after), env)
        outcome = 'on_success' if ok else 'on_failure'
        for cache in caches:
            if cache.get('when', 'on_success') in (outcome, 'always') and \
                    cache.get('policy', 'pull-push') in ('push', 'pull-push'):
                self.save_cache('gitlab',
                                self.expand(cache.get('key', 'default'), env),
                                [p.rstrip('/') for p in cache['paths']])
        artifacts = job.get('artifacts')
        if artifacts:
            unknown = set(artifacts) - {'paths', 'when', 'expire_in', 'name'}
            if unknown:
                raise CIError(f'{label}: artifacts: {sorted(unknown)} is '
                              f'not emulated')
            if artifacts.get('when', 'on_success') in (outcome, 'always'):
                self.keep_artifacts(label, artifacts.get('paths', []))
        log(f'job {label}: {"success" if ok else "failure"}')
        return ok

    @staticmethod
    def artifact_name(label):
        return re.sub(r'[^A-Za-z0-9._-]+', '-', label)

    @staticmethod
    def items(script):
        """A script: a string or a list of strings and lists of strings."""
        if script is None:
            return []
        if isinstance(script, str):
            return [script]
        flat = []
        for item in script:
            flat += item if isinstance(item, list) else [item]
        return [str(item) for item in flat]

    def keep_artifacts(self, label, patterns):
        target = os.path.join(self.artifacts, self.artifact_name(label))
        kept = []
        for pattern in patterns:
            for path in sorted(glob.glob(os.path.join(self.work, pattern),
                                         recursive=True)):
                rel = os.path.relpath(path, self.work)
                copy_into(path, os.path.join(target, rel))
                kept.append(rel)
        log(f'  artifacts: {", ".join(kept) or "none"}')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('ci', choices=['github', 'gitlab'])
    parser.add_argument('file')
    parser.add_argument('--repo', required=True)
    parser.add_argument('--work', required=True)
    parser.add_argument('--store', required=True)
    parser.add_argument('--out', required=True)
    parser.add_argument('--expect-units', type=int, required=True)
    args = parser.parse_args()
    try:
        (GitHub if args.ci == 'github' else GitLab)(args).run()
    except CIError as e:
        print(f'run_ci: error: {e}', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
