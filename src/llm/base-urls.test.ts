import { afterEach, describe, expect, it } from "vitest";
import { BASE_URL_VARIABLES, baseUrlFor } from "./providers.js";
import { withEnv } from "./testing/provider-env.js";

let restore = () => {};
afterEach(() => restore());
const set = (vars: Record<string, string>) => {
  restore = withEnv(vars);
};

describe("each provider's base URL, read as its own SDK reads it", () => {
  it("none set: the provider's own endpoint", () => {
    set(Object.fromEntries(Object.values(BASE_URL_VARIABLES).map((v) => [v, ""])));
    for (const p of ["openai", "anthropic", "google"] as const) expect(baseUrlFor(p)).toBeUndefined();
  });

  it("ANTHROPIC_BASE_URL: the host as Anthropic's SDK takes it gets /v1; one ending in /v1 is kept", () => {
    set({ ANTHROPIC_BASE_URL: "https://proxy.example/anthropic/" });
    expect(baseUrlFor("anthropic")).toBe("https://proxy.example/anthropic/v1");
    set({ ANTHROPIC_BASE_URL: "http://127.0.0.1:8080/v1" });
    expect(baseUrlFor("anthropic")).toBe("http://127.0.0.1:8080/v1");
  });

  it("GOOGLE_GENERATIVE_AI_BASE_URL gets /v1beta unless it names a version; OPENAI_BASE_URL is used as it is", () => {
    set({ GOOGLE_GENERATIVE_AI_BASE_URL: "http://127.0.0.1:9000" });
    expect(baseUrlFor("google")).toBe("http://127.0.0.1:9000/v1beta");
    set({ GOOGLE_GENERATIVE_AI_BASE_URL: "https://gw.example/v1" });
    expect(baseUrlFor("google")).toBe("https://gw.example/v1");
    set({ OPENAI_BASE_URL: "https://gw.example/openai/v1/" });
    expect(baseUrlFor("openai")).toBe("https://gw.example/openai/v1");
  });
});
