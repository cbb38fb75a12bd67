import indefinite from "indefinite";
import type { Rng } from "../../core/random.js";
import type { GameAttributes, GamePlatform } from "../schema/devices.js";
import type { GameProduct } from "../schema/product.js";
import {
  TABLETOP_GAMES,
  type TabletopTitle,
  tabletopModes,
  VIDEO_GAMES,
  type VideoGameTitle,
  videoModes,
} from "./game-titles.js";
import { AUTHORED_LICENCE } from "./watch-catalog.js";

const ESRB_MIN_AGE: Record<VideoGameTitle["esrb"], number> = { E: 0, "E10+": 10, T: 13, M: 17 };
const ESRB_NAME: Record<VideoGameTitle["esrb"], string> = {
  E: "E (Everyone)",
  "E10+": "E10+ (Everyone 10+)",
  T: "T (Teen)",
  M: "M (Mature 17+)",
};
const PLATFORM_HEX: Record<GamePlatform, string> = {
  "Nintendo Switch": "#e60012",
  "PlayStation 5": "#1f3f99",
  "Xbox Series X|S": "#107c10",
  PC: "#3a3f47",
  Tabletop: "#8a5a2b",
};
const BOX_HEX = ["#c0392b", "#2e86c1", "#27ae60", "#8e44ad", "#d68910", "#16a085", "#b03a2e", "#2c3e50"];

/** Every tabletop title, and video games on `count` minus that many platforms (each title once at least). */
export function buildGames(rng: Rng, count: number): Omit<GameProduct, "hardCriteria">[] {
  const videoCount = count - TABLETOP_GAMES.length;
  const first = VIDEO_GAMES.map((t) => ({ t, platform: rng.pick(t.platforms) }));
  const key = (x: { t: VideoGameTitle; platform: GamePlatform }) => `${x.t.title}|${x.platform}`;
  const taken = new Set(first.map(key));
  const rest = rng.shuffle(
    VIDEO_GAMES.flatMap((t) => t.platforms.map((platform) => ({ t, platform }))).filter(
      (x) => !taken.has(key(x)),
    ),
  );
  if (first.length + rest.length < videoCount) throw new Error("not enough video game editions");
  const order = new Map(VIDEO_GAMES.map((t, i) => [t, i]));
  const chosen = [...first, ...rest.slice(0, videoCount - first.length)].sort(
    (a, b) => order.get(a.t)! - order.get(b.t)! || a.platform.localeCompare(b.platform),
  );
  const products = [
    ...chosen.map(({ t, platform }) => ({ build: () => videoGame(t, platform) })),
    ...TABLETOP_GAMES.map((t, i) => ({ build: () => tabletopGame(t, BOX_HEX[i % BOX_HEX.length]!) })),
  ];
  return products.map((p, i) => ({ ...p.build(), id: `gm-${String(i + 1).padStart(3, "0")}` }));
}

type Draft = Omit<GameProduct, "hardCriteria">;

function videoGame(t: VideoGameTitle, platform: GamePlatform): Draft {
  const attributes: GameAttributes = {
    platform,
    genre: t.genre,
    ageRating: t.esrb,
    minAge: ESRB_MIN_AGE[t.esrb],
    playersMin: 1,
    playersMax: Math.max(t.localPlayers, 1),
    modes: videoModes(t),
    themes: t.themes,
    boxHex: PLATFORM_HEX[platform],
  };
  const price = platform === "PC" && t.price >= 69.99 ? t.price - 10 : t.price;
  return {
    id: "",
    category: "games",
    name: `${t.title} - ${platform}`,
    brand: t.publisher,
    price: Math.round(price * 100) / 100,
    description:
      `${t.title} is ${indefinite(t.genre)} game for ${platform} from ${t.publisher}, rated ${ESRB_NAME[t.esrb]}. ` +
      `${playersText(t.localPlayers, t.online)}`,
    features: [
      `Platform: ${platform}`,
      `Genre: ${t.genre}`,
      `ESRB rating: ${ESRB_NAME[t.esrb]}`,
      `Modes: ${attributes.modes.join(", ")}`,
      t.localPlayers > 1 ? `Up to ${t.localPlayers} players on one console` : "One player per console",
      `Themes: ${t.themes.join(", ")}`,
    ],
    attributes,
    source: { dataset: "authored", licence: AUTHORED_LICENCE },
  };
}

function playersText(local: number, online: boolean): string {
  const here =
    local > 1 ? `Up to ${local} can play together on one console` : "It is played alone on one console";
  return `${here}${online ? ", and it has online multiplayer." : "."}`;
}

function tabletopGame(t: TabletopTitle, boxHex: string): Draft {
  const [lo, hi] = t.players;
  const attributes: GameAttributes = {
    platform: "Tabletop",
    genre: t.genre,
    ageRating: `Ages ${t.minAge}+`,
    minAge: t.minAge,
    playersMin: lo,
    playersMax: hi,
    modes: tabletopModes(t),
    themes: t.themes,
    boxHex,
  };
  return {
    id: "",
    category: "games",
    name: `${t.title} (Tabletop Game)`,
    brand: t.publisher,
    price: t.price,
    description:
      `${t.title} is ${indefinite(t.genre)} from ${t.publisher} for ${lo === hi ? lo : `${lo} to ${hi}`} players, ages ${t.minAge} and up.` +
      `${t.coOp ? " Players work together to win." : ""}`,
    features: [
      "Tabletop game (no screen needed)",
      `${lo === hi ? lo : `${lo}-${hi}`} players`,
      `Ages ${t.minAge}+`,
      `Genre: ${t.genre}`,
      `Themes: ${t.themes.join(", ")}`,
      ...(t.coOp ? ["Cooperative play"] : []),
    ],
    attributes,
    source: { dataset: "authored", licence: AUTHORED_LICENCE },
  };
}
