// A fixture of test/e2e/validate-report.test: only its name matters.
