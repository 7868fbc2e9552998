"""Prints each result of a SARIF log as "RANK SAVING MESSAGE", in the log's
order; "-" for a rank or properties.measuredAllocations that is absent.

  ranks.py FILE
"""
import json
import sys

with open(sys.argv[1], encoding='utf-8') as f:
    log = json.load(f)
for result in log['runs'][0]['results']:
    print(result.get('rank', '-'),
          result.get('properties', {}).get('measuredAllocations', '-'),
          result['message']['text'])
