/**
 * How a new actor's prototype token starts: a player character's token is linked to its actor
 * (its wounds are the character's, on every scene) and friendly, an NPC's or a group's is neither; and its bars
 * show what `CONFIG.Actor.trackableAttributes` offers first for its type. Whatever the creation
 * data already says about the token stands.
 */

/** The token bars of each type: paths under `system` to a `{ value, max }`. */
export const TOKEN_BARS: Readonly<Record<string, { bar1: string; bar2: string | null }>> = {
  wuxiaCharacter: { bar1: "wounds", bar2: "chi" },
};

const CHARACTER_TYPES: readonly string[] = ["wuxiaCharacter", "harmoniesCharacter"];

/** CONST.TOKEN_DISPOSITIONS.FRIENDLY and HOSTILE (API v13). */
const FRIENDLY = 1;
const HOSTILE = -1;

type Data = Record<string, unknown>;

function isData(value: unknown): value is Data {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Whether creation data sets `path` (dotted or nested, as Foundry accepts both). */
function gives(data: Data, path: string): boolean {
  if (path in data) return true;
  const [head, ...rest] = path.split(".");
  const inner = head === undefined ? undefined : data[head];
  return rest.length > 0 && isData(inner) && gives(inner, rest.join("."));
}

/** The prototype token changes a new actor of this type takes from its creation data; {} for none. */
export function prototypeTokenDefaults(type: string, data: Data): Data {
  const token: Data = {};
  const isNpc = isData(data.system) && data.system.npc === true;
  const hero = CHARACTER_TYPES.includes(type) && !isNpc;
  if (hero && !gives(data, "prototypeToken.actorLink")) token.actorLink = true;
  // A hero stands on the players' side (as dnd5e makes its characters' tokens friendly): the side
  // whose group reserve its dice go to and come from (RULES 1.4).
  if (hero && !gives(data, "prototypeToken.disposition")) token.disposition = FRIENDLY;
  const bars = TOKEN_BARS[type];
  if (bars) {
    for (const bar of ["bar1", "bar2"] as const) {
      const attribute = bars[bar];
      if (attribute && !gives(data, `prototypeToken.${bar}.attribute`)) token[bar] = { attribute };
    }
  }
  return token;
}

/**
 * A character made an NPC (or a hero again): its prototype token follows, where it still holds
 * what the other kind starts with — linked and friendly for a hero, unlinked and hostile for an
 * NPC — so a bandit made from a new character is not counted on the players' side. What the
 * change itself says about the token stands; {} when nothing follows.
 */
export function prototypeTokenOnNpcChange(
  actor: { type: string; system: unknown; prototypeToken: { actorLink?: unknown; disposition?: unknown } },
  changed: Data,
): Data {
  const npc = isData(changed.system) ? changed.system.npc : undefined;
  const was = isData(actor.system) ? actor.system.npc : undefined;
  if (!CHARACTER_TYPES.includes(actor.type) || typeof npc !== "boolean" || npc === was) return {};
  const token: Data = {};
  const { actorLink, disposition } = actor.prototypeToken;
  if (!gives(changed, "prototypeToken.actorLink") && Boolean(actorLink) === npc) token.actorLink = !npc;
  // An NPC's token is hostile by core's default, whether or not it says so.
  const npcsDefault = disposition === HOSTILE || disposition === undefined;
  if (!gives(changed, "prototypeToken.disposition") && (npc ? disposition === FRIENDLY : npcsDefault))
    token.disposition = npc ? HOSTILE : FRIENDLY;
  return token;
}

/**
 * Puts the defaults into each new actor's source on the creating client, before the creation
 * is sent (Foundry's `preCreateActor` hook, whose pending document takes `updateSource`), and
 * into the update that makes a character an NPC or a hero (`preUpdateActor`, whose changes may
 * be added to).
 */
export function registerPrototypeTokenDefaults(): void {
  Hooks.on("preCreateActor", (actor, data) => {
    const prototypeToken = prototypeTokenDefaults(actor.type, data as Data);
    if (Object.keys(prototypeToken).length) actor.updateSource({ prototypeToken });
  });
  Hooks.on("preUpdateActor", (actor, changed) => {
    const change = changed as Data;
    const prototypeToken = prototypeTokenOnNpcChange(actor, change);
    if (Object.keys(prototypeToken).length)
      change.prototypeToken = { ...(isData(change.prototypeToken) ? change.prototypeToken : {}), ...prototypeToken };
  });
}
