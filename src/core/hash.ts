import { createHash } from "node:crypto";

/** SHA-256 hex digest of bytes or a string. */
export function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** SHA-256 of a canonical JSON rendering (object keys sorted), so equal values hash equally. */
export function hashOf(value: unknown): string {
  const canonical = JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
  return sha256(canonical);
}
