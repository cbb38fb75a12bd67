import { SiturecError } from "./errors.js";

/** A server that could not listen, said as what to do (a port in use is not a bug). */
export function listenError(err: unknown, host: string, port: number): unknown {
  const code = (err as { code?: unknown })?.code;
  if (code === "EADDRINUSE")
    return new SiturecError(`port ${port} on ${host} is in use`, {
      hint: "stop what listens there, or pick another port with --port (0 picks a free one)",
    });
  if (code === "EACCES")
    return new SiturecError(`not allowed to listen on port ${port}`, {
      hint: "ports below 1024 need privileges: pick another with --port",
    });
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
    return new SiturecError(`${host} is not an address of this machine`, {
      hint: "give --host 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)",
    });
  return err;
}
