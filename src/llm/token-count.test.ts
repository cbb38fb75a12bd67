import { describe, expect, it } from "vitest";
import { imageTokens, O200K_RATIO, textTokens } from "./token-count.js";

describe("token counts", () => {
  it("counts images by each provider's published rule", () => {
    // OpenAI: 2048 fit, short side to 768, 85 + 170 a 512-px tile (no upscaling).
    expect(imageTokens("openai", 640, 480)).toBe(85 + 170 * 2);
    expect(imageTokens("openai", 1280, 720)).toBe(85 + 170 * 3 * 2);
    expect(imageTokens("openai", 4096, 4096)).toBe(85 + 170 * 4);
    // Anthropic: w × h / 750, the long edge fitted in 1568 px and the area in 1092 × 1092.
    expect(imageTokens("anthropic", 640, 480)).toBe(Math.ceil((640 * 480) / 750));
    expect(imageTokens("anthropic", 1092, 1092)).toBe(Math.ceil((1092 * 1092) / 750));
    expect(imageTokens("anthropic", 2000, 2000)).toBeLessThanOrEqual(1590);
    expect(imageTokens("anthropic", 3136, 800)).toBe(Math.ceil((1568 * 400) / 750));
    // Gemini: 258 up to 384 px both ways, else 258 a 768-px tile.
    expect(imageTokens("google", 384, 300)).toBe(258);
    expect(imageTokens("google", 640, 480)).toBe(258);
    expect(imageTokens("google", 1280, 720)).toBe(258 * 2);
  });

  it("counts Anthropic and Gemini text as o200k_base scaled by their tokenizers' measured excess", () => {
    const text = "I'm looking for a mild, quick dinner protein under ten dollars; nothing breaded, please.";
    const o200k = textTokens(text, "openai:gpt-4o");
    expect(o200k).toBeGreaterThan(10);
    expect(textTokens(text, "openai-compatible:m@http://127.0.0.1/v1")).toBe(o200k);
    expect(textTokens(text, "anthropic:claude-sonnet-4-5")).toBe(Math.ceil(o200k * O200K_RATIO.anthropic!));
    expect(textTokens(text, "google:gemini-2.5-flash")).toBe(Math.ceil(o200k * O200K_RATIO.google!));
    expect(textTokens("", "anthropic:claude-sonnet-4-5")).toBe(0);
  });
});
