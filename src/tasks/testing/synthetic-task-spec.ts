import type { Catalog } from "../../core/catalog.js";
import type { Manifest } from "../../core/manifest.js";
import type { NeedsFile, RoleSpec, RolesFile } from "../role-spec.js";

/** Made-up roles (25, themes dealt round-robin) for testing the generator without authored data. */
export function syntheticRoles(manifest: Manifest): RolesFile {
  const themes = manifest.themes.map((t) => t.id);
  const roles: RoleSpec[] = Array.from({ length: 25 }, (_, i) => ({
    id: `role-${i + 1}`,
    name: `Test shopper ${i + 1}`,
    background: `A made-up shopper number ${i + 1} for generator tests.`,
    themes: [themes[i % themes.length]!, themes[(i + 1) % themes.length]!],
    priorities: ["good value", "easy to find"],
    ageGroups: ["25-34", "35-44"],
    employment: ["full-time"],
    occupations: ["tester"],
    households: ["couple"],
    housing: ["apartment"],
    transport: ["car", "walking"],
    storage: ["a standard kitchen"],
    priceSensitivity: i % 3 === 0 ? ["high"] : i % 3 === 1 ? ["medium"] : ["low"],
  }));
  return { roles };
}

/** One need family per catalog category, with plain generated words. */
export function syntheticNeeds(catalog: Catalog): NeedsFile {
  const categories = [...new Set(catalog.products.map((p) => p.category))];
  return {
    needs: categories.map((c, i) => {
      const word = c.toLowerCase();
      return {
        id: `need-${i + 1}`,
        name: c,
        categories: [c],
        nouns: [`some ${word}`, `a pick of ${word}`, `a good ${word} option`],
        uses: [`for test case ${i + 1}`, `for the weekly test shop ${i + 1}`, `to try out in test ${i + 1}`],
      };
    }),
  };
}
