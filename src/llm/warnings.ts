// Provider warnings (an unsupported setting, a schema feature dropped) go to stderr, once per kind:
// the AI SDK's default logger writes to stdout, where they would break `--progress=jsonl`.
const warned = new Set<string>();
export function warningText(w: {
  type: string;
  feature?: string;
  details?: string;
  message?: string;
}): string {
  return w.type === "other"
    ? (w.message ?? "warning")
    : `${w.type}: ${w.feature ?? ""}${w.details ? ` (${w.details})` : ""}`;
}
/** Writes a line to stderr unless it was written before (by this or by the AI SDK's warnings). */
export function warnOnce(line: string): void {
  if (warned.has(line)) return;
  warned.add(line);
  process.stderr.write(`${line}\n`);
}

(globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = (options: {
  warnings: { type: string; feature?: string; details?: string; message?: string }[];
  provider: string;
  model: string;
}) => {
  for (const w of options.warnings) {
    warnOnce(`siturec: ${options.provider} ${options.model}: ${warningText(w)}`);
  }
};
