"""Data members and records decided across units (docs/whole-program.md):
the facts of every unit, alloc-tidy's decisions from them, and the units'
findings replaced by the decisions'."""

import hashlib
import json
import os
import re
import subprocess
import tempfile

from .findings import diagnostic_key

# Written to the build directory by a run over the whole database: the
# checks' MemberFactsFile option lets alloc-tidy and alloc-clangd decide each
# member as this run did (docs/whole-program.md).
MEMBER_FACTS_FILE = 'alloc-member-facts.json'


class DecisionError(Exception):
    pass


class IncompleteFacts(DecisionError):
    """The facts of some units of the database are missing (\p missing) or
    partial: their units had errors."""

    def __init__(self, message, missing):
        super().__init__(message)
        self.missing = missing


def database_facts(build_dir, units):
    """The facts line that names the compile database and every unit in it:
    a decision across units needs the facts of each."""
    path = os.path.realpath(os.path.join(build_dir, 'compile_commands.json'))
    with open(path, 'rb') as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    return json.dumps({'version': 2, 'kind': 'database', 'path': path,
                       'sha256': digest,
                       'units': [os.path.realpath(u.file) for u in units]})


def decide_members(tool, facts_files, out):
    """alloc-tidy's decisions from the member facts of every unit (JSON-lines
    files), written to \p out and returned."""
    proc = subprocess.run([tool, f'--merge-member-facts={out}'] + facts_files,
                          capture_output=True, text=True, errors='replace',
                          check=False)
    message = (proc.stderr.strip().removeprefix('alloc-tidy: error: ') or
               f'exit status {proc.returncode}')
    if proc.returncode in (3, 4):
        raise IncompleteFacts(message, missing=proc.returncode == 3)
    if proc.returncode != 0:
        raise DecisionError(proc.stderr.strip() or
                            f'exit status {proc.returncode}')
    try:
        with open(out, encoding='utf-8') as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        raise DecisionError(f"cannot read '{out}' ({e})")


def write_facts(path, lines):
    with open(path, 'w', encoding='utf-8') as f:
        for line in lines:
            f.write(line + '\n')


def decide_from_lines(tool, lines, out):
    fd, path = tempfile.mkstemp(prefix='alloc-run-', suffix='.jsonl')
    os.close(fd)
    try:
        write_facts(path, lines)
        return decide_members(tool, [path], out)
    finally:
        os.unlink(path)


def units_wanting_parameters(results, decisions):
    """The results whose units handed a container to a function of another
    unit without that unit's record of it, defined a function whose string
    parameter other units pass arguments to, or declared a constant table
    (docs/checks/alloc-constant-table.md), when the decisions now
    have the records: analysed again with them, they can judge the call."""
    recorded = {p.get('function') for p in decisions.get('parameters', [])}
    # A string parameter: only when some unit's calls build strings for it
    # (the defining unit then reports it, and may fix it).
    recorded |= {v.get('function')
                 for v in decisions.get('view-arguments', [])
                 if v.get('building')}
    # A constant table that its defining unit reports: every unit that
    # declares it finds out whether its lookups change with it.
    recorded |= {'table:' + t.get('table', '')
                 for t in decisions.get('constant-tables', [])
                 if t.get('reported')}
    again = []
    for result in results:
        for line in result.facts:
            if '"wanted-parameter"' not in line:
                continue
            try:
                fact = json.loads(line)
            except ValueError:
                continue
            if fact.get('kind') == 'wanted-parameter' and \
                    fact.get('function') in recorded:
                again.append(result)
                break
    return again


def member_place(path, offset, check):
    return (os.path.realpath(path or ''), offset or 0, check)


def decided_members(decisions):
    return {member_place(m['file'], m['offset'], m['check']): m
            for m in decisions.get('members', [])}


def clang_tidy_order(finding):
    """A finding from the facts (JSON, keys sorted) with its keys in the
    order clang-tidy's --export-fixes writes them."""
    def message(node):
        return {'Message': node['Message'], 'FilePath': node['FilePath'],
                'FileOffset': node['FileOffset'],
                'Replacements': [
                    {'FilePath': r['FilePath'], 'Offset': r['Offset'],
                     'Length': r['Length'],
                     'ReplacementText': r['ReplacementText']}
                    for r in node.get('Replacements') or []]}
    return {'DiagnosticName': finding['DiagnosticName'],
            'DiagnosticMessage': message(finding['DiagnosticMessage']),
            'Notes': [message(n) for n in finding.get('Notes') or []],
            'Level': finding.get('Level', 'Warning')}


def apply_member_decisions(diagnostics, decisions, error_globs):
    """Each decided member's findings from single units replaced by the
    decision's (none when silent). Returns (diagnostics, removed, added,
    replaced): a finding in both is neither removed nor added, and
    replaced holds the decision's version of it (its fix-its and notes can
    differ from the units')."""
    decided = decided_members(decisions)
    kept, removed = [], []
    for diag in diagnostics:
        message = diag.get('DiagnosticMessage', {})
        if member_place(message.get('FilePath'), message.get('FileOffset'),
                        diag.get('DiagnosticName')) in decided:
            removed.append(diag)
        else:
            kept.append(diag)
    added = []
    for member in decided.values():
        finding = member.get('finding')
        if member['action'] in ('fix', 'warn') and finding:
            finding = clang_tidy_order(finding)
            if matches_globs(finding['DiagnosticName'], error_globs):
                finding['Level'] = 'Error'
            added.append(finding)
    removed_keys = {diagnostic_key(d) for d in removed}
    added_keys = {diagnostic_key(d) for d in added}
    return (kept + added,
            [d for d in removed if diagnostic_key(d) not in added_keys],
            [d for d in added if diagnostic_key(d) not in removed_keys],
            [d for d in added if diagnostic_key(d) in removed_keys])


def matches_globs(name, globs):
    """clang-tidy's glob lists ('alloc-*,-alloc-padding'): the last glob
    that matches decides."""
    matched = False
    for glob in (globs or '').split(','):
        glob = glob.strip()
        positive = not glob.startswith('-')
        glob = glob.lstrip('-').strip()
        if glob and re.fullmatch('.*'.join(map(re.escape, glob.split('*'))),
                                 name):
            matched = positive
    return matched
