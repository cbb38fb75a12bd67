import { Command, CommanderError } from "commander";
import { VERSION } from "../core/version.js";
import { registerBrowser } from "./browser-command.js";
import { registerCustomerSim } from "./customersim-command.js";
import { registerData } from "./data-command.js";
import { resolveStoreFlags } from "./default-store.js";
import { registerDoctor } from "./doctor-command.js";
import { registerEnvCommand } from "./env-command.js";
import { registerEnvs } from "./envs-command.js";
import { registerEvaluate } from "./evaluate-command.js";
import { registerHumanAgreement } from "./human-agreement-command.js";
import { type CliIo, processIo, redactingIo } from "./io.js";
import { registerJudge } from "./judge-command.js";
import { registerModels } from "./models-command.js";
import { registerRender } from "./render-command.js";
import { reportError } from "./report-error.js";
import { registerRun } from "./run-command.js";
import { registerRuns } from "./runs-command.js";
import { registerServe } from "./serve-command.js";
import { registerStudy } from "./study-command.js";
import { registerTasks } from "./tasks-command.js";
import { registerView } from "./view-command.js";
import { registerWorker } from "./worker-command.js";
import { registerWorld } from "./world-command.js";

export function buildProgram(
  io: CliIo,
  setExit: (code: number) => void,
  /** Whether stderr is a terminal the user watches (progress bars redraw in place). */
  tty: () => boolean = () => process.stderr.isTTY === true && io === processIo,
): Command {
  const program = new Command("siturec")
    .description("Situated conversational recommendation: SituRecBench and CustomerSim")
    .version(VERSION)
    .showHelpAfterError()
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  registerEnvs(program, io);
  registerData(program, io, setExit);
  registerCustomerSim(program, io, setExit, tty);
  registerTasks(program, io, setExit);
  registerRender(program, io);
  registerWorld(program, io);
  registerModels(program, io);
  registerRun(program, io, setExit, tty);
  registerRuns(program, io);
  registerEvaluate(program, io);
  registerJudge(program, io, setExit);
  registerStudy(program, io, tty);
  registerHumanAgreement(program, io);
  registerDoctor(program, io, setExit);
  registerBrowser(program, io);
  registerServe(program, io);
  registerView(program, io, tty);
  registerWorker(program, io);
  registerEnvCommand(program, io);
  program.hook("preAction", (_program, action) => resolveStoreFlags(action));
  for (const command of program.commands) {
    command.exitOverride().showHelpAfterError().configureOutput({ writeOut: io.out, writeErr: io.err });
    for (const sub of command.commands) {
      sub.exitOverride().showHelpAfterError().configureOutput({ writeOut: io.out, writeErr: io.err });
    }
  }
  return program;
}

/** Runs the command line; returns the exit code instead of exiting, so tests can call it. */
export async function main(argv: string[], given: CliIo = processIo): Promise<number> {
  const io = redactingIo(given);
  let code = 0;
  const program = buildProgram(
    io,
    (c) => {
      code = c;
    },
    () => process.stderr.isTTY === true && given === processIo,
  );
  if (argv.length === 0) {
    io.err(program.helpInformation());
    return 1;
  }
  // The command being run, for messages ("siturec run: …"; "siturec tasks show: …").
  let command: string | undefined;
  program.hook("preAction", (_program, action) => {
    const names: string[] = [];
    for (let c: Command | null = action; c && c !== program; c = c.parent) names.unshift(c.name());
    command = names.join(" ");
  });
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    return reportError(err, io, command);
  }
  return code;
}
