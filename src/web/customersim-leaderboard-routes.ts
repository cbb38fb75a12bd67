import type { Hono } from "hono";
import type { RunStore } from "../storage/run-store.js";
import { CustomerSimLeaderboards } from "./customersim-leaderboard.js";

/**
 * `GET /api/leaderboard/customersim`: CustomerSim's Tables 1–3 over the store's CustomerSim runs
 * (`customersim-leaderboard.ts`). No query: the address alone names it, so a static bundle can
 * save it as a file. Behind the organiser's token wherever the rest of the leaderboard is.
 */
export function addCustomerSimLeaderboardRoutes(app: Hono, getStore: () => RunStore | undefined): void {
  const boards = new CustomerSimLeaderboards(getStore);
  app.get("/api/leaderboard/customersim", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await boards.view());
  });
}
