import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import type { Command } from "commander";
import { z } from "zod";
import { parseData } from "../core/data-file.js";
import { SiturecError } from "../core/errors.js";
import type { EnvId } from "../core/manifest.js";
import type { Task } from "../core/task.js";
import { envDefinition } from "../envs/registry.js";
import { RenderService } from "../render/render-service.js";
import { loadTaskBank } from "../tasks/task-bank-file.js";
import { toolsFor } from "../world/tools.js";
import { type StepResult, World } from "../world/world.js";
import type { CliIo } from "./io.js";
import { envHelp, parseEnv } from "./tasks-command.js";

/**
 * Reads a typed call: JSON (`{"name": ..., "arguments": ...}`) or the short form, whose words are
 * the tool's arguments in the order its schema lists them (`turn left 30`, `move_to_fixture B front`).
 */
export function parseTypedCall(env: EnvId, line: string): unknown {
  const text = line.trim();
  if (text.startsWith("{")) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return { name: "(unreadable JSON)", arguments: {} };
    }
  }
  const [name = "", ...words] = text.split(/\s+/);
  const tool = envDefinition(env).tools[name];
  const order = tool ? Object.keys(tool.shape) : [];
  const args: Record<string, unknown> = {};
  words.forEach((w, i) => {
    const key = order[i] ?? `arg${i + 1}`;
    args[key] = key === "target" || !/^-?\d+(\.\d+)?$/.test(w) ? w : Number(w);
  });
  return { name, arguments: args };
}

function taskFor(env: EnvId, id: string): Task {
  const task = loadTaskBank(env).tasks.find((t) => t.id === id);
  if (!task)
    throw new SiturecError(`no task '${id}' in the ${env} bank`, {
      exitCode: 2,
      hint: `\`siturec tasks list --env ${env}\` lists them`,
    });
  return task;
}

export function describeStep(r: StepResult, imagePath?: string): string {
  const lines: string[] = [];
  if (!r.success) lines.push(`refused: ${r.error}`);
  else
    lines.push(
      `ok: moved ${r.displacement.toFixed(2)} m${r.blocked ? " (blocked)" : ""}${r.stalled ? " — motion stall" : ""}`,
    );
  if (r.revealed) lines.push(`revealed: ${JSON.stringify(r.revealed)}`);
  if (r.addedToCart) lines.push(`added to cart: ${r.addedToCart}`);
  const { pose, held, cart } = r.state;
  lines.push(
    `pose: x ${pose.x.toFixed(2)}, z ${pose.z.toFixed(2)}, yaw ${pose.yaw.toFixed(0)}°, pitch ${pose.pitch.toFixed(0)}°; holding ${held?.product ?? "nothing"}; cart [${cart.join(", ")}]`,
  );
  lines.push(r.observation.roles.shopper.caption);
  if (imagePath) lines.push(`view: ${imagePath}`);
  return `${lines.join("\n")}\n`;
}

/**
 * An interactive session for a person playing the shopper: each line is a tool call; after each
 * step the session prints what happened, what is in view, and where the annotated view was saved.
 */
export async function playSession(
  world: World,
  task: Task,
  lines: AsyncIterable<string>,
  io: CliIo,
  dir: string,
) {
  mkdirSync(dir, { recursive: true });
  const save = (turn: number, r: { observation: StepResult["observation"] }) => {
    const path = join(dir, `${String(turn).padStart(3, "0")}-shopper.png`);
    writeFileSync(path, r.observation.roles.shopper.image);
    return path;
  };
  const start = await world.reset();
  io.out(`Task ${task.id}: "${task.goal.request}"\nYour needs: ${task.goal.preferences.summary}\n`);
  io.out(
    `Tools: ${Object.keys(toolsFor(world.env)).join(", ")}. Type e.g. \`turn left 30\`, \`move_to_fixture B front\`, or JSON; \`quit\` ends.\n`,
  );
  io.out(`${start.observation.roles.shopper.caption}\nview: ${save(0, start)}\n> `);
  let turn = 0;
  for await (const line of lines) {
    const text = line.trim();
    if (text === "quit" || text === "exit") break;
    if (!text) {
      io.out("> ");
      continue;
    }
    const r = await world.step(parseTypedCall(world.env, text));
    turn++;
    io.out(describeStep(r, r.success ? save(turn, r) : undefined));
    if (r.addedToCart) {
      io.out("Purchase made: the episode would end here.\n");
      break;
    }
    io.out("> ");
  }
}

const Calls = z.array(z.unknown());

export function registerWorld(program: Command, io: CliIo): void {
  const world = program
    .command("world")
    .description("the shopper's body in a store: play it, or replay tool calls");
  world
    .command("play")
    .description(
      "play the shopper in a terminal: type tool calls, see the visible entities and the saved view",
    )
    .requiredOption("--env <env>", envHelp(), parseEnv)
    .requiredOption("--task <id>", "a task id such as sm-07.2")
    .option("--out <dir>", "where the annotated views are saved", "siturec-play")
    .action(async (opts: { env: EnvId; task: string; out: string }) => {
      const task = taskFor(opts.env, opts.task);
      // Start reading at once: lines typed (or piped) while the store loads are kept, not lost.
      const rl = createInterface({ input: process.stdin, terminal: false });
      const lines = rl[Symbol.asyncIterator]();
      const render = await RenderService.start({ poolSize: 1 });
      try {
        const w = await World.create(opts.env, render);
        await playSession(w, task, { [Symbol.asyncIterator]: () => lines }, io, resolve(opts.out));
      } finally {
        rl.close();
        await render.close();
      }
    });
  world
    .command("replay")
    .description("run a JSON array of tool calls and print one JSON line per step")
    .requiredOption("--env <env>", envHelp(), parseEnv)
    .requiredOption("--task <id>", "a task id such as sm-07.2")
    .requiredOption(
      "--actions <file>",
      'JSON array: [{"name":"turn","arguments":{"direction":"left","angle":30}}, ...]',
    )
    .action(async (opts: { env: EnvId; task: string; actions: string }) => {
      taskFor(opts.env, opts.task);
      const calls = parseData(opts.actions, JSON.parse(readFileSync(opts.actions, "utf8")) as unknown, Calls);
      const render = await RenderService.start({ poolSize: 1 });
      try {
        const w = await World.create(opts.env, render);
        await w.reset();
        let step = 0;
        for (const call of calls) {
          const r = await w.step(call);
          step++;
          io.out(
            `${JSON.stringify({
              step,
              call,
              success: r.success,
              error: r.error ?? null,
              displacement: r.displacement,
              pose: r.state.pose,
              held: r.state.held?.product ?? null,
              cart: r.state.cart,
              ...(r.revealed ? { revealed: r.revealed } : {}),
              stalled: r.stalled,
              visible: {
                products: r.observation.roles.shopper.products.map((p) => `${p.handle}:${p.name}`),
                targets: r.observation.roles.shopper.targets.map((t) => `${t.handle}:${t.name}`),
              },
            })}\n`,
          );
        }
      } finally {
        await render.close();
      }
    });
}
