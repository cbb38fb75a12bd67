import type { BufferGeometry } from "three";
import type { LabelAtlas } from "./label-atlas.js";

/** Geometry drawn with one atlas, grouped by what it segments as (a fixture or an area id). */
export interface TagGroup {
  id: string;
  geometry: BufferGeometry;
  atlas: LabelAtlas;
}

/** Parts of one group (a fixture or an area, one atlas), gathered before they are merged. */
export class Groups {
  private readonly byKey = new Map<string, { id: string; atlas: LabelAtlas; parts: BufferGeometry[] }>();

  add(id: string, atlas: LabelAtlas, part: BufferGeometry): void {
    const key = `${id}|${atlas.texture.uuid}`;
    const group = this.byKey.get(key) ?? { id, atlas, parts: [] };
    group.parts.push(part);
    this.byKey.set(key, group);
  }

  merged(): TagGroup[] {
    return [...this.byKey.values()].map(({ id, atlas, parts }) => ({
      id,
      atlas,
      geometry: atlas.kit.merge(parts),
    }));
  }
}
