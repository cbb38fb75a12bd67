import type { Command } from "commander";
import type { CliIo } from "./io.js";

/** What a command module's `register*` function is given besides the program. */
export interface CommandContext {
  /** Where the command writes. */
  io: CliIo;
  /** Sets the process's exit code without throwing (a run that finished with failures). */
  setExit: (code: number) => void;
  /** Whether stderr is a terminal the user watches (progress bars redraw in place). */
  tty: () => boolean;
}

/** Registers a module's top-level commands, fully, on the program. */
export type RegisterCommands = (program: Command, context: CommandContext) => void;

/** A top-level command as `siturec --help` lists it. */
export interface CatalogCommand {
  /** The name typed on the command line. */
  readonly name: string;
  /** The name with its usage, as the help's command list shows it (`ping [options] <model>`). */
  readonly term: string;
  /** The one-line description the help prints beside the term. */
  readonly description: string;
}

/** One `*-command.ts` module: the top-level commands it registers, in order, and how to load it. */
export interface CommandModule {
  readonly commands: readonly CatalogCommand[];
  /** Imports the module (and all it needs) only when one of its commands runs. */
  readonly load: () => Promise<RegisterCommands>;
}

const command = (name: string, usage: string, description: string): CatalogCommand => ({
  name,
  term: usage ? `${name} ${usage}` : name,
  description,
});

/**
 * Every top-level command in help order, with its module loaded on demand, so `siturec --version`,
 * `--help` and a light command start without importing the renderer, the model SDKs or the charts.
 * A unit test checks it against what the `register*` functions really register (and `buildProgram`).
 */
export const COMMAND_MODULES: readonly CommandModule[] = [
  {
    commands: [
      command(
        "envs",
        "[options]",
        "list the environments and their sizes; generate seeded variants; layout statistics",
      ),
    ],
    load: async () => {
      const { registerEnvs } = await import("./envs-command.js");
      return (p, c) => registerEnvs(p, c.io);
    },
  },
  {
    commands: [command("data", "", "work with environment data")],
    load: async () => {
      const { registerData } = await import("./data-command.js");
      return (p, c) => registerData(p, c.io, c.setExit);
    },
  },
  {
    commands: [command("customersim", "", "CustomerSim: benchmark shopper simulators in a chat store")],
    load: async () => {
      const { registerCustomerSim } = await import("./customersim-command.js");
      return (p, c) => registerCustomerSim(p, c.io, c.setExit, c.tty);
    },
  },
  {
    commands: [command("tasks", "", "the shopper profiles and task banks")],
    load: async () => {
      const { registerTasks } = await import("./tasks-command.js");
      return (p, c) => registerTasks(p, c.io, c.setExit);
    },
  },
  {
    commands: [
      command(
        "render",
        "[options]",
        "render the first-person view: RGB, depth, segmentation, both roles' Set-of-Mark views and minimaps",
      ),
    ],
    load: async () => {
      const { registerRender } = await import("./render-command.js");
      return (p, c) => registerRender(p, c.io);
    },
  },
  {
    commands: [command("world", "", "the shopper's body in a store: play it, or replay tool calls")],
    load: async () => {
      const { registerWorld } = await import("./world-command.js");
      return (p, c) => registerWorld(p, c.io);
    },
  },
  {
    commands: [
      command("models", "[options]", "list model providers, which API keys are set, and the price table"),
      command("ping", "[options] <model>", "make one tiny call to a model and report its latency"),
    ],
    load: async () => {
      const { registerModels } = await import("./models-command.js");
      return (p, c) => registerModels(p, c.io);
    },
  },
  {
    commands: [
      command(
        "run",
        "[options]",
        "run SituRecBench episodes (default: both stores, all tasks, the built-in reference assistant with the rule-based shopper and moderator)",
      ),
    ],
    load: async () => {
      const { registerRun } = await import("./run-command.js");
      return (p, c) => registerRun(p, c.io, c.setExit, c.tty);
    },
  },
  {
    commands: [
      command("runs", "[options]", "list the runs in a run store"),
      command(
        "export",
        "[options] <run>",
        "write a run's finished trajectories (a CustomerSim run's conversations), one per line (jsonl) or as one array (json)",
      ),
      command("schema", "<name>", "print a published JSON Schema"),
    ],
    load: async () => {
      const { registerRuns } = await import("./runs-command.js");
      return (p, c) => registerRuns(p, c.io);
    },
  },
  {
    commands: [
      command(
        "evaluate",
        "[options] [runs...]",
        "every SituRecBench metric per store and assistant, from stored runs or exported trajectories",
      ),
      command(
        "report",
        "[options] [runs...]",
        "write Markdown and CSV tables in the paper's layouts and every chart (SVG and PNG) with an index page",
      ),
    ],
    load: async () => {
      const { registerEvaluate } = await import("./evaluate-command.js");
      return (p, c) => registerEvaluate(p, c.io);
    },
  },
  {
    commands: [
      command(
        "judge",
        "[options] [run]",
        "score a run's (or a study's) finished trajectories on the seven dialogue-quality dimensions with an LLM judge",
      ),
    ],
    load: async () => {
      const { registerJudge } = await import("./judge-command.js");
      return (p, c) => registerJudge(p, c.io, c.setExit);
    },
  },
  {
    commands: [command("study", "", "human-evaluation studies (paper §3.4, Appendix C.2)")],
    load: async () => {
      const { registerStudy } = await import("./study-command.js");
      return (p, c) => registerStudy(p, c.io, c.tty);
    },
  },
  {
    commands: [
      command(
        "human-agreement",
        "[options] <study>",
        "compare a human-evaluation study with simulated-user runs of its assistants: the paper's Table 4 (human vs simulated means, Pearson and Spearman) and Figure 5 (questionnaire vs LLM judge)",
      ),
    ],
    load: async () => {
      const { registerHumanAgreement } = await import("./human-agreement-command.js");
      return (p, c) => registerHumanAgreement(p, c.io);
    },
  },
  {
    commands: [
      command(
        "doctor",
        "[options]",
        "check what siturec needs: the browser and its WebGL, Node, SQLite, fonts, model keys",
      ),
    ],
    load: async () => {
      const { registerDoctor } = await import("./doctor-command.js");
      return (p, c) => registerDoctor(p, c.io, c.setExit);
    },
  },
  {
    commands: [
      command(
        "browser",
        "",
        "start the renderer's Chromium for other siturec processes and print its SITUREC_BROWSER_URL: runs, workers and servers that set it render there, and a store page built once stays warm for the next; SIGTERM or Ctrl-C stops it",
      ),
    ],
    load: async () => {
      const { registerBrowser } = await import("./browser-command.js");
      return (p, c) => registerBrowser(p, c.io);
    },
  },
  {
    commands: [
      command("serve", "[options]", "browse runs and replay episodes in the browser (a local web server)"),
    ],
    load: async () => {
      const { registerServe } = await import("./serve-command.js");
      return (p, c) => registerServe(p, c.io);
    },
  },
  {
    commands: [command("view", "", "the viewer's pages without a server (see 'siturec view bundle')")],
    load: async () => {
      const { registerView } = await import("./view-command.js");
      return (p, c) => registerView(p, c.io, c.tty);
    },
  },
  {
    commands: [
      command(
        "worker",
        "[options]",
        "play episodes that `siturec run --queue` enqueued, for any run, until stopped (SIGTERM or Ctrl-C finishes the episodes in flight)",
      ),
    ],
    load: async () => {
      const { registerWorker } = await import("./worker-command.js");
      return (p, c) => registerWorker(p, c.io);
    },
  },
  {
    commands: [
      command("env", "", "serve the benchmarks as environments for agents and RL trainers (OpenEnv-style)"),
    ],
    load: async () => {
      const { registerEnvCommand } = await import("./env-command.js");
      return (p, c) => registerEnvCommand(p, c.io);
    },
  },
];
