"""Prints the .pre-commit-config.yaml that docs/ci.md shows, pointed at a
local copy of the hook repository.

  pre_commit_config.py DOC HOOK_REPO

DOC's one ```yaml block with `id: alloc-tidy` is printed with its `repo:`
replaced by HOOK_REPO (a git repository) and its `rev:` by HOOK_REPO's HEAD,
so the pre-commit framework clones it without the network.
"""
import re
import subprocess
import sys

doc, hook_repo = sys.argv[1], sys.argv[2]
with open(doc, encoding='utf-8') as f:
    blocks = re.findall(r'^```yaml\n(.*?)^```$', f.read(), re.M | re.S)
blocks = [b for b in blocks if re.search(r'^\s*- id: alloc-tidy$', b, re.M)]
if len(blocks) != 1:
    sys.exit(f'{doc}: {len(blocks)} yaml blocks with "- id: alloc-tidy", '
             f'expected 1')
rev = subprocess.run(['git', '-C', hook_repo, 'rev-parse', 'HEAD'],
                     check=True, capture_output=True, text=True).stdout
config, repos = re.subn(r'^(\s*- repo: )\S+', lambda m: m.group(1) + hook_repo,
                        blocks[0], flags=re.M)
config, revs = re.subn(r'^(\s*rev: )\S+', lambda m: m.group(1) + rev.strip(),
                       config, flags=re.M)
if (repos, revs) != (1, 1):
    sys.exit(f'{doc}: the alloc-tidy block needs one "- repo:" and one '
             f'"rev:" line')
sys.stdout.write(config)
