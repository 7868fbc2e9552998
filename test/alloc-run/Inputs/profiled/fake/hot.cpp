// fake_tidy.py reports a finding on each marked line, measured by the
// sites of the profiles on that line.
int big(int N) { return N * 2; } // finding(big) site(big)
int small(int N) { return N + 1; } // finding(small) site(small)
int unmeasured(int N) { return N; } // finding(unmeasured)
