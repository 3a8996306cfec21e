/** Tool execution: running an external process with bounds (time, output, cancellation, whole-tree kill). */
package dev.switchboard.ports.exec;
