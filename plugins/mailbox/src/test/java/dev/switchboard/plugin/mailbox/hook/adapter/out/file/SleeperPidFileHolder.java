package dev.switchboard.plugin.mailbox.hook.adapter.out.file;

import java.nio.file.Path;

/**
 * A process that holds one slot as {@code hook wake} does until it is killed: {@code <dir> <key>}; prints
 * {@code held} once the pid file is written. Run by {@link SleeperPidFileTest}.
 */
final class SleeperPidFileHolder {

    private SleeperPidFileHolder() {}

    public static void main(String[] args) throws InterruptedException {
        new SleeperPidFile(Path.of(args[0])).take(args[1]).orElseThrow();
        System.out.println("held");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE); // until killed
    }
}
