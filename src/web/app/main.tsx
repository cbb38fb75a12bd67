import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { inBundle } from "./api.js";
import { ComparePage } from "./compare-page.js";
import { CustomerSimLeaderboardPage } from "./customersim-leaderboard-page.js";
import { EpisodePage } from "./episode-page.js";
import { links } from "./format.js";
import { LeaderboardPage } from "./leaderboard-page.js";
import { ParticipantPage } from "./participant/participant-page.js";
import { route } from "./route.js";
import { RunPage } from "./run-page.js";
import { RunsPage } from "./runs-page.js";
import { AdminLogin, StudiesPage } from "./studies-page.js";
import { StudyPage } from "./study-page.js";
import { ViewerLogin } from "./viewer-login.js";
import "./style.css";

function App() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    addEventListener("hashchange", on);
    return () => removeEventListener("hashchange", on);
  }, []);
  const r = route(hash);
  // A participant sees their study only: no viewer navigation (the runs would unblind the assistants).
  if (r.page === "participant")
    return (
      <>
        <header class="top">
          <span class="brand">
            siturec <span>shopping study</span>
          </span>
        </header>
        <main>
          <ParticipantPage token={r.token} />
        </main>
      </>
    );
  return (
    <>
      <header class="top">
        <a class="brand" href={links.runs()}>
          siturec <span>viewer</span>
        </a>
        <nav class="crumbs">
          <a href={links.runs()} class={r.page === "runs" ? "here" : ""}>
            Runs
          </a>
          {(r.page === "run" || r.page === "episode") && (
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
        <nav class="pages">
          <a href={links.leaderboard()} class={r.page === "leaderboard" ? "here" : ""}>
            Leaderboard
          </a>
          <a href={links.customersimLeaderboard()} class={r.page === "customersim-leaderboard" ? "here" : ""}>
            CustomerSim
          </a>
          {/* A static bundle holds no studies: they need the server and the organiser token. */}
          {!inBundle && (
            <a href="#/studies" class={r.page === "studies" || r.page === "study" ? "here" : ""}>
              Studies
            </a>
          )}
        </nav>
      </header>
      <main>
        {r.page === "runs" && <RunsPage filters={r.filters} />}
        {r.page === "leaderboard" && <LeaderboardPage filters={r.filters} />}
        {r.page === "customersim-leaderboard" && <CustomerSimLeaderboardPage query={r.query} />}
        {r.page === "run" && <RunPage run={r.run} query={r.query} />}
        {r.page === "compare" && <ComparePage runs={r.runs} query={r.query} />}
        {r.page === "episode" && <EpisodePage run={r.run} env={r.env} task={r.task} turn={r.turn} />}
        {r.page === "admin" && <AdminLogin token={r.token} />}
        {r.page === "viewer-login" && <ViewerLogin token={r.token} />}
        {r.page === "studies" && <StudiesPage />}
        {r.page === "study" && <StudyPage id={r.id} />}
      </main>
    </>
  );
}

render(<App />, document.getElementById("app")!);
