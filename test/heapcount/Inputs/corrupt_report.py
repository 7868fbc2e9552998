"""corrupt_report.py REPORT OUT PATH VALUE: writes REPORT with the member at
PATH (dot-separated, "total.allocs") set to VALUE, given as JSON text and
written as it is ("9223372036854775808", "-1", "\"10\""), for the strict
reading of heapcount diff (test/heapcount/diff-strict.test)."""
import json
import sys

report, out, path, value = sys.argv[1:5]
with open(report) as f:
    data = json.load(f)
marker = '"@@corrupt@@"'
node = data
keys = path.split('.')
for key in keys[:-1]:
    node = node[key]
node[keys[-1]] = '@@corrupt@@'
with open(out, 'w') as f:
    f.write(json.dumps(data).replace(marker, value))
