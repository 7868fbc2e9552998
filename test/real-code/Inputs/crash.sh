#!/bin/sh
# A front end that crashes: it kills itself with SIGSEGV, whatever it is
# asked.
kill -SEGV $$
