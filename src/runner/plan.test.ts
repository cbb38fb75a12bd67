import { describe, expect, it } from "vitest";
import { selectEpisodes } from "./plan.js";
import { parseRunConfig } from "./run-config.js";

const select = (config: Record<string, unknown>) => () => selectEpisodes(parseRunConfig(config));

describe("task selection", () => {
  it("selects by range, by ids and by subsets", () => {
    expect(
      selectEpisodes(parseRunConfig({ env: "supermarket", tasks: "0:3" })).map((e) => e.task.id),
    ).toEqual(["sm-01.1", "sm-01.2", "sm-01.3"]);
    expect(selectEpisodes(parseRunConfig({ tasks: "sm-02.1,hf-03.2" })).map((e) => e.task.id)).toEqual([
      "sm-02.1",
      "hf-03.2",
    ]);
    expect(selectEpisodes(parseRunConfig({ subset: "0" }))).toHaveLength(50);
  });

  it("refuses a selection that selects nothing, naming the field and what exists", () => {
    expect(select({ tasks: "200:300" })).toThrow(
      "tasks 200:300: selects no task: the banks hold supermarket 100, home-furnishings 100 tasks (positions from 0)",
    );
    expect(select({ tasks: "5:2" })).toThrow("tasks 5:2: FROM must be less than TO");
    expect(select({ tasks: "sm-99.9" })).toThrow(
      "tasks sm-99.9: no task sm-99.9 in the supermarket or home-furnishings bank",
    );
    expect(select({ env: "supermarket", tasks: "hf-01.1" })).toThrow(
      "tasks hf-01.1: hf-01.1 is a task of home-furnishings, and this run covers supermarket",
    );
    expect(select({ env: "supermarket", tasks: "0:1", subset: "3" })).toThrow(
      "subset 3: none of the tasks 0:1 is in subset 3",
    );
  });
});
