import { parquetWriteBuffer, type SchemaElement } from "hyparquet-writer";
import type { VerlRow } from "./trainer-row-schemas.js";

type Tree = SchemaElement[];
type Repetition = "REQUIRED" | "OPTIONAL";

const leaf = (name: string, type: "STRING" | "INT32" | "INT64" | "BOOLEAN", rep: Repetition = "REQUIRED") =>
  type === "STRING"
    ? [{ name, type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: rep } as SchemaElement]
    : [{ name, type, repetition_type: rep } as SchemaElement];

const struct = (name: string, children: Tree[], rep: Repetition = "REQUIRED"): Tree => [
  { name, repetition_type: rep, num_children: children.length },
  ...children.flat(),
];

// Parquet's three-level list (`name.list.element`), as Arrow and so `datasets` read it.
const list = (name: string, element: Tree, rep: Repetition = "REQUIRED"): Tree => [
  { name, repetition_type: rep, converted_type: "LIST", num_children: 1 },
  { name: "list", repetition_type: "REPEATED", num_children: 1 },
  ...element,
];

const ids = (name: string, rep: Repetition = "REQUIRED") => list(name, leaf("element", "STRING"), rep);

/** The schema of `VerlRow`: nested lists and structs, so `datasets` hands verl dicts and lists. */
const COLUMNS: Record<keyof VerlRow, Tree> = {
  data_source: leaf("data_source", "STRING"),
  prompt: list("prompt", struct("element", [leaf("role", "STRING"), leaf("content", "STRING")])),
  ability: leaf("ability", "STRING"),
  reward_model: struct("reward_model", [leaf("style", "STRING"), ids("ground_truth")]),
  extra_info: struct("extra_info", [
    leaf("split", "STRING"),
    leaf("index", "INT64"),
    leaf("persona_id", "STRING"),
    leaf("category", "STRING"),
    leaf("round", "INT32"),
    leaf("turn_limit", "INT32"),
    leaf("feasible", "BOOLEAN"),
    leaf("sample", "INT32"),
    ids("recommended"),
    ids("recommended_names"),
    ids("recommended_later", "OPTIONAL"),
  ]),
};

const NAMES = Object.keys(COLUMNS) as (keyof VerlRow)[];

// hyparquet-writer takes a nested INT64 as a bigint.
const int64s = (row: VerlRow) => ({
  ...row,
  extra_info: { ...row.extra_info, index: BigInt(row.extra_info.index) },
});

/** verl rows as one Parquet file (hyparquet-writer, Snappy, one row group per 100,000 rows). */
export function verlParquet(rows: readonly VerlRow[]): Uint8Array {
  const schema: Tree = [
    { name: "root", num_children: NAMES.length },
    ...NAMES.flatMap((name) => COLUMNS[name]),
  ];
  const buffer = parquetWriteBuffer({
    schema,
    columnData: NAMES.map((name) => ({ name, data: rows.map((r) => int64s(r)[name]) })),
    rowGroupSize: 100_000,
    createdBy: "siturec customersim export --format verl",
  });
  return new Uint8Array(buffer);
}
