import { describe, expect, it } from "vitest";
import { links } from "./format.js";
import { filterQuery, parseFilters, route } from "./route.js";

describe("the viewer's routes", () => {
  it("reads pages and turns from the hash", () => {
    expect(route("")).toEqual({ page: "runs", filters: {} });
    expect(route("#/runs/r1")).toEqual({ page: "run", run: "r1", query: "" });
    expect(route("#/runs/r1?q=milk&sort=-turns")).toEqual({
      page: "run",
      run: "r1",
      query: "q=milk&sort=-turns",
    });
    expect(route("#/compare?runs=a,b,a,<x>")).toEqual({
      page: "compare",
      runs: ["a", "b"],
      query: "runs=a,b,a,<x>",
    });
    expect(route("#/leaderboard/customersim")).toEqual({ page: "customersim-leaderboard", query: "" });
    expect(route("#/studies/s1")).toEqual({ page: "study", id: "s1" });
    expect(route("#/view/tok")).toEqual({ page: "viewer-login", token: "tok" });
    expect(route("#/runs/r1/supermarket/sm-01.1/turn/3")).toEqual({
      page: "episode",
      run: "r1",
      env: "supermarket",
      task: "sm-01.1",
      turn: 3,
    });
  });

  it("keeps the filters in the hash's query, so a filtered view is a link", () => {
    const f = { store: "supermarket", subset: 2, condition: "no-evv" };
    expect(route(links.leaderboard(f))).toEqual({ page: "leaderboard", filters: f });
    expect(route(links.runs({ condition: "full" }))).toEqual({
      page: "runs",
      filters: { condition: "full" },
    });
    expect(filterQuery({})).toBe("");
    // What is not a valid filter is dropped.
    expect(parseFilters("subset=7&store=a%20b&condition=<x>")).toEqual({});
  });
});
