package dev.switchboard.kernel.cli;

import picocli.CommandLine;

import dev.switchboard.kernel.core.BuildInfo;

/** Answers {@code --version} from the build's facts. */
final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        BuildInfo build = BuildInfo.current();
        return new String[] {BuildInfo.NAME + " " + build.version() + " (built " + build.buildTime() + ", Java "
                + Runtime.version() + ")"};
    }
}
