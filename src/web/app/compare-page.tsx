/** Runs on the same tasks side by side (built in issue 34). */
export function ComparePage({ runs }: { runs: string[]; query: string }) {
  return <p class="empty">Comparing {runs.join(", ")}…</p>;
}
