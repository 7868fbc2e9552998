/* A C unit of the compile database: scripts/precision.py and
   real-code-report.py analyse the C++ units only. */
int tiny_version(void) { return 1; }
