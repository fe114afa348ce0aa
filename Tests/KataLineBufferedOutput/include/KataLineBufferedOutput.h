#ifndef KATA_LINE_BUFFERED_OUTPUT_H
#define KATA_LINE_BUFFERED_OUTPUT_H

/// Returns 1. A symbol of the object file whose constructor prepares the test process's
/// output for the grader (see LineBufferedOutput.c); nothing needs to call it.
int kata_line_buffered_output_linked(void);

#endif
