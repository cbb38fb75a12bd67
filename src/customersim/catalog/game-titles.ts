import type { GameMode, GamePlatform } from "../schema/devices.js";

/**
 * Authored game titles (ratings, player counts and modes as the publishers list them; prices are
 * typical US list prices). A video game becomes one product per platform the generator draws.
 */
export interface VideoGameTitle {
  title: string;
  publisher: string;
  genre: string;
  esrb: "E" | "E10+" | "T" | "M";
  /** Most players on one console (1: none local). */
  localPlayers: number;
  online: boolean;
  coOp: boolean;
  platforms: GamePlatform[];
  themes: string[];
  price: number;
}

export interface TabletopTitle {
  title: string;
  publisher: string;
  genre: string;
  minAge: number;
  players: [number, number];
  coOp: boolean;
  themes: string[];
  price: number;
}

const NS: GamePlatform = "Nintendo Switch";
const PS: GamePlatform = "PlayStation 5";
const XB: GamePlatform = "Xbox Series X|S";
const PC: GamePlatform = "PC";
const ALL = [NS, PS, XB, PC];
const NOT_NS = [PS, XB, PC];

type V = [
  string,
  string,
  string,
  VideoGameTitle["esrb"],
  number,
  boolean,
  boolean,
  GamePlatform[],
  string[],
  number,
];
const video = (rows: V[]): VideoGameTitle[] =>
  rows.map(([title, publisher, genre, esrb, localPlayers, online, coOp, platforms, themes, price]) => ({
    title,
    publisher,
    genre,
    esrb,
    localPlayers,
    online,
    coOp,
    platforms,
    themes,
    price,
  }));

// biome-ignore format: a table reads best one title per line
export const VIDEO_GAMES: VideoGameTitle[] = video([
  ["Mario Kart 8 Deluxe", "Nintendo", "racing", "E", 4, true, false, [NS], ["racing", "cartoon"], 59.99],
  ["Super Mario Odyssey", "Nintendo", "platformer", "E10+", 2, false, true, [NS], ["cartoon", "adventure"], 59.99],
  ["Super Mario Bros. Wonder", "Nintendo", "platformer", "E", 4, true, true, [NS], ["cartoon"], 59.99],
  ["The Legend of Zelda: Tears of the Kingdom", "Nintendo", "action-adventure", "E10+", 1, false, false, [NS], ["fantasy", "open world"], 69.99],
  ["Animal Crossing: New Horizons", "Nintendo", "life simulation", "E", 4, true, true, [NS], ["animals", "cozy"], 59.99],
  ["Super Smash Bros. Ultimate", "Nintendo", "fighting", "E10+", 8, true, false, [NS], ["cartoon", "fighting"], 59.99],
  ["Pokémon Scarlet", "Nintendo", "role-playing", "E", 1, true, true, [NS], ["animals", "fantasy", "open world"], 59.99],
  ["Splatoon 3", "Nintendo", "shooter", "E10+", 1, true, true, [NS], ["cartoon"], 59.99],
  ["Kirby and the Forgotten Land", "Nintendo", "platformer", "E10+", 2, false, true, [NS], ["cartoon"], 59.99],
  ["Mario Party Superstars", "Nintendo", "party", "E", 4, true, false, [NS], ["cartoon", "board game"], 59.99],
  ["Nintendo Switch Sports", "Nintendo", "sports", "E10+", 4, true, false, [NS], ["sports", "fitness"], 49.99],
  ["Luigi's Mansion 3", "Nintendo", "action-adventure", "E", 2, true, true, [NS], ["cartoon", "spooky"], 59.99],
  ["Pikmin 4", "Nintendo", "strategy", "E10+", 2, false, true, [NS], ["cartoon", "nature"], 59.99],
  ["Minecraft", "Mojang Studios", "sandbox", "E10+", 4, true, true, [NS, XB, PS, PC], ["building", "survival"], 29.99],
  ["Stardew Valley", "ConcernedApe", "simulation", "E10+", 4, true, true, ALL, ["farming", "cozy"], 14.99],
  ["Overcooked! All You Can Eat", "Team17", "party", "E", 4, true, true, ALL, ["cooking", "cartoon"], 39.99],
  ["It Takes Two", "Electronic Arts", "action-adventure", "T", 2, true, true, ALL, ["story", "cartoon"], 39.99],
  ["EA Sports FC 24", "Electronic Arts", "sports", "E", 4, true, true, ALL, ["sports", "soccer"], 69.99],
  ["Madden NFL 24", "Electronic Arts", "sports", "E", 4, true, true, NOT_NS, ["sports", "football"], 69.99],
  ["NBA 2K24", "2K", "sports", "E", 4, true, true, ALL, ["sports", "basketball"], 69.99],
  ["MLB The Show 24", "Sony Interactive Entertainment", "sports", "E", 2, true, true, [PS, XB, NS], ["sports", "baseball"], 59.99],
  ["PGA Tour 2K23", "2K", "sports", "E", 4, true, false, NOT_NS, ["sports", "golf"], 59.99],
  ["Tony Hawk's Pro Skater 1 + 2", "Activision", "sports", "T", 2, true, false, ALL, ["sports", "skateboarding"], 39.99],
  ["WWE 2K24", "2K", "sports", "T", 4, true, false, NOT_NS, ["sports", "wrestling"], 59.99],
  ["Forza Horizon 5", "Xbox Game Studios", "racing", "E", 1, true, true, [XB, PC], ["racing", "open world"], 59.99],
  ["Gran Turismo 7", "Sony Interactive Entertainment", "racing", "E", 2, true, false, [PS], ["racing", "simulation"], 69.99],
  ["Hogwarts Legacy", "Warner Bros. Games", "action role-playing", "T", 1, false, false, ALL, ["fantasy", "magic", "open world"], 59.99],
  ["Elden Ring", "Bandai Namco", "action role-playing", "M", 1, true, true, NOT_NS, ["fantasy", "dark"], 59.99],
  ["God of War Ragnarök", "Sony Interactive Entertainment", "action-adventure", "M", 1, false, false, [PS, PC], ["mythology", "violent"], 69.99],
  ["Marvel's Spider-Man 2", "Sony Interactive Entertainment", "action-adventure", "T", 1, false, false, [PS], ["superhero", "open world"], 69.99],
  ["Call of Duty: Modern Warfare III", "Activision", "shooter", "M", 2, true, true, NOT_NS, ["war", "violent"], 69.99],
  ["Halo Infinite", "Xbox Game Studios", "shooter", "T", 1, true, true, [XB, PC], ["sci-fi", "war"], 59.99],
  ["Starfield", "Bethesda Softworks", "role-playing", "M", 1, false, false, [XB, PC], ["sci-fi", "space", "open world"], 69.99],
  ["Baldur's Gate 3", "Larian Studios", "role-playing", "M", 2, true, true, NOT_NS, ["fantasy", "story"], 69.99],
  ["Cyberpunk 2077", "CD Projekt", "role-playing", "M", 1, false, false, NOT_NS, ["sci-fi", "open world", "violent"], 59.99],
  ["Resident Evil 4", "Capcom", "survival horror", "M", 1, false, false, NOT_NS, ["horror", "violent"], 59.99],
  ["Dead Space", "Electronic Arts", "survival horror", "M", 1, false, false, NOT_NS, ["horror", "sci-fi", "space"], 59.99],
  ["Diablo IV", "Blizzard Entertainment", "action role-playing", "M", 2, true, true, NOT_NS, ["fantasy", "dark"], 69.99],
  ["Street Fighter 6", "Capcom", "fighting", "T", 2, true, false, NOT_NS, ["fighting"], 59.99],
  ["Mortal Kombat 1", "Warner Bros. Games", "fighting", "M", 2, true, false, ALL, ["fighting", "violent"], 69.99],
  ["Red Dead Redemption 2", "Rockstar Games", "action-adventure", "M", 1, true, false, NOT_NS, ["western", "open world", "violent"], 59.99],
  ["Grand Theft Auto V", "Rockstar Games", "action-adventure", "M", 1, true, false, NOT_NS, ["crime", "open world", "violent"], 39.99],
  ["Sonic Frontiers", "Sega", "platformer", "E10+", 1, false, false, ALL, ["cartoon", "open world"], 59.99],
  ["LEGO Star Wars: The Skywalker Saga", "Warner Bros. Games", "action-adventure", "E10+", 2, false, true, ALL, ["sci-fi", "space", "cartoon"], 49.99],
  ["Just Dance 2024 Edition", "Ubisoft", "rhythm", "E10+", 6, true, false, [NS, PS, XB], ["music", "dance", "fitness"], 49.99],
  ["Tetris Effect: Connected", "Enhance", "puzzle", "E", 4, true, true, ALL, ["music", "puzzle"], 39.99],
  ["Cuphead", "Studio MDHR", "run and gun", "E", 2, false, true, ALL, ["cartoon", "retro"], 19.99],
  ["Hades", "Supergiant Games", "action roguelike", "T", 1, false, false, ALL, ["mythology", "fantasy"], 24.99],
  ["Celeste", "Maddy Makes Games", "platformer", "E10+", 1, false, false, ALL, ["retro", "story"], 19.99],
  ["Hollow Knight", "Team Cherry", "metroidvania", "E10+", 1, false, false, ALL, ["fantasy", "dark"], 14.99],
  ["Unpacking", "Humble Games", "puzzle", "E", 1, false, false, ALL, ["cozy", "puzzle"], 19.99],
  ["Microsoft Flight Simulator", "Xbox Game Studios", "simulation", "E", 1, true, false, [XB, PC], ["aviation", "simulation"], 59.99],
  ["Sid Meier's Civilization VI", "2K", "strategy", "E10+", 1, true, false, ALL, ["history", "strategy"], 59.99],
  ["Cities: Skylines", "Paradox Interactive", "city builder", "E", 1, false, false, ALL, ["building", "simulation"], 29.99],
  ["Ratchet & Clank: Rift Apart", "Sony Interactive Entertainment", "action-adventure", "E10+", 1, false, false, [PS, PC], ["sci-fi", "cartoon"], 69.99],
  ["Astro Bot", "Sony Interactive Entertainment", "platformer", "E10+", 1, false, false, [PS], ["cartoon", "robots"], 59.99],
  ["Spyro Reignited Trilogy", "Activision", "platformer", "E10+", 1, false, false, ALL, ["cartoon", "fantasy"], 39.99],
  ["Crash Bandicoot N. Sane Trilogy", "Activision", "platformer", "E10+", 1, false, false, ALL, ["cartoon", "retro"], 39.99],
]);

type T = [string, string, string, number, [number, number], boolean, string[], number];
// biome-ignore format: a table reads best one title per line
export const TABLETOP_GAMES: TabletopTitle[] = (
  [
    ["Catan", "Catan Studio", "strategy board game", 10, [3, 4], false, ["trading", "building"], 49.99],
    ["Ticket to Ride", "Days of Wonder", "family board game", 8, [2, 5], false, ["trains", "travel"], 54.99],
    ["Pandemic", "Z-Man Games", "cooperative board game", 8, [2, 4], true, ["medicine", "world"], 44.99],
    ["Codenames", "Czech Games Edition", "party word game", 14, [2, 8], false, ["spies", "words"], 19.99],
    ["Azul", "Next Move Games", "abstract strategy", 8, [2, 4], false, ["tiles", "art"], 39.99],
    ["Carcassonne", "Z-Man Games", "tile-laying game", 7, [2, 5], false, ["medieval", "tiles"], 34.99],
    ["Wingspan", "Stonemaier Games", "engine-building board game", 10, [1, 5], false, ["birds", "nature"], 64.99],
    ["Splendor", "Space Cowboys", "card game", 10, [2, 4], false, ["gems", "trading"], 39.99],
    ["Exploding Kittens", "Exploding Kittens", "party card game", 7, [2, 5], false, ["animals", "humor"], 19.99],
    ["UNO", "Mattel", "card game", 7, [2, 10], false, ["classic"], 9.99],
    ["Monopoly", "Hasbro", "family board game", 8, [2, 6], false, ["classic", "money"], 24.99],
    ["Scrabble", "Hasbro", "word game", 8, [2, 4], false, ["classic", "words"], 21.99],
    ["Clue", "Hasbro", "deduction board game", 8, [2, 6], false, ["mystery", "classic"], 21.99],
    ["Dixit", "Libellud", "party storytelling game", 8, [3, 8], false, ["art", "storytelling"], 34.99],
    ["King of Tokyo", "IELLO", "dice game", 8, [2, 6], false, ["monsters", "humor"], 39.99],
    ["7 Wonders", "Repos Production", "card drafting game", 10, [3, 7], false, ["history", "civilization"], 49.99],
    ["Sushi Go!", "Gamewright", "card game", 8, [2, 5], false, ["food", "cartoon"], 9.99],
    ["Gloomhaven: Jaws of the Lion", "Cephalofair Games", "cooperative dungeon crawler", 14, [1, 4], true, ["fantasy", "dark"], 49.99],
    ["Terraforming Mars", "Stronghold Games", "strategy board game", 12, [1, 5], false, ["sci-fi", "space"], 69.99],
    ["Dominion", "Rio Grande Games", "deck-building game", 14, [2, 4], false, ["medieval"], 44.99],
    ["The Game of Life", "Hasbro", "family board game", 8, [2, 4], false, ["classic", "life"], 21.99],
    ["Jenga", "Hasbro", "dexterity game", 6, [1, 8], false, ["classic", "stacking"], 14.99],
    ["Connect 4", "Hasbro", "abstract strategy", 6, [2, 2], false, ["classic"], 12.99],
    ["Blokus", "Mattel", "abstract strategy", 7, [2, 4], false, ["puzzle"], 24.99],
    ["Telestrations", "USAopoly", "party drawing game", 12, [4, 8], false, ["drawing", "humor"], 29.99],
    ["Forbidden Island", "Gamewright", "cooperative board game", 10, [2, 4], true, ["adventure", "treasure"], 19.99],
    ["Root", "Leder Games", "strategy board game", 10, [2, 4], false, ["animals", "war"], 59.99],
    ["Cascadia", "Flatout Games", "tile-laying game", 10, [1, 4], false, ["animals", "nature"], 39.99],
    ["Risk", "Hasbro", "strategy board game", 10, [2, 5], false, ["war", "classic"], 29.99],
    ["Hungry Hungry Hippos", "Hasbro", "children's game", 4, [2, 4], false, ["animals"], 16.99],
    ["Candy Land", "Hasbro", "children's game", 3, [2, 4], false, ["candy", "classic"], 11.99],
    ["Outfoxed!", "Gamewright", "cooperative deduction game", 5, [2, 4], true, ["animals", "mystery"], 19.99],
    ["Wavelength", "CMYK", "party game", 14, [2, 12], true, ["guessing"], 34.99],
    ["Sequence", "Goliath Games", "family board game", 7, [2, 12], false, ["classic", "cards"], 24.99],
  ] as T[]
).map(([title, publisher, genre, minAge, players, coOp, themes, price]) => ({
  title,
  publisher,
  genre,
  minAge,
  players,
  coOp,
  themes,
  price,
}));

export function videoModes(t: VideoGameTitle): GameMode[] {
  const modes: GameMode[] = ["single-player"];
  if (t.localPlayers > 1) modes.push("local multiplayer");
  if (t.online) modes.push("online multiplayer");
  if (t.coOp) modes.push("co-op");
  return modes;
}

export function tabletopModes(t: TabletopTitle): GameMode[] {
  const modes: GameMode[] = [];
  if (t.players[0] === 1) modes.push("single-player");
  if (t.players[1] > 1) modes.push("local multiplayer");
  if (t.coOp) modes.push("co-op");
  return modes;
}
