/**
 * The participant API's JSON (`/api/p/TOKEN…`), shared by the server and the browser app. Types
 * only, from modules a page can type-check.
 */
import type { ActionRecord, DialogueTurn, SharedState } from "../agents/types.js";
import type { InspectionDetails } from "../core/product.js";
import type { Profile } from "../core/profile.js";
import type { Task } from "../core/task.js";
import type { SceneState } from "../render/camera.js";
import type { RoleView } from "../render/som/role-view.js";
import type { LegalAction } from "./legal-actions.js";
import type { ParticipantProfile } from "./study-spec.js";

/** One question of the questionnaire, with the guidance the page shows. */
export interface QuestionnaireItem {
  dimension: string;
  title: string;
  question: string;
  guidance: string;
}

/** A product the participant's turn mentions (held, in the cart, inspected), by catalog id. */
export interface ProductLabel {
  name: string;
  brand: string;
  price: number;
  size?: string;
}

/**
 * One turn as the participant's page gets it: what the shopper policy gets in simulation (the
 * ShopperContext: dialogue, own view and labels, hand, cart, what inspecting showed, the last
 * action's result), without its images (served apart), plus what the page needs to draw and act:
 * the scene state for the live view and the actions legal now.
 */
export interface ParticipantTurn {
  turn: number;
  maxTurns: number;
  assistantUtterance: string;
  history: DialogueTurn[];
  /** The shopper's view: its labels' products and targets, boxes and outlines, handles. */
  view: Omit<RoleView, "role">;
  shared: SharedState;
  /** What the live view draws: items taken off their places, the item in hand. */
  scene: SceneState;
  /** The frame the view's boxes and outlines are in (pixels). */
  frame: { width: number; height: number };
  checked: string[];
  revealed: Record<string, InspectionDetails>;
  lastAction?: ActionRecord;
  legal: LegalAction[];
  products: Record<string, ProductLabel>;
  /** Whether the study gives the shopper the store map (`minimap.png`); off unless the study says so. */
  map: boolean;
}

/** The shopping goal a participant reads: the request, what matters, the budget. */
export interface ParticipantGoal {
  request: string;
  preferences: string;
  budget: number;
}

/**
 * What a simulated participant needs besides the page (`GET /api/p/TOKEN/briefing`, organiser token
 * only): the interaction's whole task and the persona its simulated shopper plays.
 */
export interface ParticipantBriefing {
  index: number;
  task: Task;
  profile: Profile;
}

export type Stage = "profile" | "goal" | "playing" | "questionnaire" | "finished";

/** Everything a participant's page shows, at any moment (a reload gets the same). */
export interface ParticipantState {
  study: { id: string; env: string };
  participant: string;
  stage: Stage;
  profile?: ParticipantProfile;
  progress: { index: number; total: number; done: number };
  /**
   * The interaction at hand (absent when finished): the letter shown, which task of how many, and
   * the goal as the page shows it. Never the task's answer (its target, reference items, acceptance
   * policy) or the persona a simulated shopper plays: those are the organiser's (`ParticipantBriefing`).
   */
  interaction?: {
    index: number;
    letter: string;
    taskNumber: number;
    tasks: number;
    goal: ParticipantGoal;
    outcome?: { reason: string; success: boolean; turns: number };
  };
  turn?: ParticipantTurn;
  questionnaire: { items: readonly QuestionnaireItem[]; scale: readonly string[] };
}
