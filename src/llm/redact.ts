import { KEY_VARIABLES } from "./model-id.js";

const KEY_PATTERNS = [
  /sk-[A-Za-z0-9_-]{12,}/g,
  /sk-ant-[A-Za-z0-9_-]{12,}/g,
  /AIza[0-9A-Za-z_-]{20,}/g,
  /Bearer\s+[A-Za-z0-9._~+/-]{12,}=*/g,
];

/** Removes API keys from text before it reaches a log, a trajectory, a cache or an error message. */
export function redact(text: string): string {
  let out = text;
  for (const names of Object.values(KEY_VARIABLES)) {
    for (const name of names) {
      const value = process.env[name];
      if (value && value.length >= 8) out = out.split(value).join("[redacted]");
    }
  }
  for (const pattern of KEY_PATTERNS) out = out.replace(pattern, "[redacted]");
  return out;
}
