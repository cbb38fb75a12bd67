/** Run config fields and the flags of `siturec run` that set them, to name the flag in a hint. */
export const FLAG_OF_FIELD: Record<string, string> = {
  env: "--env",
  tasks: "--tasks",
  subset: "--subset",
  condition: "--condition",
  maxTurns: "--max-turns",
  seed: "--seed",
  concurrency: "--concurrency",
  storeDir: "--out",
  "agents.assistant": "--assistant",
  "agents.shopper": "--shopper",
  "agents.moderator": "--moderator",
  "history.images": "--history-images",
  shopperMap: "--shopper-map",
};
