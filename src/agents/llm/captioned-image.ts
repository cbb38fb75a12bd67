import type { ContentPart } from "../../llm/client.js";

/** An image in a message with the caption the system prompt names it by, just before it. */
export function captioned(caption: string, png: Buffer): ContentPart[] {
  return [
    { type: "text", text: caption },
    { type: "image", data: png, mediaType: "image/png" },
  ];
}
