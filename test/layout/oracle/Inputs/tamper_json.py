#!/usr/bin/env python3
"""Writes a copy of an alloc-layout JSON report with one deliberate error,
so that the tests can show compare_dump.py notices it.

  tamper_json.py IN.json OUT.json RECORD.KEY=VALUE
  tamper_json.py IN.json OUT.json RECORD.SECTION.NAME.KEY=VALUE
  tamper_json.py IN.json OUT.json --drop RECORD.SECTION.NAME

RECORD is a record's qualifiedName, SECTION one of fields, bases,
abiPointers, NAME an entry's name, VALUE an integer or true/false. The path
must exist: a typo in a test fails it instead of tampering with nothing.
"""

import json
import sys


def value_of(text):
    if text in ('true', 'false'):
        return text == 'true'
    return int(text)


def find(report, record):
    for rec in report['records']:
        if rec['qualifiedName'] == record:
            return rec
    sys.exit('tamper_json: no record %r in the report' % record)


def entry(rec, section, name):
    for e in rec[section]:
        if e['name'] == name:
            return e
    sys.exit('tamper_json: no %s entry %r in record %r' %
             (section, name, rec['qualifiedName']))


def main(argv):
    if len(argv) == 5 and argv[3] == '--drop':
        source, target, _, path = argv[1:]
        drop, assignment = True, None
    elif len(argv) == 4:
        source, target, assignment = argv[1:]
        drop = False
        path, _, value = assignment.partition('=')
    else:
        sys.exit(__doc__)
    with open(source, encoding='utf-8') as f:
        report = json.load(f)
    parts = path.split('.')
    rec = find(report, parts[0])
    if drop:
        if len(parts) != 3:
            sys.exit('tamper_json: --drop takes RECORD.SECTION.NAME')
        rec[parts[1]].remove(entry(rec, parts[1], parts[2]))
    elif len(parts) == 2:
        if parts[1] not in rec:
            sys.exit('tamper_json: record %r has no key %r' %
                     (parts[0], parts[1]))
        rec[parts[1]] = value_of(value)
    elif len(parts) == 4:
        e = entry(rec, parts[1], parts[2])
        if parts[3] not in e:
            sys.exit('tamper_json: %s entry %r has no key %r' %
                     (parts[1], parts[2], parts[3]))
        e[parts[3]] = value_of(value)
    else:
        sys.exit(__doc__)
    with open(target, 'w', encoding='utf-8') as f:
        json.dump(report, f, indent=2)


if __name__ == '__main__':
    main(sys.argv)
