// Equation (1) is shared with SituRecBench's evaluation (which may not import customersim), so the pure
// function lives in core; this module keeps CustomerSim's import path.
export {
  type Decision,
  type DecisionCase,
  type DecisionInput,
  decisionAlignment,
} from "../../core/decision-alignment.js";
