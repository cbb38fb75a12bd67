import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { EpisodePage } from "./episode-page.js";
import { links } from "./format.js";
import { RunPage } from "./run-page.js";
import { RunsPage } from "./runs-page.js";
import "./style.css";

/** The page a location hash names: `#/`, `#/runs/RUN`, `#/runs/RUN/ENV/TASK[/turn/N]`. */
type Route =
  | { page: "runs" }
  | { page: "run"; run: string }
  | { page: "episode"; run: string; env: string; task: string; turn: number };

function route(hash: string): Route {
  const parts = hash
    .replace(/^#\/?/, "")
    .split("/")
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
  if (parts[0] !== "runs" || !parts[1]) return { page: "runs" };
  if (!parts[2] || !parts[3]) return { page: "run", run: parts[1] };
  const turn = parts[4] === "turn" ? Number.parseInt(parts[5] ?? "1", 10) : 1;
  return { page: "episode", run: parts[1], env: parts[2], task: parts[3], turn: turn > 0 ? turn : 1 };
}

function App() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    addEventListener("hashchange", on);
    return () => removeEventListener("hashchange", on);
  }, []);
  const r = route(hash);
  return (
    <>
      <header class="top">
        <a class="brand" href={links.runs()}>
          siturec <span>viewer</span>
        </a>
        <nav class="crumbs">
          <a href={links.runs()}>Runs</a>
          {r.page !== "runs" && (
            <>
              <span>›</span>
              <a href={links.run(r.run)}>{r.run}</a>
            </>
          )}
          {r.page === "episode" && (
            <>
              <span>›</span>
              <span>
                {r.env} / {r.task}
              </span>
            </>
          )}
        </nav>
      </header>
      <main>
        {r.page === "runs" && <RunsPage />}
        {r.page === "run" && <RunPage run={r.run} />}
        {r.page === "episode" && <EpisodePage run={r.run} env={r.env} task={r.task} turn={r.turn} />}
      </main>
    </>
  );
}

render(<App />, document.getElementById("app")!);
