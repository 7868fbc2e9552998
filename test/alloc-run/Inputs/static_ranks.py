"""Prints each result of a SARIF log as "RANK STATIC-RANK (REASON) MESSAGE",
in the log's order; "-" for what is absent.

  static_ranks.py FILE
"""
import json
import sys

with open(sys.argv[1], encoding='utf-8') as f:
    log = json.load(f)
for result in log['runs'][0]['results']:
    properties = result.get('properties', {})
    print(result.get('rank', '-'), properties.get('staticRank', '-'),
          f"({properties.get('staticRankReason', '-')})",
          result['message']['text'])
