int middle(int N) { return N - 1; } // finding(middle) site(middle)
