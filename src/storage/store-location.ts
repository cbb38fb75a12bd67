/**
 * Where a command's run store is: its flag when given, else `SITUREC_STORE_URL` from the
 * environment, else undefined (the command's own default folder).
 */
export function resolveStoreLocation(
  flag?: string,
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  if (flag !== undefined && flag !== "") return flag;
  const fromEnv = env.SITUREC_STORE_URL?.trim();
  return fromEnv ? fromEnv : undefined;
}
