import { type Command, CommanderError, Help } from "commander";
import { COMMAND_MODULES, type CommandContext, type CommandModule } from "./command-catalog.js";
import { type CliIo, processIo, redactingIo } from "./io.js";
import { reportCommandError } from "./report-error.js";
import { finishProgram, rootProgram } from "./root-program.js";

/** The top-level commands a command line names: its first operand, and after `help` the one asked about. */
function requestedCommands(argv: readonly string[]): string[] {
  const operands = argv.filter((a) => !a.startsWith("-"));
  return operands.slice(0, operands[0] === "help" ? 2 : 1);
}

/**
 * The program for one command line: the modules of the commands it names loaded and registered
 * fully, every other command a stub with the catalog's name, usage and description, so the help,
 * `--version`, unknown-command suggestions and usage errors read exactly as with every command loaded.
 */
export async function programFor(
  argv: readonly string[],
  context: CommandContext,
  modules: readonly CommandModule[] = COMMAND_MODULES,
): Promise<Command> {
  const wanted = new Set(requestedCommands(argv));
  const program = rootProgram(context.io);
  const stubTerms = new Map<Command, string>();
  for (const m of modules) {
    if (m.commands.some((c) => wanted.has(c.name))) (await m.load())(program, context);
    else
      for (const c of m.commands) stubTerms.set(program.command(c.name).description(c.description), c.term);
  }
  // Set last, so only the root's command list uses it (commands copy the help settings when created).
  const help = new Help();
  program.configureHelp({ subcommandTerm: (c) => stubTerms.get(c) ?? help.subcommandTerm(c) });
  return finishProgram(program, context.io);
}

/** Runs the command line; returns the exit code instead of exiting, so tests can call it. */
export async function main(argv: string[], given: CliIo = processIo): Promise<number> {
  const io = redactingIo(given);
  let code = 0;
  // The command being run, for messages ("siturec run: …"; "siturec tasks show: …").
  let command: string | undefined;
  try {
    const program = await programFor(argv, {
      io,
      setExit: (c) => {
        code = c;
      },
      tty: () => process.stderr.isTTY === true && given === processIo,
    });
    if (argv.length === 0) {
      io.err(program.helpInformation());
      return 1;
    }
    program.hook("preAction", (_program, action) => {
      const names: string[] = [];
      for (let c: Command | null = action; c && c !== program; c = c.parent) names.unshift(c.name());
      command = names.join(" ");
    });
    await program.parseAsync(argv, { from: "user" });
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    return reportCommandError(err, io, command);
  }
  return code;
}
