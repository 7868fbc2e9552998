"""Runs the single job of a GitHub Actions pull-request workflow locally.

  run_pr_job.py FILE --repo GIT_DIR --base REV --work DIR --out DIR

For docs/ci/heapcount-budget.yml: the pull request's head is GIT_DIR's HEAD,
its base the commit REV. The job runs in DIR/ws (emptied first): its `run:`
steps in bash, in order, with the job's and the step's env, GITHUB_OUTPUT,
GITHUB_STEP_SUMMARY and GITHUB_WORKSPACE; `${{ ... }}` in env values is
replaced for github.event.pull_request.base.sha and .number, github.token
and vars.NAME. `actions/checkout` clones GIT_DIR at HEAD (all history).
`if:` takes !cancelled(), success(), failure(), always(),
steps.ID.outcome and steps.ID.outputs.NAME with ==, !=, && and ||; as on
GitHub, an `if:` without a status function is anded with success(). A step
with a line `# ci-test: skip` is listed and not run. Anything else is an
error (status 1), so that the test cannot cover less than the file says.

Prints each step with its output indented; ends with the step summary and
`job: success` or `job: failure (failed step: NAME)`. The summary is also
copied to OUT/summary.md. Exit status 0 whether or not the job failed.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

import yaml

SKIP = re.compile(r'^\s*# ci-test: skip\b', re.MULTILINE)
EXPR = re.compile(r'\$\{\{\s*(.*?)\s*\}\}')


class JobError(Exception):
    pass


def substitute(text, context):
    def value(match):
        name = match.group(1)
        if name in context:
            return context[name]
        if name.startswith('vars.'):
            return ''
        raise JobError(f'unknown expression ${{{{ {name} }}}}')
    return EXPR.sub(value, str(text))


def condition(text, steps, failed):
    match = EXPR.fullmatch(text.strip())
    expr = match.group(1) if match else text.strip()
    if not re.search(r'\b(success|failure|always|cancelled)\(\)', expr):
        expr = f'success() && ({expr})'

    def step_value(match):
        step, kind, rest = match.group(1), match.group(2), match.group(3)
        if step not in steps:
            raise JobError(f'if: names the step {step!r}, which has not run')
        if kind == 'outcome':
            return repr(steps[step]['outcome'])
        return repr(steps[step]['outputs'].get(rest[1:], ''))
    python = re.sub(r'steps\.([\w-]+)\.(outcome|outputs)((?:\.[\w-]+)?)',
                    step_value, expr)
    python = python.replace('&&', ' and ').replace('||', ' or ')
    python = re.sub(r'!(?!=)', ' not ', python)
    python = (python.replace('success()', repr(not failed))
              .replace('failure()', repr(failed))
              .replace('always()', 'True')
              .replace('cancelled()', 'False'))
    words = re.findall(r'[A-Za-z_]\w*', re.sub(r"'[^']*'", '', python))
    if any(w not in ('and', 'or', 'not', 'True', 'False') for w in words):
        raise JobError(f'cannot evaluate if: {text}')
    return bool(eval(python, {'__builtins__': {}}, {}))


def run_job(args):
    with open(args.file) as f:
        workflow = yaml.safe_load(f)
    jobs = workflow.get('jobs', {})
    if len(jobs) != 1:
        raise JobError('the workflow must have exactly one job')
    (name, job), = jobs.items()
    work = os.path.abspath(args.work)
    ws = os.path.join(work, 'ws')
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(ws)
    os.makedirs(args.out, exist_ok=True)
    base = subprocess.run(['git', '-C', args.repo, 'rev-parse', args.base],
                          capture_output=True, text=True, check=True)
    context = {
        'github.event.pull_request.base.sha': base.stdout.strip(),
        'github.event.pull_request.number': '1',
        'github.token': 'test-token',
    }
    summary = os.path.join(work, 'summary.md')
    open(summary, 'w').close()
    env = dict(os.environ)
    env.update({'CI': 'true', 'GITHUB_ACTIONS': 'true',
                'GITHUB_WORKSPACE': ws, 'GITHUB_STEP_SUMMARY': summary,
                'RUNNER_TEMP': os.path.join(work, 'tmp')})
    os.makedirs(env['RUNNER_TEMP'])
    for key, value in (job.get('env') or {}).items():
        env[key] = substitute(value, context)
    print(f'job {name}')
    steps = {}
    failed_step = None
    for index, step in enumerate(job.get('steps', [])):
        title = step.get('name') or step.get('uses') or f'step {index + 1}'
        if 'if' in step:
            run = condition(str(step['if']), steps, failed_step is not None)
        else:
            run = failed_step is None
        if not run:
            print(f'  skipped (if): {title}')
            if 'id' in step:
                steps[step['id']] = {'outcome': 'skipped', 'outputs': {}}
            continue
        if 'uses' in step:
            action = step['uses']
            if not action.startswith('actions/checkout@'):
                raise JobError(f'unknown action {action}')
            subprocess.run(['git', 'clone', '-q', args.repo, ws], check=True)
            print(f'  uses {action}')
            continue
        script = step['run']
        if SKIP.search(script):
            print(f'  skipped (# ci-test: skip): {title}')
            continue
        step_env = dict(env)
        for key, value in (step.get('env') or {}).items():
            step_env[key] = substitute(value, context)
        output_file = os.path.join(work, f'output-{index}')
        open(output_file, 'w').close()
        step_env['GITHUB_OUTPUT'] = output_file
        print(f'  run: {title}')
        result = subprocess.run(['bash', '-e', '-o', 'pipefail', '-c',
                                 substitute(script, context)],
                                cwd=ws, env=step_env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        for line in result.stdout.splitlines():
            print(f'  | {line}')
        outputs = {}
        with open(output_file) as f:
            for line in f:
                if '=' in line:
                    key, value = line.rstrip('\n').split('=', 1)
                    outputs[key] = value
        outcome = 'success' if result.returncode == 0 else 'failure'
        if 'id' in step:
            steps[step['id']] = {'outcome': outcome, 'outputs': outputs}
        if outcome == 'failure':
            print(f'  step failed with status {result.returncode}: {title}')
            if failed_step is None:
                failed_step = title
    shutil.copy(summary, os.path.join(args.out, 'summary.md'))
    print('summary:')
    with open(summary) as f:
        for line in f:
            print(f'  > {line.rstrip()}')
    if failed_step:
        print(f'job: failure (failed step: {failed_step})')
    else:
        print('job: success')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('file')
    parser.add_argument('--repo', required=True)
    parser.add_argument('--base', required=True)
    parser.add_argument('--work', required=True)
    parser.add_argument('--out', required=True)
    try:
        run_job(parser.parse_args())
    except JobError as e:
        print(f'run_pr_job: error: {e}', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
