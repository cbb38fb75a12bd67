import { afterEach, describe, expect, it } from "vitest";
import { sha256 } from "../../core/hash.js";
import { type TurnModelCalls, withModelCalls } from "../../core/model-call-record.js";
import { LeaseLostError, type RunStore, type StoredHeader, type StoredOutcome } from "../run-store.js";
import type { RunStoreContract } from "./run-store-contract.js";

const system = "You are the assistant. \u00e9\u0000 The same long prompt every turn.";

/** A turn's calls as an episode hands them over: one assistant call naming the system prompt and an image. */
function callsOf(text: string, image = sha256("png")): TurnModelCalls {
  return {
    roles: [
      {
        role: "assistant",
        calls: [
          {
            model: "openai:gpt-x",
            repair: false,
            system: { sha256: sha256(system), chars: system.length },
            messages: [
              {
                role: "user",
                content: [
                  { type: "text", text },
                  { type: "image", image, mediaType: "image/png" },
                ],
              },
            ],
            sampling: { temperature: 0 },
            reply: { text: `{"utterance":"${text}"}`, toolCalls: [] },
            usage: {
              inputTokens: 100,
              cachedInputTokens: 60,
              cacheWriteTokens: 0,
              outputTokens: 5,
              costUsd: 0.001,
              cached: false,
              attempts: 1,
              latencyMs: 40,
            },
          },
        ],
        repaired: false,
      },
    ],
    texts: { [sha256(system)]: system },
  };
}

const header: StoredHeader = { runId: "r1", env: "supermarket", task: { id: "sm-01.1" } };
const outcome: StoredOutcome = {
  reason: "turn_limit",
  success: false,
  turns: 2,
  recommendations: 0,
  usage: { assistant: { inputTokens: 200, outputTokens: 10, costUsd: 0.002, formatErrors: 0 } },
};

/**
 * The `RunStore` contract on model calls (`describeRunStoreContract` registers it for every
 * implementation): a turn's calls are stored with it and read back by turn with the texts they name,
 * never in its JSON; a rewritten turn replaces them; a restarted attempt keeps none of the
 * abandoned one's; a refused write stores none.
 */
export function describeModelCallsContract(name: string, contract: RunStoreContract): void {
  const suite = contract.skip ? describe.skip : describe;
  suite(`the ${name} run store keeps each turn's model calls beside it`, () => {
    const open: RunStore[] = [];
    afterEach(async () => {
      for (const s of open.splice(0)) await s.close();
    });
    async function subject() {
      const made = await contract.create();
      open.push(made.store);
      await made.store.createRun({ id: "r1", identity: "i", config: {}, identityParts: {}, planned: 1 });
      const reopen = (opts?: { readonly?: boolean }) => {
        const s = made.reopen(opts);
        open.push(s);
        return s;
      };
      return { store: made.store, reopen };
    }

    it("stores them with the turn and reads them back by turn, texts resolved, never in the turn's JSON", async () => {
      const { store, reopen } = await subject();
      await store.startEpisode(header, 0, "A#1");
      const first = callsOf("Hello");
      await store.writeTurn(header, withModelCalls({ turn: 0, n: 1 }, first), undefined, "A#1");
      // A turn of built-in policies: none.
      await store.writeTurn(header, { turn: 1 }, undefined, "A#1");
      await store.writeTurn(header, withModelCalls({ turn: 2 }, callsOf("Bye")), outcome, "A#1");
      const ro = reopen({ readonly: true });
      expect(JSON.stringify(await ro.modelCalls("r1", "supermarket", "sm-01.1", 0))).toBe(
        JSON.stringify(first),
      );
      expect(await ro.modelCalls("r1", "supermarket", "sm-01.1", 1)).toBeUndefined();
      expect((await ro.modelCalls("r1", "supermarket", "sm-01.1", 2))?.texts).toEqual({
        [sha256(system)]: system,
      });
      expect(await ro.modelCalls("r1", "supermarket", "sm-01.1", 3)).toBeUndefined();
      expect(await ro.modelCalls("r2", "supermarket", "sm-01.1", 0)).toBeUndefined();
      const episode = await ro.storedEpisode("r1", "supermarket", "sm-01.1");
      expect(JSON.stringify(episode?.turns)).toBe('[{"turn":0,"n":1},{"turn":1},{"turn":2}]');
    });

    it("a rewritten turn replaces its calls; a restarted attempt keeps none of the abandoned one's", async () => {
      const { store } = await subject();
      await store.startEpisode(header, 0, "A#1");
      await store.writeTurn(header, withModelCalls({ turn: 0 }, callsOf("one")), undefined, "A#1");
      await store.writeTurn(header, withModelCalls({ turn: 1 }, callsOf("two")), undefined, "A#1");
      await store.writeTurn(header, withModelCalls({ turn: 1 }, callsOf("two, again")), undefined, "A#1");
      const again = await store.modelCalls("r1", "supermarket", "sm-01.1", 1);
      expect(again?.roles[0]?.calls[0]?.reply.text).toBe('{"utterance":"two, again"}');
      await store.writeTurn(header, { turn: 1 }, undefined, "A#1");
      expect(await store.modelCalls("r1", "supermarket", "sm-01.1", 1)).toBeUndefined();
      // Another attempt takes the episode over: the first one's calls go with its turns.
      await store.startEpisode(header, 0, "B#1");
      expect(await store.modelCalls("r1", "supermarket", "sm-01.1", 0)).toBeUndefined();
      await expect(
        store.writeTurn(header, withModelCalls({ turn: 0 }, callsOf("late")), undefined, "A#1"),
      ).rejects.toBeInstanceOf(LeaseLostError);
      expect(await store.modelCalls("r1", "supermarket", "sm-01.1", 0)).toBeUndefined();
      await store.writeTurn(header, withModelCalls({ turn: 0 }, callsOf("B")), outcome, "B#1");
      const kept = await store.modelCalls("r1", "supermarket", "sm-01.1", 0);
      expect(kept?.roles[0]?.calls[0]?.messages[0]).toEqual(callsOf("B").roles[0]?.calls[0]?.messages[0]);
    });
  });
}
