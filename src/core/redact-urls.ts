/**
 * A URL's credentials (`scheme://user:PASSWORD@host`) in any text, replaced by `***`: what a command
 * prints or logs may show where a store or a queue is, never its password.
 */
// The password runs to the `@`, whatever it holds (an unescaped `/` included): hiding too much is
// better than showing any of it.
const CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/?#@"]*:)[^\s@"]+@/gi;

export function redactUrlsIn(text: string): string {
  return text.replace(CREDENTIALS, "$1***@");
}

/** A JSON value with every string's URL credentials hidden (a run's stored configuration). */
export function redactUrlsDeep<T>(value: T): T {
  return JSON.parse(redactUrlsIn(JSON.stringify(value))) as T;
}
