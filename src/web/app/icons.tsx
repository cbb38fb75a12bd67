/**
 * Small inline icons: arrows, a check mark and a cross. Drawn as SVG so they show whatever fonts the
 * browser has (a headless browser may have none with these glyphs).
 */
const PATHS = {
  left: "M10 3 L4 8 L10 13 M4 8 H14",
  right: "M6 3 L12 8 L6 13 M12 8 H2",
  check: "M3 8.5 L6.5 12 L13 4",
  cross: "M4 4 L12 12 M12 4 L4 12",
};

export function Icon({ name, label }: { name: keyof typeof PATHS; label?: string }) {
  return (
    <svg
      class={`icon icon-${name}`}
      viewBox="0 0 16 16"
      width="14"
      height="14"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : "true"}
    >
      <path d={PATHS[name]} fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
    </svg>
  );
}

/** A check mark or a cross, then the text. */
export function Verdict({ ok, children }: { ok: boolean; children: preact.ComponentChildren }) {
  return (
    <span class={ok ? "good" : "bad"}>
      <Icon name={ok ? "check" : "cross"} /> {children}
    </span>
  );
}
