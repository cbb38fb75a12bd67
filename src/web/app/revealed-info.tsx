import type { EpisodeReplay, ProductName } from "../api-types.js";
import { factText, keyText } from "./fact-text.js";
import { usd } from "./format.js";

type Turn = EpisodeReplay["trajectory"]["turns"][number];

/**
 * What the shopper's inspect actions (pick_up_item, check_item) revealed, turn by turn up to this
 * one: the product and its facts as the environment returned them. This turn's is highlighted.
 */
export function RevealedInfo(props: { turns: Turn[]; index: number; products: Record<string, ProductName> }) {
  const { turns, index, products } = props;
  const shown = turns
    .slice(0, index + 1)
    .map((t, i) => ({ i, revealed: t.execution.revealed, tool: t.execution.tool }))
    .filter((r) => r.revealed);
  return (
    <div class="panel revealed-info">
      <h2>Revealed item info</h2>
      {!shown.length && <p class="sub">Nothing inspected yet.</p>}
      {shown.map(({ i, revealed, tool }) => {
        const r = revealed as Record<string, unknown>;
        const id = typeof r.product === "string" ? r.product : undefined;
        const p = id ? products[id] : undefined;
        return (
          <div key={i} class={`revealed ${i === index ? "current" : ""}`}>
            <div>
              <b>Turn {i + 1}</b> <span class="sub">{tool}</span>{" "}
              {p ? (
                <>
                  {p.brand} {p.name} <span class="sub">{usd(p.price)}</span>
                </>
              ) : null}{" "}
              {id && <code class="id">{id}</code>}
            </div>
            <dl>
              {Object.entries(r)
                .filter(([k]) => k !== "product")
                .map(([k, v]) => (
                  <div key={k}>
                    <dt>{keyText(k)}</dt>
                    <dd>{k === "price" && typeof v === "number" ? usd(v) : factText(v)}</dd>
                  </div>
                ))}
            </dl>
          </div>
        );
      })}
    </div>
  );
}
