import type { CategoryKnowledge } from "../schema/knowledge.js";

export function gameKnowledge(): CategoryKnowledge {
  return {
    category: "games",
    facts: [
      "ESRB ratings: E (Everyone) suits all ages, E10+ ages 10 and up, T (Teen) 13 and up, M (Mature) 17 and up. Tabletop games print the youngest age on the box (Ages 8+).",
      "A video game runs only on the platform it is sold for: a PlayStation 5 disc does not play on an Xbox or a Nintendo Switch.",
      "The Nintendo Switch can be played on the go; tabletop games need no screen at all.",
      "Local multiplayer means several players on one console or at one table; online multiplayer needs an internet connection and, on consoles, a subscription.",
      "Co-op games have players work together rather than against each other.",
      "Games for six or more players suit parties.",
    ],
    properties: [
      {
        id: "kidFriendly",
        label: "suitable for children under 10",
        requirement: "Must be suitable for kids under 10",
        description:
          "Suitable for children under 10 when its rating allows ages 9 and below (E, or Ages 9+ and lower).",
        rule: { kind: "attr", attr: "minAge", op: "<=", value: 9 },
      },
      {
        id: "localMultiplayer",
        label: "several players in the same room",
        requirement: "Must let several people play in the same room",
        description:
          "Several players in the same room (one console or one table) when it has local multiplayer; every tabletop game for two or more does.",
        rule: { kind: "attr", attr: "modes", op: "includes", value: "local multiplayer" },
      },
      {
        id: "onlineMultiplayer",
        label: "online multiplayer",
        requirement: "Must have online multiplayer",
        description: "Plays with friends over the internet when it has online multiplayer.",
        rule: { kind: "attr", attr: "modes", op: "includes", value: "online multiplayer" },
      },
      {
        id: "coOp",
        label: "co-op",
        requirement: "Must have co-op (play as a team)",
        description: "Co-operative when players can team up (co-op mode).",
        rule: { kind: "attr", attr: "modes", op: "includes", value: "co-op" },
      },
      {
        id: "soloPlayable",
        label: "playable alone",
        requirement: "Must be playable alone",
        description: "Playable alone when it has a single-player mode.",
        rule: { kind: "attr", attr: "modes", op: "includes", value: "single-player" },
      },
      {
        id: "portable",
        label: "playable on the go",
        requirement: "Must be playable on the go",
        description: "Playable on the go when it is for the Nintendo Switch.",
        rule: { kind: "attr", attr: "platform", op: "==", value: "Nintendo Switch" },
      },
      {
        id: "partyGame",
        label: "party game (6+ players)",
        requirement: "Must work for a party (6+ players)",
        description: "A party game when six or more can play.",
        rule: { kind: "attr", attr: "playersMax", op: ">=", value: 6 },
      },
      {
        id: "screenFree",
        label: "screen-free",
        requirement: "Must be screen-free (a tabletop game)",
        description: "Screen-free when it is a tabletop game.",
        rule: { kind: "attr", attr: "platform", op: "==", value: "Tabletop" },
      },
    ],
  };
}
