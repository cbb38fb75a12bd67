// What a process and all its descendants use (Linux /proc), for the benchmarks that measure memory:
// Node and Chromium's browser, GPU, utility and renderer processes together.
import { readdirSync, readFileSync } from "node:fs";

interface ProcessInfo {
  pid: number;
  ppid: number;
  /** Proportional set size, kB: pages shared between processes counted once, split among them. */
  pssKb: number;
  /** User and system CPU time so far, seconds. */
  cpuS: number;
  cmdline: string;
}

const CLOCK_TICKS = 100;

/** A process's parent and command line, or undefined if it ended while we looked. */
function readParent(pid: string): { pid: number; ppid: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return { pid: Number(pid), ppid: Number(/PPid:\s+(\d+)/.exec(status)?.[1]) };
  } catch {
    return undefined;
  }
}

/** Memory, CPU time and command line of a process (smaps_rollup is costly: only for the tree's). */
function readProcess(pid: number, ppid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces), from the state on: utime and stime are 12 and 13.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    return {
      pid,
      ppid,
      pssKb: Number(/Pss:\s+(\d+)/.exec(rollup)?.[1] ?? 0),
      cpuS: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
      cmdline: readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " "),
    };
  } catch {
    return undefined; // the process ended while we looked
  }
}

/** The process `root` and all its descendants as they are now (`exclude`: leave out, with their descendants). */
export function processTree(root: number, exclude?: (cmdline: string) => boolean): ProcessInfo[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const p = readParent(entry);
    if (p) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  }
  const out: ProcessInfo[] = [];
  const stack: [number, number][] = [[root, 0]];
  while (stack.length) {
    const [pid, ppid] = stack.pop()!;
    const p = readProcess(pid, ppid);
    if (!p || exclude?.(p.cmdline)) continue;
    out.push(p);
    for (const child of children.get(pid) ?? []) stack.push([child, pid]);
  }
  return out;
}

/**
 * Memory of a process and all its descendants, MB: the sum of proportional set sizes, so pages
 * Chromium's processes share are counted once, not once per process.
 */
export function treePssMb(root = process.pid, exclude?: (cmdline: string) => boolean): number {
  return processTree(root, exclude).reduce((s, p) => s + p.pssKb, 0) / 1024;
}

/**
 * Follows a process tree while it runs: its peak memory (PSS, MB) sampled every `everyMs`, and the
 * CPU seconds of every process seen in it (each process's last reading: one that ended between two
 * samples loses at most its last interval).
 */
export class TreeSampler {
  peakMb = 0;
  private readonly cpu = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly root: number,
    everyMs = 200,
    private readonly exclude?: (cmdline: string) => boolean,
  ) {
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  sample(): void {
    const tree = processTree(this.root, this.exclude);
    this.peakMb = Math.max(this.peakMb, tree.reduce((s, p) => s + p.pssKb, 0) / 1024);
    for (const p of tree) this.cpu.set(p.pid, p.cpuS);
  }

  /** CPU seconds of the processes seen so far. */
  get cpuS(): number {
    return [...this.cpu.values()].reduce((s, v) => s + v, 0);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
