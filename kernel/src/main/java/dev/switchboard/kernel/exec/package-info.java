/**
 * The kernel's default process executor: runs one external program with its standard input closed, captures capped
 * standard output and error on a platform thread each, optionally tees everything to an owner-only file, and on timeout or
 * cancellation kills the whole process tree so that no grandchild can keep the call waiting. The kernel binds
 * {@link dev.switchboard.kernel.exec.DefaultProcessExecutor} directly as the
 * {@link dev.switchboard.ports.exec.ProcessExecutor} every plugin receives.
 */
package dev.switchboard.kernel.exec;
