#!/usr/bin/env python3
"""Compares alloc-layout's JSON report with clang's own record layouts.

clang prints the layout it uses for code generation with

  clang++ -Xclang -fdump-record-layouts-complete -fsyntax-only FILE

(any target: --target=x86_64-pc-windows-msvc gives the MSVC layout). This
script reads that dump and the JSON that `alloc-layout --format json` wrote
for the same file and target, and checks, for every record of the JSON:

  - sizeof, alignment and, when clang prints it (Itanium), dsize;
  - the vptr/vfptr and vbptr the record introduces, and their offsets;
  - every direct base (virtual or not): offset, primary, empty, and its size
    (the base's nvsize in its own dump, 0 for an empty base);
  - every field: byte offset, bit offset and width of bit-fields, empty
    members, and the size of a member of class type (its sizeof in its own
    dump; its dsize for a [[no_unique_address]] member, 0 when empty);
  - that both sides list the same fields and bases;
  - that no hole or tail padding of the JSON covers the start of anything
    clang places in the record (a field, a base, an ABI pointer, MSVC's
    vtordisp).

With --require-all, every record clang dumped must also be in the JSON,
except the compiler's own (names that begin with "__") and anonymous structs
and unions, which alloc-layout shows as members of their enclosing record.

  compare_dump.py --dump DUMP.txt --json REPORT.json [--require-all]

Prints "compare_dump: N records match (...)" and exits 0, or prints one line
per difference ("compare_dump: error: record 'D': field 'e': ...") and exits
1. Unreadable input exits 2.
"""

import argparse
import json
import os
import re
import sys

PROG = 'compare_dump'

# "        26 | ...", "    26:3-7 | ...", "      28:- | ...", "           | [..."
LINE = re.compile(r'^\s*(?P<off>\d+(?::(?:\d+-\d+|-))?)? \| (?P<text>.*)$')
BITS = re.compile(r'^(\d+):(\d+)-(\d+)$')
POINTER = re.compile(r'^\((?P<cls>.+) (?P<what>vtable|vftable|vbtable) '
                     r'pointer\)$')
VTORDISP = re.compile(r'^\(vtordisp for vbase .+\)$')
BASE = re.compile(r'^(?:struct|class|union) (?P<name>.+?) '
                  r'\((?P<how>primary base|base|virtual base|'
                  r'primary virtual base)\)(?P<empty> \(empty\))?$')
KEYVALUE = re.compile(r'(\w+)=(\d+)')
ANON = re.compile(r'\((?:anonymous|unnamed)(?: struct| class| union)? at '
                  r'(?P<file>[^)]*?):(?P<line>\d+):(?P<col>\d+)\)')


class InputError(Exception):
    pass


def normalize(name):
    """A record or type name in one spelling: no tag keywords, no spaces,
    anonymous records as (anonymous@file:line:col) with the file's base name.
    clang's dump writes "ns::Y<struct ns::X>", the report "ns::Y<ns::X>"."""
    name = ANON.sub(lambda m: '(anonymous@%s:%s:%s)' % (
        os.path.basename(m.group('file')), m.group('line'), m.group('col')),
        name)
    name = re.sub(r'\b(?:struct|class|union|enum)\s+', '', name)
    return re.sub(r'\s+', '', name)


def same_type(dump_name, json_name):
    """Whether a base named in the dump (always qualified) is the base the
    report names (as written in the source, maybe unqualified)."""
    d, j = normalize(dump_name), normalize(json_name)
    return d == j or d.endswith('::' + j) or j.endswith('::' + d)


class DumpRecord:
    def __init__(self, kind, name, empty):
        self.kind = kind
        self.name = name
        self.empty = empty
        self.summary = {}
        self.pointers = []  # (kind, offset), kind 'vptr', 'vbptr' or 'vtordisp'
        self.bases = []     # dicts: name, offset, virtual, primary, empty
        self.fields = []    # dicts: name, type, offset, bit, width, empty
        # (offset, what) of everything that occupies bytes at this level:
        # no unused byte may be reported where one of them starts.
        self.occupied = []


def parse_field(text, off):
    empty = text.endswith(' (empty)')
    if empty:
        text = text[:-len(' (empty)')]
    # "TYPE NAME"; an unnamed bit-field or anonymous member is "TYPE " with
    # nothing after the last space.
    type_, _, name = text.rpartition(' ')
    field = {'name': name, 'type': type_, 'empty': empty, 'zero': False,
             'bit': None, 'width': None, 'text': off + ' | ' + text}
    if off.endswith(':-'):
        field['zero'] = True  # a zero-width bit-field: no bits, no bytes
        field['offset'] = int(off[:-2])
        return field
    m = BITS.match(off)
    if m:
        byte, first, last = (int(g) for g in m.groups())
        field['offset'] = byte
        field['bit'] = byte * 8 + first
        field['width'] = last - first + 1
    else:
        field['offset'] = int(off)
    return field


def parse_dump(text):
    """Records of clang's dump by normalized qualified name; a name dumped
    twice must have the same layout both times."""
    records = {}
    order = []
    current = None
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith('*** Dumping AST Record Layout'):
            current = None
            continue
        m = LINE.match(line)
        if not m:
            continue
        off, body = m.group('off'), m.group('text')
        if off is None:  # "[sizeof=24, dsize=20, align=8," / " nvsize=..."
            if current is None:
                raise InputError('line %d: summary outside a record' % number)
            for key, value in KEYVALUE.findall(body):
                current.summary[key] = int(value)
            continue
        level = (len(body) - len(body.lstrip(' '))) // 2
        body = body.strip(' ') if level == 0 else body[2 * level:]
        if level == 0:
            empty = body.endswith(' (empty)')
            if empty:
                body = body[:-len(' (empty)')]
            kind, _, name = body.partition(' ')
            current = DumpRecord(kind, name, empty)
            key = normalize(name)
            if key not in records:
                order.append(key)
            records.setdefault(key, []).append(current)
            continue
        if current is None:
            raise InputError('line %d: member outside a record' % number)
        if level != 1:
            continue  # inside a base or member: checked in its own record
        p = POINTER.match(body)
        if p:
            kind = 'vbptr' if p.group('what') == 'vbtable' else 'vptr'
            current.pointers.append((kind, int(off)))
            current.occupied.append((int(off), body))
            continue
        if VTORDISP.match(body):
            # MSVC's vtordisp: 4 bytes before the virtual base it is for.
            current.pointers.append(('vtordisp', int(off)))
            current.occupied.append((int(off), body))
            continue
        b = BASE.match(body)
        if b:
            how = b.group('how')
            current.bases.append({
                'name': b.group('name'), 'offset': int(off),
                'virtual': 'virtual' in how, 'primary': 'primary' in how,
                'empty': bool(b.group('empty'))})
            if not b.group('empty'):
                current.occupied.append((int(off), body))
            continue
        field = parse_field(body, off)
        current.fields.append(field)
        if not field['zero'] and not field['empty'] and \
                not field['type'].endswith('[]'):
            current.occupied.append((field['offset'], body))
    result = {}
    for key in order:
        first = records[key][0]
        result[key] = first
    return result


class Comparison:
    def __init__(self, dump):
        self.dump = dump
        self.errors = []
        self.entries = 0

    def error(self, record, what):
        self.errors.append("record '%s': %s" % (record, what))

    def expect(self, record, what, json_value, dump_value):
        self.entries += 1
        if json_value != dump_value:
            self.error(record, '%s is %s in the JSON, %s in clang\'s dump' %
                       (what, show(json_value), show(dump_value)))

    def dumped(self, type_name):
        """The dump of the record named TYPE_NAME, or None."""
        key = normalize(type_name)
        if key in self.dump:
            return self.dump[key]
        for name, rec in self.dump.items():
            if name.endswith('::' + key):
                return rec
        return None

    def record(self, rec):
        name = rec.get('qualifiedName') or rec.get('name')
        dump = self.dump.get(normalize(name))
        if dump is None:
            self.error(name, "clang dumped no layout for it")
            return
        summary = dump.summary
        self.expect(name, 'sizeof', rec.get('size'), summary.get('sizeof'))
        self.expect(name, 'align', rec.get('align'), summary.get('align'))
        if 'dsize' in summary:  # Itanium only
            self.expect(name, 'dataSize (dsize)', rec.get('dataSize'),
                        summary['dsize'])
        self.pointers(name, rec, dump)
        self.bases(name, rec, dump)
        self.fields(name, rec, dump)
        self.holes(name, rec, dump)

    def holes(self, name, rec, dump):
        """No byte the JSON calls unused (a hole, the tail padding) may be
        where clang's dump places something."""
        unused = [(h.get('offset', 0), h.get('size', 0))
                  for h in rec.get('holes', [])]
        tail = rec.get('tailPadding', 0)
        if tail:
            unused.append((rec.get('size', 0) - tail, tail))
        for begin, size in unused:
            self.entries += 1
            for offset, what in dump.occupied:
                if begin <= offset < begin + size:
                    self.error(name, 'the JSON reports bytes %d-%d as unused, '
                               'clang\'s dump has \'%s\' at %d' %
                               (begin, begin + size - 1, what.strip(), offset))

    def pointers(self, name, rec, dump):
        mine = sorted((p.get('kind'), p.get('offset'))
                      for p in rec.get('abiPointers', []))
        theirs = sorted(dump.pointers)
        self.entries += 1
        if mine != theirs:
            self.error(name, 'ABI pointers are %s in the JSON, %s in clang\'s '
                       'dump' % (describe(mine), describe(theirs)))

    def bases(self, name, rec, dump):
        left = list(dump.bases)
        for base in rec.get('bases', []):
            virtual = bool(base.get('virtual'))
            match = next((b for b in left if b['virtual'] == virtual and
                          same_type(b['name'], base.get('name', ''))), None)
            label = "%sbase '%s'" % ('virtual ' if virtual else '',
                                     base.get('name'))
            if match is None:
                self.error(name, '%s is in the JSON, not in clang\'s dump' %
                           label)
                continue
            left.remove(match)
            self.expect(name, label + ' offset', base.get('offset'),
                        match['offset'])
            self.expect(name, label + ' primary', bool(base.get('primary')),
                        match['primary'])
            self.expect(name, label + ' empty', bool(base.get('empty')),
                        match['empty'])
            own = self.dumped(match['name'])
            if own is not None and 'nvsize' in own.summary:
                size = 0 if match['empty'] else own.summary['nvsize']
                self.expect(name, label + ' size (nvsize)', base.get('size'),
                            size)
        for b in left:
            self.error(name, "%sbase '%s' at offset %d is in clang's dump, "
                       "not in the JSON" % ('virtual ' if b['virtual'] else '',
                                            b['name'], b['offset']))

    def fields(self, name, rec, dump):
        # Same names on both sides; unnamed bit-fields and anonymous members
        # are matched in offset order.
        theirs = {}
        for f in dump.fields:
            if f['zero']:
                continue
            key = f['name'] or ('(unnamed bit-field)' if f['bit'] is not None
                                else '(anonymous)')
            theirs.setdefault(key, []).append(f)
        for queue in theirs.values():
            queue.sort(key=lambda f: (f['offset'],
                                      f['bit'] if f['bit'] is not None else 0))
        mine = sorted(rec.get('fields', []),
                      key=lambda f: (f.get('offset', 0),
                                     f.get('bitOffset', 0), f.get('index', 0)))
        for field in mine:
            fname = field.get('name')
            label = "field '%s'" % fname
            queue = theirs.get(fname)
            if not queue:
                self.error(name, '%s is in the JSON, not in clang\'s dump' %
                           label)
                continue
            f = queue.pop(0)
            self.expect(name, label + ' offset', field.get('offset'),
                        f['offset'])
            if f['bit'] is not None:
                if 'bitOffset' not in field:
                    self.error(name, '%s is a bit-field (%s) in clang\'s dump '
                               'but not in the JSON' % (label, f['text']))
                    continue
                self.expect(name, label + ' bitOffset', field['bitOffset'],
                            f['bit'])
                self.expect(name, label + ' bitWidth', field.get('bitWidth'),
                            f['width'])
            elif 'bitOffset' in field:
                self.error(name, '%s is a bit-field in the JSON but not in '
                           'clang\'s dump (%s)' % (label, f['text']))
            self.expect(name, label + ' empty', bool(field.get('empty')),
                        f['empty'])
            self.field_size(name, label, field, f)
        for queue in theirs.values():
            for f in queue:
                self.error(name, "field '%s' (%s) is in clang's dump, not in "
                           "the JSON" % (f['name'], f['text'].strip()))

    def field_size(self, name, label, field, f):
        """A member of class type: its size is the class's own sizeof (dsize
        when [[no_unique_address]], 0 when also empty)."""
        if f['bit'] is not None or '[' in f['type'] or '*' in f['type'] \
                or '&' in f['type']:
            return
        if not re.match(r'^(?:const |volatile )*(?:struct|class|union) ',
                        f['type']):
            return
        own = self.dumped(re.sub(r'^(?:const |volatile )*', '', f['type']))
        if own is None or '(anonymous@' in normalize(f['type']):
            return
        if field.get('noUniqueAddress'):
            if f['empty']:
                size = 0
            elif 'dsize' in own.summary:
                size = own.summary['dsize']
            else:
                return  # MSVC prints no dsize
        else:
            size = own.summary.get('sizeof')
        self.expect(name, label + ' size', field.get('size'), size)


def show(value):
    """VALUE as the JSON spells it (true, not True; null, not None)."""
    return json.dumps(value)


def describe(pointers):
    if not pointers:
        return 'none'
    return ', '.join('%s at %d' % p for p in pointers)


def load(args):
    try:
        with open(args.dump, encoding='utf-8') as f:
            dump = parse_dump(f.read())
    except (OSError, InputError) as e:
        raise InputError('cannot read the dump %s (%s)' % (args.dump, e))
    try:
        with open(args.json, encoding='utf-8') as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        raise InputError('cannot read the JSON %s (%s)' % (args.json, e))
    if not isinstance(report, dict) or \
            not isinstance(report.get('records'), list):
        raise InputError('%s has no records[] array' % args.json)
    if not dump:
        raise InputError('%s holds no record layout (was it made with '
                         '-Xclang -fdump-record-layouts-complete?)' %
                         args.dump)
    return dump, report


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--dump', required=True,
                        help="clang's -fdump-record-layouts output")
    parser.add_argument('--json', required=True,
                        help="alloc-layout --format json output")
    parser.add_argument('--require-all', action='store_true',
                        help='every record clang dumped must be in the JSON')
    args = parser.parse_args()
    try:
        dump, report = load(args)
    except InputError as e:
        print('%s: error: %s' % (PROG, e), file=sys.stderr)
        return 2

    comparison = Comparison(dump)
    seen = set()
    for rec in report['records']:
        comparison.record(rec)
        seen.add(normalize(rec.get('qualifiedName') or rec.get('name', '')))
    if args.require_all:
        for key, rec in dump.items():
            if key.startswith('__') or key in seen or '(anonymous@' in key:
                continue
            comparison.error(rec.name, "clang dumped it, the JSON has no "
                             "record of that name")
    if not report['records']:
        comparison.errors.append('the JSON has no records')
    for e in comparison.errors:
        print('%s: error: %s' % (PROG, e))
    if comparison.errors:
        print('%s: %d difference(s) in %d records' %
              (PROG, len(comparison.errors), len(report['records'])))
        return 1
    print('%s: %d records match (%d comparisons)' %
          (PROG, len(report['records']), comparison.entries))
    return 0


if __name__ == '__main__':
    sys.exit(main())
