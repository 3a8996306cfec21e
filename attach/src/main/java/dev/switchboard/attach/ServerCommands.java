package dev.switchboard.attach;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.switchboard.kernel.attach.AttachPaths;
import dev.switchboard.kernel.cli.Console;

/**
 * {@code switchboard server status [--json]} and {@code switchboard server stop [KEY|--all]}: every live shared server
 * of the state directory (each {@code <key>.sock} or {@code <key>.json} under {@code <state-dir>/attach/} that
 * answers), asked over its socket. {@code status} prints each server (pid, build, uptime, transports, sessions with
 * their roles), human-readable, or as {@code {"state_dir":..., "servers":[<status answers>]}} with {@code --json}; a
 * server that does not answer within {@link #ANSWER_DEADLINE} is listed as not answering (in JSON
 * {@code {"attach":1,"ok":false,"key":K,"pid":N,"code":"NOT_ANSWERING","message":...}}, {@code pid} from its
 * {@code <key>.json} when readable). {@code stop} stops the server this configuration attaches to, the one of KEY,
 * or all, and waits (up to 15 s) until each has exited; one that does not answer the stop within
 * {@link #ANSWER_DEADLINE} is not stopped (exit 1, one stderr line naming its pid). {@code --help} or {@code -h} prints the command's usage (exit 0); an unknown option, an unknown
 * command or a further word is a usage error (one stderr line naming it, exit 2), checked before the configuration is
 * read. Stateless.
 */
final class ServerCommands {

    private static final Duration STOP_WAIT = Duration.ofSeconds(15);

    /**
     * How long each server may take to answer {@code status} or {@code stop}: one that does not (hung, or stopped
     * with SIGSTOP: its socket still accepts) is listed as not answering, or not stopped (exit 1), never waited for.
     */
    static final Duration ANSWER_DEADLINE = Duration.ofSeconds(2);

    private static final String LOCATION = " [--home DIR] [--config FILE] [--state-dir DIR]";
    private static final String STATUS_USAGE = "usage: switchboard server status [--json]" + LOCATION;
    private static final String STOP_USAGE = "usage: switchboard server stop [KEY|--all]" + LOCATION;
    private static final String USAGE =
            "usage: switchboard server status [--json] | server stop [KEY|--all]" + LOCATION;
    private static final String HELP = USAGE + "\n"
            + "  status  list this state directory's live shared servers (pid, build, uptime, sessions);"
            + " --json prints them as JSON\n"
            + "  stop    stop the shared server this configuration attaches to, the one of KEY (16 hex characters),"
            + " or --all, and wait until each has exited";

    private ServerCommands() {}

    /**
     * @param args    the command line, {@code server ...}
     * @param console where the output goes
     * @return 0, 1 when a server could not be stopped, 2 for a usage error
     */
    static int run(String[] args, Console console) {
        List<String> words = words(args);
        String command = words.isEmpty() ? "" : words.get(0);
        List<String> rest = words.isEmpty() ? List.of() : words.subList(1, words.size());
        String usage = switch (command) {
            case "status" -> STATUS_USAGE;
            case "stop" -> STOP_USAGE;
            default -> HELP;
        };
        if (words.contains("--help") || words.contains("-h")) {
            console.out().println(usage);
            return 0;
        }
        String wrong = switch (command) {
            case "status" -> wrongArgument(rest, List.of("--json"), false);
            case "stop" -> wrongArgument(rest, List.of("--all"), true);
            case "" -> "a command, status or stop, is needed";
            default -> (command.startsWith("-") ? "unknown option " : "unknown command ") + command;
        };
        if (wrong != null) {
            console.err()
                    .println("switchboard: server" + (usage == HELP ? ": " : " " + command + ": ") + wrong + " ("
                            + usage.lines().findFirst().orElseThrow() + ")");
            return AttachMain.USAGE;
        }
        try {
            Target target = Target.of(args);
            return command.equals("status")
                    ? status(target, rest.contains("--json"), console.out())
                    : stop(target, rest.isEmpty() ? null : rest.get(0), console);
        } catch (AttachFailure failure) {
            console.err().println("switchboard: " + failure.getMessage());
            return failure.fallBack() ? 1 : failure.status();
        }
    }

    /**
     * @param rest       the words after the command
     * @param flags      the options it takes
     * @param positional whether it takes a word that is no option instead
     * @return what is wrong, naming the word, or null; one word at most is taken
     */
    private static String wrongArgument(List<String> rest, List<String> flags, boolean positional) {
        for (int i = 0; i < rest.size(); i++) {
            String word = rest.get(i);
            if (word.startsWith("-") && !flags.contains(word)) {
                return "unknown option " + word;
            }
            if (i > 0 || !positional && !word.startsWith("-")) {
                return "unexpected argument " + word;
            }
        }
        return null;
    }

    /** The arguments after {@code server}, without the location options and their values. */
    private static List<String> words(String[] args) {
        List<String> words = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--home") || arg.equals("--config") || arg.equals("--state-dir")) {
                i++;
            } else if (!arg.startsWith("--home=") && !arg.startsWith("--config=") && !arg.startsWith("--state-dir=")) {
                words.add(arg);
            }
        }
        return words;
    }

    private static int status(Target target, boolean json, PrintWriter out) {
        Path stateDir = target.config().kernel().stateDir();
        List<Live> servers = live(stateDir, "status", target.build());
        if (json) {
            StringBuilder text = new StringBuilder("{\"state_dir\":");
            text.append(new String(Json.write(g -> g.writeString(stateDir.toString())), StandardCharsets.UTF_8));
            text.append(",\"servers\":[");
            for (int i = 0; i < servers.size(); i++) {
                text.append(i == 0 ? "" : ",").append(servers.get(i).jsonLine());
            }
            out.println(text.append("]}"));
            return 0;
        }
        if (servers.isEmpty()) {
            out.println("no shared server is running for the state directory " + stateDir);
            return 0;
        }
        out.println("shared servers of the state directory " + stateDir + ":");
        servers.forEach(server -> out.print(
                server.answering()
                        ? StatusText.of(server.paths().key(), server.answer().members())
                        : "  " + server.paths().key() + "  pid "
                                + server.pid().map(String::valueOf).orElse("?") + "  " + server.silence() + "\n"));
        out.flush();
        return 0;
    }

    private static int stop(Target target, String which, Console console) {
        Path stateDir = target.config().kernel().stateDir();
        List<AttachPaths> chosen = new ArrayList<>();
        try {
            if ("--all".equals(which)) {
                chosen.addAll(AttachPaths.existing(stateDir));
            } else if (which != null && !AttachPaths.isKey(which)) {
                console.err()
                        .println("switchboard: server stop: not a server key (16 hex characters): " + which + " ("
                                + STOP_USAGE + ")");
                return AttachMain.USAGE;
            } else {
                chosen.add(which == null ? target.paths() : AttachPaths.of(stateDir, which));
            }
        } catch (IOException e) {
            console.err().println("switchboard: cannot list " + stateDir.resolve(AttachPaths.DIRECTORY) + ": " + e);
            return 1;
        }
        int status = 0;
        int stopped = 0;
        for (AttachPaths paths : chosen) {
            Live server = ask(paths, "stop", target.build());
            if (server == null) {
                continue;
            }
            if (!server.answering()) {
                console.err()
                        .println("switchboard: the shared server " + paths.key() + " (pid "
                                + server.pid().map(String::valueOf).orElse("?") + ") was not stopped: it "
                                + server.silence());
                status = 1;
                continue;
            }
            if (!awaitExit(paths)) {
                console.err()
                        .println("switchboard: the shared server " + paths.key() + " (pid "
                                + server.answer().members().get("pid") + ") did not exit within "
                                + STOP_WAIT.toSeconds() + " s; it may still be finishing its calls, or end it with"
                                + " kill <pid> (SIGTERM)");
                status = 1;
                continue;
            }
            stopped++;
            console.out()
                    .println("stopped the shared server " + paths.key() + " (pid "
                            + server.answer().members().get("pid") + ")");
        }
        if (stopped == 0 && status == 0) {
            console.out()
                    .println("no shared server "
                            + (which == null || which.equals("--all") ? "" : which + " ")
                            + "is running for the state directory " + stateDir);
        }
        return status;
    }

    private static List<Live> live(Path stateDir, String kind, String build) {
        List<Live> servers = new ArrayList<>();
        try {
            for (AttachPaths paths : AttachPaths.existing(stateDir)) {
                Live server = ask(paths, kind, build);
                if (server != null) {
                    servers.add(server);
                }
            }
        } catch (IOException e) {
            // an unreadable attach directory lists no server
        }
        return servers;
    }

    /**
     * @return the server's answer to a hello of {@code kind}, a server without an answer when it took the connection
     *     but did not answer within {@link #ANSWER_DEADLINE}, or null when none listens there (or it refused)
     */
    private static Live ask(AttachPaths paths, String kind, String build) {
        Connection connection;
        try {
            connection = Connection.tryOpen(paths.socket());
        } catch (AnswerDeadline.NoAnswer e) {
            return new Live(paths, null);
        }
        if (connection == null) {
            return null;
        }
        try (connection) {
            Hello.Answer answer = Hello.exchange(connection, Hello.frame(kind, build, null, null), ANSWER_DEADLINE);
            return answer.ok() ? new Live(paths, answer) : null;
        } catch (AnswerDeadline.NoAnswer e) {
            return new Live(paths, null);
        } catch (IOException e) {
            return null;
        }
    }

    private static boolean awaitExit(AttachPaths paths) {
        long deadline = System.nanoTime() + STOP_WAIT.toNanos();
        try {
            while (System.nanoTime() < deadline) {
                if (ServerStarter.serverLockFree(paths)) {
                    return true;
                }
                Thread.sleep(20);
            }
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return false;
    }

    /** A server that took the connection, with its answer, or null when it did not answer in time. */
    private record Live(AttachPaths paths, Hello.Answer answer) {

        boolean answering() {
            return answer != null;
        }

        /** @return why there is no answer, as the output says it */
        String silence() {
            return "did not answer within " + AnswerDeadline.NoAnswer.seconds(ANSWER_DEADLINE)
                    + " s (hung or stopped: its socket accepts, nothing answers)";
        }

        /** @return the pid its {@code <key>.json} names, when readable */
        Optional<Long> pid() {
            try {
                byte[] info = Files.readAllBytes(paths.info());
                return Json.object(info, 0, info.length).get("pid") instanceof Number pid
                        ? Optional.of(pid.longValue())
                        : Optional.empty();
            } catch (IOException | RuntimeException e) {
                return Optional.empty();
            }
        }

        /** @return the answer line as sent, or a NOT_ANSWERING line */
        String jsonLine() {
            if (answering()) {
                return answer.line();
            }
            return new String(
                    Json.write(json -> {
                        json.writeStartObject();
                        json.writeNumberProperty("attach", Hello.VERSION);
                        json.writeBooleanProperty("ok", false);
                        json.writeStringProperty("key", paths.key());
                        Optional<Long> pid = pid();
                        if (pid.isPresent()) {
                            json.writeNumberProperty("pid", pid.get());
                        }
                        json.writeStringProperty("code", "NOT_ANSWERING");
                        json.writeStringProperty("message", silence());
                        json.writeEndObject();
                    }),
                    StandardCharsets.UTF_8);
        }
    }
}
