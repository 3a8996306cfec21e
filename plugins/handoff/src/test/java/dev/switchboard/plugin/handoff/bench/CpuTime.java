package dev.switchboard.plugin.handoff.bench;

import java.lang.management.ManagementFactory;

/** The CPU time (user and system) of the calling thread: what a call costs apart from waiting for the disk. */
final class CpuTime {

    private CpuTime() {}

    /** @return the calling thread's CPU time in nanoseconds, from an arbitrary origin */
    static long ofThisThread() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }
}
