package dev.switchboard.attach;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.switchboard.kernel.cli.Console;

/**
 * The attach client's main, which {@code bin/switchboard} runs for {@code serve} over stdio (without
 * {@code --no-attach}) and for {@code server status|stop}. For {@code serve}: the target server
 * ({@link Target}), then a connection to it, starting it when none runs ({@link ServerStarter}), the hello, and the
 * relay ({@link Relay}) until the session ends; each recovery selects the target again ({@link Retargeting}). When
 * attaching is impossible it prints ONE stderr line saying why (none when the in-process server will say what matters:
 * an option the client does not serve, a state directory that is no directory) and exits {@value #IN_PROCESS} before
 * reading stdin or writing stdout: the launcher then serves in-process on the same command line. Runs once per process.
 */
public final class AttachMain {

    /** The exit status that asks the launcher for the in-process server. */
    public static final int IN_PROCESS = 100;

    /** The exit status of a usage error. */
    static final int USAGE = 2;

    /** The {@code serve} options the client understands; any other is served in-process. */
    private static final Set<String> VALUED_OPTIONS = Set.of("--home", "--config", "--state-dir", "--transport");

    private AttachMain() {}

    /** @param args the command line ({@code serve ...}, {@code server status|stop ...}) */
    public static void main(String[] args) {
        int status;
        try {
            status = run(args, Console.system(), Console.standardOutput(), System.getenv());
        } catch (LinkageError e) {
            // a class missing from the client's class path (a layout edited by hand): the in-process server serves
            status = IN_PROCESS;
        }
        System.exit(status);
    }

    /**
     * @param args        the command line
     * @param console     stderr (diagnostics), stdout (the server commands' output) and stdin
     * @param stdout      stdout as raw bytes, for the relay
     * @param environment the process's environment (sent to the server for a session)
     * @return the exit status
     */
    static int run(String[] args, Console console, OutputStream stdout, Map<String, String> environment) {
        String command = args.length == 0 ? "" : args[0];
        return switch (command) {
            case "serve" -> serve(args, console.err(), console.in(), stdout, environment);
            case "server" -> ServerCommands.run(args, console);
            default -> {
                console.err().println("switchboard: the attach client runs `serve` and `server status|stop` only");
                yield USAGE;
            }
        };
    }

    private static int serve(
            String[] args, PrintWriter err, InputStream stdin, OutputStream stdout, Map<String, String> environment) {
        Connection first;
        Relay.Establisher attacher;
        try {
            boolean transportGiven = checkOptions(args);
            Target target = Target.of(args);
            target.checkAttachable(transportGiven);
            String cwd = System.getProperty("user.dir");
            byte[] hello = Hello.frame("session", target.build(), cwd, environment);
            first = new SessionAttacher(new ServerStarter(target.paths(), target.spawner(environment)), hello)
                    .establish();
            attacher = new Retargeting(
                    args,
                    transportGiven,
                    target,
                    t -> new SessionAttacher(
                            new ServerStarter(t.paths(), t.spawner(environment)),
                            Hello.frame("session", t.build(), cwd, environment)));
        } catch (AttachFailure failure) {
            if (!failure.quiet()) {
                err.println((failure.fallBack() ? "switchboard: serving in-process: " : "switchboard: ")
                        + failure.getMessage());
            }
            return failure.fallBack() ? IN_PROCESS : failure.status();
        }
        return new Relay(attacher, new MessageTracker(), stdin, stdout, line -> err.println("switchboard: " + line))
                .run(first);
    }

    /**
     * @return whether {@code --transport} was given (then only as {@code stdio})
     * @throws AttachFailure (falling back quietly) for an option the client does not serve
     */
    private static boolean checkOptions(String[] args) throws AttachFailure {
        boolean transport = false;
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (!VALUED_OPTIONS.contains(name)) {
                // the in-process server says what it makes of it, once: a usage error, or its start line
                throw AttachFailure.fallBackQuietly("serve " + name + " runs in-process");
            }
            String value =
                    arg.contains("=") ? arg.substring(arg.indexOf('=') + 1) : i + 1 < args.length ? args[++i] : "";
            if (name.equals("--transport")) {
                if (!List.of("stdio").equals(List.of(value.strip()))) {
                    throw new AttachFailure("serve --transport " + value + " runs in-process", true);
                }
                transport = true;
            }
        }
        return transport;
    }
}
