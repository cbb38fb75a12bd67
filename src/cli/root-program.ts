import { Command } from "commander";
import { VERSION } from "../core/version.js";
import { resolveStoreFlags } from "./default-store.js";
import type { CliIo } from "./io.js";

/** The `siturec` program with no commands yet: name, version, and how it reports usage errors. */
export function rootProgram(io: CliIo): Command {
  return new Command("siturec")
    .description("Situated conversational recommendation: SituRecBench and CustomerSim")
    .version(VERSION)
    .showHelpAfterError()
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
}

/**
 * After the commands are registered: `--store`/`--dir` resolved before every action, and every
 * command and subcommand throwing instead of exiting, with its help after a usage error.
 */
export function finishProgram(program: Command, io: CliIo): Command {
  program.hook("preAction", (_program, action) => resolveStoreFlags(action));
  for (const command of program.commands) {
    command.exitOverride().showHelpAfterError().configureOutput({ writeOut: io.out, writeErr: io.err });
    for (const sub of command.commands) {
      sub.exitOverride().showHelpAfterError().configureOutput({ writeOut: io.out, writeErr: io.err });
    }
  }
  return program;
}
