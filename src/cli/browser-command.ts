import type { Command } from "commander";
import { BROWSER_URL_VARIABLE, launchRenderBrowserServer } from "../render/browser-launch.js";
import type { CliIo } from "./io.js";

/** `siturec browser`: the renderer's Chromium for other processes, until stopped. */
export function registerBrowser(program: Command, io: CliIo): void {
  program
    .command("browser")
    .description(
      `start the renderer's Chromium for other siturec processes and print its ${BROWSER_URL_VARIABLE}: ` +
        "runs, workers and servers that set it render there, and a store page built once stays warm for the next; " +
        "SIGTERM or Ctrl-C stops it",
    )
    .action(async () => {
      const server = await launchRenderBrowserServer();
      io.out(`${BROWSER_URL_VARIABLE}=${server.url}\n`);
      io.err(
        `browser ready: set ${BROWSER_URL_VARIABLE}=${server.url} where siturec runs on this machine; SIGTERM or Ctrl-C stops it\n`,
      );
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      });
      await server.close();
      io.err("browser stopped\n");
    });
}
