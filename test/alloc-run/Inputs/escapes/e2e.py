"""End to end over one small multi-file project: alloc-run's whole-program
decisions, applied to the whole project, built with AddressSanitizer, run,
and the output compared with the program before the fixes.

  e2e.py CASE WORK CLANGXX ALLOC_RUN... [-- ALLOC_RUN_ARGS...]

CASE is a folder of sources (*.h, *.cpp). Its file 'outside' (optional)
lists sources that are part of the program but not of the compile database
(code alloc-run cannot see). Everything is copied to WORK/src; the database
is WORK/src/build/compile_commands.json. Prints, for FileCheck:

  alloc-run: exit N
  <alloc-run's output, warnings and notes>
  changed: FILE...        (the files the fixes changed, or 'nothing')
  before: ok              (the program before the fixes builds and runs)
  after: build ok|failed
  after: run ok|failed    (AddressSanitizer and exit status)
  output: same|different

Exit status 0 whatever it prints, except for a broken CASE (1).
"""
import json
import os
import shlex
import shutil
import subprocess
import sys


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True,
                          errors='replace', check=False, **kw)


def build(sources, out, clangxx):
    proc = run([clangxx, '-std=c++17', '-g', '-fsanitize=address',
                '-fno-omit-frame-pointer', '-o', out] + sources)
    return proc.returncode == 0, proc.stderr


def execute(binary):
    env = dict(os.environ, ASAN_OPTIONS='detect_leaks=1:abort_on_error=0')
    proc = run([binary], env=env, timeout=120)
    return proc.returncode == 0, proc.stdout, proc.stderr


def main(argv):
    if '--' in argv:
        split = argv.index('--')
        argv, extra = argv[:split], argv[split + 1:]
    else:
        extra = []
    case, work, clangxx = argv[0], argv[1], argv[2]
    alloc_run = argv[3:]
    src = os.path.join(work, 'src')
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(case, src)
    outside = []
    if os.path.exists(os.path.join(src, 'outside')):
        with open(os.path.join(src, 'outside')) as f:
            outside = f.read().split()
    sources = sorted(n for n in os.listdir(src) if n.endswith('.cpp'))
    build_dir = os.path.join(src, 'build')
    os.makedirs(build_dir)
    with open(os.path.join(build_dir, 'compile_commands.json'), 'w') as f:
        json.dump([{'directory': build_dir,
                    'file': os.path.join(src, name),
                    'arguments': [clangxx, '-std=c++17', '-c',
                                  os.path.join(src, name), '-o',
                                  name + '.o']}
                   for name in sources if name not in outside], f, indent=1)
    paths = [os.path.join(src, n) for n in sources]
    ok, err = build(paths, os.path.join(work, 'before'), clangxx)
    if not ok:
        print(f'e2e: {case} does not build before the fixes:\n{err}',
              file=sys.stderr)
        return 1
    ok, before, err = execute(os.path.join(work, 'before'))
    if not ok:
        print(f'e2e: {case} fails before the fixes:\n{err}', file=sys.stderr)
        return 1
    originals = {}
    for name in os.listdir(src):
        path = os.path.join(src, name)
        if os.path.isfile(path):
            with open(path) as f:
                originals[name] = f.read()
    fixes = os.path.join(work, 'fixes')
    os.makedirs(fixes)
    proc = run(alloc_run + ['-p', build_dir, '--no-cache', '--export-fixes',
                            os.path.join(fixes, 'fixes.yaml')] + extra)
    print(f'alloc-run: exit {proc.returncode}')
    sys.stdout.write(proc.stdout.replace(src + os.sep, ''))
    sys.stdout.write(proc.stderr.replace(src + os.sep, ''))
    apply = run(['clang-apply-replacements', fixes])
    if apply.returncode != 0:
        print(f'clang-apply-replacements failed: {apply.stderr.strip()}')
    changed = []
    for name, text in sorted(originals.items()):
        with open(os.path.join(src, name)) as f:
            if f.read() != text:
                changed.append(name)
    print('changed: ' + (' '.join(changed) if changed else 'nothing'))
    print('before: ok')
    ok, err = build(paths, os.path.join(work, 'after'), clangxx)
    print('after: build ' + ('ok' if ok else 'failed'))
    if not ok:
        sys.stdout.write(err.replace(src + os.sep, ''))
        return 0
    ok, after, err = execute(os.path.join(work, 'after'))
    print('after: run ' + ('ok' if ok else 'failed'))
    if not ok:
        sys.stdout.write('\n'.join(err.splitlines()[:8]) + '\n')
    print('output: ' + ('same' if after == before else 'different'))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
