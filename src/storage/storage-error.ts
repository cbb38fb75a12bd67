import { SiturecError } from "../core/errors.js";

/** A run store that cannot be read or written, said in one line with what to do. */
export class StorageError extends SiturecError {
  override readonly name = "StorageError";
}

/**
 * What a storage fault means for the user: a damaged database, a full disk, a folder that cannot be
 * written or opened. Undefined for anything else (a bug, reported as such).
 */
export function storageError(err: unknown, file: string): StorageError | undefined {
  const code = (err as { code?: unknown })?.code;
  const text = err instanceof Error ? err.message : String(err);
  if (code === "SQLITE_READONLY_DIRECTORY" || code === "SQLITE_READONLY_CANTINIT")
    return new StorageError(
      `cannot read ${file} on read-only storage: a run that did not close left it in write-ahead-log mode`,
      {
        hint: "open it once where it can be written (any siturec command that writes, e.g. siturec judge), or copy the folder to writable storage",
      },
    );
  switch (code) {
    case "SQLITE_NOTADB":
    case "SQLITE_CORRUPT":
      return new StorageError(`${file} is damaged or not a siturec run store (${text})`, {
        hint: "restore it from a backup, or start a new run store with --out DIR",
      });
    case "SQLITE_FULL":
    case "ENOSPC":
      return new StorageError(`the disk holding ${file} is full (${text})`, {
        hint: "free some space, then continue the run with --resume",
      });
    case "SQLITE_READONLY":
    case "SQLITE_PERM":
    case "EACCES":
    case "EPERM":
    case "EROFS":
      return new StorageError(`cannot write ${file}: the run store is read-only (${text})`, {
        hint: "give a writable folder with --out (reading runs, exporting and evaluating work on a read-only store)",
      });
    case "SQLITE_CANTOPEN":
      return new StorageError(`cannot open ${file} (${text})`, {
        hint: "check that the folder exists and can be written",
      });
    case "EEXIST":
    case "ENOTDIR":
      return new StorageError(
        `cannot make the run store ${file}: a file stands where a folder should be (${text})`,
        {
          exitCode: 2,
          hint: "give a folder with --out (a new one is made)",
        },
      );
    case "SQLITE_BUSY":
    case "SQLITE_LOCKED":
      return new StorageError(`${file} is locked by another process (${text})`, {
        hint: "wait for it to finish, or use another run store",
      });
  }
  return undefined;
}
