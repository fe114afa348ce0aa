#ifndef KATA_LINE_BUFFERED_OUTPUT_H
#define KATA_LINE_BUFFERED_OUTPUT_H

/// Returns 1. Its only purpose is a symbol that keeps the object file (and with it the
/// constructor that makes standard output line-buffered) in every test binary.
int kata_line_buffered_output_linked(void);

#endif
