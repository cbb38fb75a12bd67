import { fileURLToPath } from "node:url";
import { z } from "zod";
import { readDataFile } from "../core/data-file.js";

/** The vendored public data the generator reads (`src/customersim/sources`, Apache-2.0). */
export const SOURCES_DIR = fileURLToPath(new URL("./sources/", import.meta.url));

const Origin = z
  .object({ repo: z.string(), commit: z.string(), licence: z.string(), path: z.string() })
  .strict();

const SalesbotLaptop = z
  .object({
    name: z.string().min(3),
    description: z.string().min(10),
    features: z.array(z.string()).min(1),
    price: z.string().regex(/^\$[\d,]+\.\d\d$/, "a price like $1,199.99"),
  })
  .strict();
export type SalesbotLaptop = z.infer<typeof SalesbotLaptop>;

const SalesbotLaptops = z
  .object({
    kind: z.literal("customersim.source.salesbot-laptops"),
    source: Origin,
    laptops: z.array(SalesbotLaptop).min(1),
  })
  .strict();

const SalesbotGuide = z
  .object({
    kind: z.literal("customersim.source.salesbot-laptop-guide"),
    source: Origin,
    text: z.string().min(100),
  })
  .strict();

const SalesbotPreferences = z
  .object({
    kind: z.literal("customersim.source.salesbot-laptop-preferences"),
    source: Origin,
    profiles: z.array(z.record(z.string(), z.string())).min(1),
  })
  .strict();

export const SalessimPersona = z
  .object({
    persona_background: z.string(),
    name: z.string().min(2),
    age: z.number().int(),
    background: z.string().min(10),
    speaking_style: z.string().optional(),
    knowledge_level: z.string().min(5),
  })
  .catchall(z.union([z.string(), z.array(z.string())]));
export type SalessimPersona = z.infer<typeof SalessimPersona>;

const SalessimPersonas = z
  .object({
    kind: z.literal("customersim.source.salessim-laptop-personas"),
    source: Origin,
    personas: z.array(SalessimPersona).min(1),
  })
  .strict();

const read = <S extends z.ZodType>(file: string, schema: S): z.infer<S> =>
  readDataFile(`${SOURCES_DIR}${file}`, schema);

export const readSalesbotLaptops = (): SalesbotLaptop[] =>
  read("salesbot-laptops.json", SalesbotLaptops).laptops;
export const readSalesbotGuide = (): string => read("salesbot-laptop-guide.json", SalesbotGuide).text;
export const readSalesbotPreferences = (): Record<string, string>[] =>
  read("salesbot-laptop-preferences.json", SalesbotPreferences).profiles;
export const readSalessimPersonas = (): SalessimPersona[] =>
  read("salessim-laptop-personas.json", SalessimPersonas).personas;
