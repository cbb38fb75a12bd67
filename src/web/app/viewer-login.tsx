import { useEffect, useState } from "preact/hooks";
import { message, postJson } from "./api.js";

/** The read-only link (`#/view/TOKEN`): trades the token for a cookie, then opens the runs. */
export function ViewerLogin({ token }: { token: string }) {
  const [error, setError] = useState<string>();
  useEffect(() => {
    postJson("/api/view/session", {}, { Authorization: `Bearer ${token}` }).then(
      () => {
        location.replace("#/");
      },
      (err: unknown) => setError(message(err)),
    );
  }, [token]);
  return <p class={error ? "error" : ""}>{error ?? "Opening the viewer…"}</p>;
}
