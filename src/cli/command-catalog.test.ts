import { type Command, Help } from "commander";
import { describe, expect, it } from "vitest";
import { COMMAND_MODULES, type CommandContext, type CommandModule } from "./command-catalog.js";
import { programFor } from "./command-line.js";
import { buildProgram } from "./main.js";
import { runCli } from "./testing/run-cli.js";

const quiet: CommandContext = { io: { out: () => {}, err: () => {} }, setExit: () => {}, tty: () => false };
const full = buildProgram(quiet.io, quiet.setExit);
const help = new Help();

/** Every command under `root` by its full name (`customersim run`), with its help text. */
function helpTexts(root: Command, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of root.commands) {
    const name = `${prefix}${c.name()}`;
    out.set(name, c.helpInformation());
    for (const [sub, text] of helpTexts(c, `${name} `)) out.set(sub, text);
  }
  return out;
}

describe("the command catalog", () => {
  it("lists what the register functions register: every top-level command in order, its usage and description", () => {
    const registered = full.commands.map((c) => ({
      name: c.name(),
      term: help.subcommandTerm(c),
      description: c.description(),
    }));
    const listed = COMMAND_MODULES.flatMap((m) => m.commands.map((c) => ({ ...c })));
    expect(listed, "src/cli/command-catalog.ts must match the commands' own registration").toEqual(
      registered,
    );
    // The catalog finds a command's module by its name: an alias would load nothing.
    expect(full.commands.filter((c) => c.aliases().length).map((c) => c.name())).toEqual([]);
  });
});

describe("a command line loads only the command it runs", () => {
  it("prints the same --help as the program with every command loaded", async () => {
    const lazy = await runCli("--help");
    expect(lazy.code).toBe(0);
    expect(lazy.out).toBe(full.helpInformation());
    expect((await runCli()).err).toBe(full.helpInformation());
  });

  it("registers a command, with every subcommand and flag, as the full program does", async () => {
    const whole = helpTexts(full);
    for (const m of COMMAND_MODULES)
      for (const { name } of m.commands) {
        const texts = helpTexts(await programFor([name], quiet));
        for (const [command, text] of texts)
          if (command === name || command.startsWith(`${name} `))
            expect(text, command).toBe(whole.get(command));
      }
  });

  it("imports no command module for --version or --help, and one for a command or `help COMMAND`", async () => {
    const loads: string[] = [];
    const fake = (names: string[]): CommandModule => ({
      commands: names.map((name) => ({ name, term: name, description: `the ${name} command` })),
      load: async () => {
        loads.push(names[0]!);
        return (program) => {
          for (const name of names) program.command(name).action(() => {});
        };
      },
    });
    const modules = [fake(["run"]), fake(["runs", "export"]), fake(["serve"])];
    const loadedBy = async (...argv: string[]) => {
      loads.length = 0;
      await programFor(argv, quiet, modules);
      return [...loads];
    };
    expect(await loadedBy("--version")).toEqual([]);
    expect(await loadedBy("--help")).toEqual([]);
    expect(await loadedBy()).toEqual([]);
    expect(await loadedBy("runs", "--store", "run")).toEqual(["runs"]);
    expect(await loadedBy("export", "r1")).toEqual(["runs"]);
    expect(await loadedBy("help", "serve")).toEqual(["serve"]);
    expect(await loadedBy("rnus")).toEqual([]);
  });

  it("suggests a misspelt command from the catalog's names", async () => {
    const { code, err } = await runCli("rnus");
    expect(code).toBe(1);
    expect(err).toContain("(Did you mean runs?)");
  });
});
