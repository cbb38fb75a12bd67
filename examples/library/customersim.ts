// `siturec/customersim`: play CustomerSim conversations with built-in (or model-backed) shoppers and
// salespeople, then evaluate the run: decision alignment (DA) and the shopper's dialogue fidelity.
import { openRunStore } from "siturec";
import {
  type CustomerSimRunResult,
  evaluateRun,
  parseCustomerSimRunConfig,
  type RunEvaluation,
  runCustomerSim,
} from "siturec/customersim";

export async function customerSimRun(
  storeDir: string,
): Promise<{ result: CustomerSimRunResult; evaluation: RunEvaluation }> {
  const config = parseCustomerSimRunConfig({
    shopper: "rule",
    sales: "reference",
    category: "laptops",
    personas: "0:5",
    storeDir,
  });
  const result = await runCustomerSim(config);
  console.log(
    `${result.scores.overall.conversations} conversations, DA ${result.scores.overall.da.toFixed(3)}`,
  );
  const store = openRunStore(storeDir, { readonly: true });
  try {
    // No human baseline (RecQuest) and no LLM judge: the rule estimators only.
    return { result, evaluation: await evaluateRun(store, result.runId, undefined) };
  } finally {
    await store.close();
  }
}
