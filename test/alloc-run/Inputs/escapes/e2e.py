"""End to end over one small multi-file project: alloc-run's whole-program
decisions, applied to the whole project, built with AddressSanitizer, run,
and the output compared with the program before the fixes.

  e2e.py CASE WORK CLANGXX ALLOC_RUN... [-- ALLOC_RUN_ARGS...]
      all of it: set up, alloc-run --export-fixes, check
  e2e.py --setup CASE WORK CLANGXX
      copies CASE to WORK/src, writes WORK/src/build/compile_commands.json,
      builds and runs the program as it is (WORK/before, WORK/before.out)
  e2e.py --check WORK CLANGXX [FIXES_DIR]
      applies the exported fixes in FIXES_DIR (if given) to WORK/src, then
      builds, runs and compares

CASE is a folder of sources (*.h, *.cpp). Its file 'outside' (optional)
lists sources that are part of the program but not of the compile database
(code alloc-run cannot see). The check prints, for FileCheck:

  alloc-run: exit N       (the whole flow only; then alloc-run's output)
  changed: FILE...        (the files that differ from CASE, or 'nothing')
  before: ok
  after: build ok|failed  (with the compiler's errors when it failed)
  after: run ok|failed    (AddressSanitizer and exit status)
  output: same|different

Exit status 0 whatever it prints, except for a broken CASE (1).
"""
import filecmp
import json
import os
import shutil
import subprocess
import sys


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True,
                          errors='replace', check=False, **kw)


def build(work, out, clangxx):
    src = os.path.join(work, 'src')
    sources = sorted(os.path.join(src, n) for n in os.listdir(src)
                     if n.endswith('.cpp'))
    proc = run([clangxx, '-std=c++17', '-g', '-fsanitize=address',
                '-fno-omit-frame-pointer', '-o', out] + sources)
    return proc.returncode == 0, proc.stderr


def execute(binary):
    env = dict(os.environ, ASAN_OPTIONS='detect_leaks=1')
    proc = run([binary], env=env, timeout=120)
    return proc.returncode == 0, proc.stdout, proc.stderr


def setup(case, work, clangxx):
    src = os.path.join(work, 'src')
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(case, src)
    shutil.copytree(case, os.path.join(work, 'original'))
    outside = []
    if os.path.exists(os.path.join(src, 'outside')):
        with open(os.path.join(src, 'outside')) as f:
            outside = f.read().split()
    build_dir = os.path.join(src, 'build')
    os.makedirs(build_dir)
    with open(os.path.join(build_dir, 'compile_commands.json'), 'w') as f:
        json.dump([{'directory': build_dir,
                    'file': os.path.join(src, name),
                    'arguments': [clangxx, '-std=c++17', '-c',
                                  os.path.join(src, name), '-o',
                                  name + '.o']}
                   for name in sorted(os.listdir(src))
                   if name.endswith('.cpp') and name not in outside],
                  f, indent=1)
    ok, err = build(work, os.path.join(work, 'before'), clangxx)
    if not ok:
        sys.exit(f'e2e: {case} does not build before the fixes:\n{err}')
    ok, out, err = execute(os.path.join(work, 'before'))
    if not ok:
        sys.exit(f'e2e: {case} fails before the fixes:\n{err}')
    with open(os.path.join(work, 'before.out'), 'w') as f:
        f.write(out)


def check(work, clangxx, fixes=None):
    src = os.path.join(work, 'src')
    if fixes:
        apply = run(['clang-apply-replacements', fixes])
        if apply.returncode != 0:
            print(f'clang-apply-replacements failed: {apply.stderr.strip()}')
    original = os.path.join(work, 'original')
    changed = [name for name in sorted(os.listdir(original))
               if os.path.isfile(os.path.join(original, name)) and
               not filecmp.cmp(os.path.join(original, name),
                               os.path.join(src, name), shallow=False)]
    print('changed: ' + (' '.join(changed) if changed else 'nothing'))
    print('before: ok')
    ok, err = build(work, os.path.join(work, 'after'), clangxx)
    print('after: build ' + ('ok' if ok else 'failed'))
    if not ok:
        sys.stdout.write(err.replace(src + os.sep, ''))
        return
    ok, after, err = execute(os.path.join(work, 'after'))
    print('after: run ' + ('ok' if ok else 'failed'))
    if not ok:
        sys.stdout.write('\n'.join(err.splitlines()[:8]) + '\n')
    with open(os.path.join(work, 'before.out')) as f:
        before = f.read()
    print('output: ' + ('same' if after == before else 'different'))


def main(argv):
    if argv[0] == '--setup':
        setup(*argv[1:4])
        return 0
    if argv[0] == '--check':
        check(*argv[1:4])
        return 0
    extra = []
    if '--' in argv:
        split = argv.index('--')
        argv, extra = argv[:split], argv[split + 1:]
    case, work, clangxx = argv[0], argv[1], argv[2]
    setup(case, work, clangxx)
    src = os.path.join(work, 'src')
    fixes = os.path.join(work, 'fixes')
    os.makedirs(fixes)
    proc = run(argv[3:] + ['-p', os.path.join(src, 'build'), '--no-cache',
                           '--export-fixes',
                           os.path.join(fixes, 'fixes.yaml')] + extra)
    print(f'alloc-run: exit {proc.returncode}')
    sys.stdout.write(proc.stdout.replace(src + os.sep, ''))
    sys.stdout.write(proc.stderr.replace(src + os.sep, ''))
    check(work, clangxx, fixes)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
