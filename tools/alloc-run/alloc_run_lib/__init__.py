"""The modules of alloc-run (tools/alloc-run/alloc_run.py), installed
beside it, which imports them from its own directory:

  usage      the program's name and the error of bad usage (exit status 2)
  database   the compile database's units
  cache      the cache of alloc-tidy's results, and its key
  runner     running alloc-tidy on a unit (or replaying its cached result)
  findings   what makes two diagnostics one finding
  members    data members and records decided across units
  positions  byte offsets to lines and columns, for SARIF and the text
  profiles   heapcount profiles: reading them, and the savings findings
             measured
  sarif      SARIF output: rules, results, the log of a run
  explain    --explain: the profiles' busiest sites and what removes them
"""
