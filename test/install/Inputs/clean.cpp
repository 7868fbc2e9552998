int twice(int N) { return 2 * N; }
