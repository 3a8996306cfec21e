/**
 * The heap of a kernel JVM on the serial collector (ADR 60, ADR 76): {@link dev.switchboard.kernel.memory.HeapCompaction}
 * asks for a full collection when {@link dev.switchboard.kernel.memory.CompactionRule} says the committed heap is well
 * above what is live after a quiet spell, or the old generation has grown since its last full collection.
 */
package dev.switchboard.kernel.memory;
