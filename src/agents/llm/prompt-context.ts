import type { Condition } from "../../core/dialogue.js";
import type { EnvId } from "../../core/manifest.js";
import type { InspectionDetails } from "../../core/product.js";
import type { Profile } from "../../core/profile.js";
import type { Task } from "../../core/task.js";
import { envDefinition } from "../../envs/registry.js";
import { money } from "../../tasks/build-goal.js";
import type { StoreKnowledge } from "../knowledge/store-knowledge.js";
import type { ActionRecord, DialogueTurn, SharedState } from "../types.js";

/** Text pieces the prompt templates are filled with: the store, the catalog, the dialogue, the state. */

export function storeName(env: EnvId): string {
  return envDefinition(env).promptName;
}

/** One line per product: id | brand name | category | price | labels (facet:value). */
export function catalogText(k: StoreKnowledge): string {
  return k.data.catalog.products
    .map((p) => {
      const labels = k
        .labelsOf(p)
        .map((l) => `${l.facet}:${l.value}`)
        .join(", ");
      return `${p.id} | ${p.brand} ${p.name} | ${p.category} | ${money(p.price)} | ${labels}`;
    })
    .join("\n");
}

/** Where each product is, in the assistant's fixed target handles. */
export function locationText(k: StoreKnowledge): string {
  const h = (id: string) => k.handles.assistant.get(id) ?? id;
  return k.data.locationIndex.entries
    .map((e) => {
      const where =
        "fixtures" in e
          ? e.fixtures.map(h).join(", ")
          : e.places.map((p) => `store ${h(p.store)} area ${h(p.area)}`).join("; ");
      return `${e.product}: ${where}`;
    })
    .join("\n");
}

/** The static index of all targets and their supported approaches (the no-evv-caption condition). */
export function targetIndexText(k: StoreKnowledge): string {
  const lines = [...k.targets.values()].map((t) => {
    const approaches =
      t.type === "store"
        ? "outside_doorway, inside_doorway"
        : t.type === "area"
          ? "area_point"
          : ["nearest", ...t.sides].join(", ");
    const kind = t.type === "fixture" ? t.kind.replace(/_/g, " ") : t.type;
    return `${k.handles.assistant.get(t.id)}: ${t.name} (${kind}); approaches: ${approaches}`;
  });
  return `\n# Target index\nEvery navigation target, by your fixed handle (visibility not given).\n${lines.join("\n")}`;
}

export function conditionTemplate(
  condition: Condition,
): "condition-full" | "condition-no-evv" | "condition-no-evv-caption" {
  return `condition-${condition}`;
}

/**
 * An executed action as a role reads it: the shopper its own call; the others the target by name (the
 * episode hands them actions already rewritten by `actionForOthers`, refusals included).
 */
export function actionText(a: ActionRecord | undefined, forRole: "assistant" | "shopper"): string {
  if (!a) return "none";
  const { target, ...rest } = a.call.arguments as Record<string, unknown>;
  const args = Object.entries(rest).map(([k, v]) => `${k}=${String(v)}`);
  if (target !== undefined)
    args.unshift(
      forRole === "shopper" ? `target=${String(target)}` : `target=${a.targetName ?? "an item in view"}`,
    );
  const result = a.success ? "done" : `refused: ${a.error ?? "not possible"}`;
  const extra = a.addedToCart ? "; added to the cart" : "";
  return `${a.call.name}(${args.join(", ")}) → ${result}${extra}`;
}

export function historyText(history: DialogueTurn[], forRole: "assistant" | "shopper"): string {
  if (!history.length) return "(the conversation starts now)";
  return history
    .map((t) => {
      const lines = [`[turn ${t.turn}] Assistant: ${t.assistant.utterance}`];
      if (t.shopper)
        lines.push(
          `[turn ${t.turn}] Shopper: ${t.shopper.utterance}`,
          `  action: ${actionText(t.shopper.action, forRole)}`,
        );
      return lines.join("\n");
    })
    .join("\n");
}

const COMPASS = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"];

/**
 * The shopper's heading as a compass bearing, degrees clockwise from north (up on the map). A pose's
 * yaw is degrees counter-clockwise from north (a left turn adds to it), so the bearing is −yaw.
 */
export function compassBearing(yaw: number): number {
  return ((-Math.round(yaw) % 360) + 360) % 360;
}

/**
 * Where the shopper stands and which way it faces, as the assistant reads it with the map: metres from
 * the plan's top-left corner, x eastwards (right on the map), z southwards (down on the map), north up.
 */
export function poseText(s: SharedState): string {
  const bearing = compassBearing(s.pose.yaw);
  const name = COMPASS[Math.round(bearing / 45) % 8]!;
  return `x=${s.pose.x.toFixed(1)} m east, z=${s.pose.z.toFixed(1)} m south of the map's top-left corner, facing ${name} (bearing ${bearing}° clockwise from north, which is up on the map)`;
}

export function productNames(k: StoreKnowledge, ids: readonly string[], withIds: boolean): string {
  if (!ids.length) return "nothing";
  return ids
    .map((id) => {
      const p = k.products.get(id);
      return p ? `${p.brand} ${p.name}${withIds ? ` [${id}]` : ""}` : id;
    })
    .join("; ");
}

function detailsText(d: InspectionDetails): string {
  if (d.kind === "grocery") {
    return `price ${money(d.price)}; flavor ${d.flavor.join("/") || "plain"}; packaging ${d.packaging.join("/")}; allergens ${d.allergens.join(", ") || "none listed"}`;
  }
  return `price ${money(d.price)}; material ${d.material.join("/")}; color ${d.color.join("/")}; size ${d.sizeCategory}; style ${d.style.join("/")}`;
}

export function revealedText(k: StoreKnowledge, revealed: Record<string, InspectionDetails>): string {
  const lines = Object.entries(revealed).map(([id, d]) => {
    const p = k.products.get(id);
    return `- ${p ? `${p.brand} ${p.name}` : id}: ${detailsText(d)}`;
  });
  return lines.length ? `\n${lines.join("\n")}` : "none yet";
}

/** Slug words as prose: "couple-with-young-children" → "couple with young children" (numbers keep their dashes). */
const prose = (value: string) => value.replace(/(?<=[a-z])-(?=[a-z])/g, " ");

/**
 * The whole shopper profile (paper §3.2, Appendix A.2): persona, demographics and living context,
 * shopping themes, priorities and hard rules, Big Five traits, and interaction settings.
 */
export function personaText(profile: Profile): string {
  const p = profile.persona;
  const d = profile.demographics;
  const i = profile.interaction;
  const rules = [
    ...p.constraints.requires.map((l) => `always ${l.facet} ${prose(l.value)}`),
    ...p.constraints.avoids.map((l) => `never ${l.facet} ${prose(l.value)}`),
  ];
  return [
    `${p.name}. ${p.background}`,
    `About you: ${prose(d.gender)}, aged ${d.ageGroup}, ${prose(d.employment)}, working as ${d.occupation}; household: ${prose(d.household)}; home: ${prose(d.housing)}; you get around by ${prose(d.transport)}; storage at home: ${d.storage}.`,
    `You shop for: ${p.themes.map(prose).join(", ")}.`,
    `Priorities: ${p.priorities.join("; ")}.`,
    ...(rules.length ? [`Hard rules for everything you buy: ${rules.join("; ")}.`] : []),
    `Personality (Big Five): openness ${profile.personality.openness}, conscientiousness ${profile.personality.conscientiousness}, extraversion ${profile.personality.extraversion}, agreeableness ${profile.personality.agreeableness}, neuroticism ${profile.personality.neuroticism}.`,
    `Shopping style: ${i.behaviorStyle}; patience ${i.patience}; price sensitivity ${i.priceSensitivity}; wants explanations ${i.explanationSeeking}; open to substitutes ${i.substituteWillingness}; follows navigation advice ${i.navigationFollowing}; talkativeness ${i.talkativeness}.`,
  ].join("\n");
}

export function goalValues(task: Task): {
  request: string;
  preferences: string;
  budget: string;
  disclosure: string;
  acceptance: string;
} {
  const g = task.goal;
  return {
    request: g.request,
    preferences: g.preferences.summary,
    budget: `at most ${money(g.budget.amount)}`,
    disclosure: g.disclosure.text,
    acceptance: g.acceptance.text,
  };
}
