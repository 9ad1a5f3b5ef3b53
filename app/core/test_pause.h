#pragma once
// Named moments at which a test can stop the program and deliver a signal (tests/test_interrupt.cpp):
// with SHADERSORT_TEST_PAUSE_AT=NAME (or NAME#N, the N-th time that moment comes), the program
// prints "shadersort: test pause at NAME#N" on stderr when it gets there and waits until its stdin
// has input or is closed (at most 60 s) before carrying on. Without the variable this costs one
// getenv per program.

namespace shadersort {

void pauseIfTestAsks(const char* moment);

}  // namespace shadersort
