// Included by both translation units: its records must be reported once.
#pragma once
struct Shared {
  bool Ready;
  long long Id;
};
