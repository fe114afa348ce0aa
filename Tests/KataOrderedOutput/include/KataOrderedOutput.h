#ifndef KATA_ORDERED_OUTPUT_H
#define KATA_ORDERED_OUTPUT_H

/// Returns 1. A symbol of the object file whose constructor prepares the test process's
/// output for the grader (see OrderedOutput.c); nothing needs to call it.
int kata_ordered_output_linked(void);

#endif
