import type { Command } from "commander";
import { COMMAND_MODULES, type RegisterCommands } from "./command-catalog.js";
import { type CliIo, processIo } from "./io.js";
import { finishProgram, rootProgram } from "./root-program.js";

export { main } from "./command-line.js";

// Every command module, loaded (in help order) when this module is, so buildProgram stays synchronous.
// The binary never imports this file: `main` loads only the module of the command it runs.
const registers: RegisterCommands[] = [];
for (const m of COMMAND_MODULES) registers.push(await m.load());

/** The whole program with every command registered (tests walk its commands and flags). */
export function buildProgram(
  io: CliIo,
  setExit: (code: number) => void,
  /** Whether stderr is a terminal the user watches (progress bars redraw in place). */
  tty: () => boolean = () => process.stderr.isTTY === true && io === processIo,
): Command {
  const program = rootProgram(io);
  for (const register of registers) register(program, { io, setExit, tty });
  return finishProgram(program, io);
}
