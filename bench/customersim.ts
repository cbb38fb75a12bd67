// CustomerSim benchmark: the built-in pair (rule shopper against the reference and the pushy
// salesperson) on all 360 personas, in-process, no model calls. Prints one JSON line per salesperson
// with its conversations, decision alignment and seconds (the first builds the retrieval indexes).
//   npm run bench:customersim
import {
  createPushySales,
  createReferenceSales,
  createRuleShopper,
  loadCustomerSimData,
  runConversation,
  scoreConversations,
} from "../src/customersim/index.js";

const personas = loadCustomerSimData().personas.personas;
for (const [name, sales] of [
  ["reference", createReferenceSales],
  ["pushy", createPushySales],
] as const) {
  const started = performance.now();
  const results = [];
  for (const persona of personas)
    results.push(await runConversation({ persona, shopper: createRuleShopper(), sales: sales() }));
  const seconds = (performance.now() - started) / 1000;
  const { overall } = scoreConversations(results, personas);
  console.log(
    JSON.stringify({
      sales: name,
      shopper: "rule",
      conversations: overall.conversations,
      da: overall.da,
      fmt: overall.fmt,
      end: overall.end,
      cases: overall.cases,
      turns_mean: Math.round((results.reduce((a, r) => a + r.rounds, 0) / results.length) * 100) / 100,
      seconds: Math.round(seconds * 100) / 100,
    }),
  );
}
