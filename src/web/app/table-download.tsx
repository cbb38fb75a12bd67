import { type TableData, tableCsv, tableMarkdown } from "./table-text.js";

/** Hands `text` to the browser as a file download (works from a static bundle opened from disk too). */
function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "CSV · Markdown" download links for a table; `name` is the file name without its extension. */
export function TableDownloads({ name, table }: { name: string; table: () => TableData }) {
  return (
    <span class="downloads">
      Download{" "}
      <button
        type="button"
        class="link"
        onClick={() => download(`${name}.csv`, tableCsv(table()), "text/csv")}
      >
        CSV
      </button>{" "}
      ·{" "}
      <button
        type="button"
        class="link"
        onClick={() => download(`${name}.md`, tableMarkdown(table()), "text/markdown")}
      >
        Markdown
      </button>
    </span>
  );
}
