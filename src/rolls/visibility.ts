import { chatModeStatics, coreSetting } from "../foundry/globals";
/**
 * Who sees a roll. Foundry v13 calls these "roll modes" (`core.rollMode`, `publicroll`…,
 * `ChatMessage.applyRollMode`); v14 renamed them "message modes" (`core.messageMode`, `public`…,
 * `ChatMessage.applyMode`), keeping the old setting only as a deprecated shim. Everything about
 * visibility goes through this module, for both versions, reading each version's own names.
 */
export const VISIBILITIES = ["public", "gm", "blind", "self"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** Labels for the dialog's choice, in the system's language files. */
export const VISIBILITY_LABELS: Record<Visibility, string> = {
  public: "WH.Roll.Visibility.Public",
  gm: "WH.Roll.Visibility.Gm",
  blind: "WH.Roll.Visibility.Blind",
  self: "WH.Roll.Visibility.Self",
};

const V13_ROLL_MODES: Record<Visibility, string> = {
  public: "publicroll",
  gm: "gmroll",
  blind: "blindroll",
  self: "selfroll",
};

/** What a chat message's data needs for its visibility. */
export interface VisibilityData {
  whisper?: string[];
  blind?: boolean;
}

function isV14(): boolean {
  return (game.release?.generation ?? 13) >= 14;
}

export function isVisibility(value: unknown): value is Visibility {
  return typeof value === "string" && (VISIBILITIES as readonly string[]).includes(value);
}

/** Reads a v13 roll mode or a v14 message mode; "roll" and v14's "ic"/"ooc" chat styles are public. */
export function visibilityFromMode(mode: unknown): Visibility {
  switch (mode) {
    case "gmroll":
    case "gm":
      return "gm";
    case "blindroll":
    case "blind":
      return "blind";
    case "selfroll":
    case "self":
      return "self";
    default:
      return "public";
  }
}

/** The mode the user picked in the chat log, as the default for a roll. */
export function currentVisibility(): Visibility {
  try {
    return visibilityFromMode(coreSetting(isV14() ? "messageMode" : "rollMode"));
  } catch {
    // A setting missing on some release: Foundry's own default, public, which the dialog shows.
    return "public";
  }
}

function gmIds(): string[] {
  return (game.users?.filter((u) => u.isGM) ?? []).map((u) => u.id as string);
}

/**
 * Sets `whisper`/`blind` on chat message data for a visibility, through the core helper of the
 * running version, then checks the result itself: a roll that is not public always ends up
 * whispered (to the GMs, with its author unless blind, or to its author alone), even if the core helper is
 * missing or behaves differently — a GM's private roll must never post publicly.
 */
export function applyVisibility<T extends VisibilityData>(data: T, visibility: Visibility): T {
  const statics = chatModeStatics();
  if (isV14() && typeof statics.applyMode === "function") statics.applyMode(data, visibility);
  else if (typeof statics.applyRollMode === "function") statics.applyRollMode(data, V13_ROLL_MODES[visibility]);

  const author = game.user?.id as string;
  if (visibility === "public") {
    data.whisper = [];
    data.blind = false;
  } else if (visibility === "self") {
    data.whisper = [author];
    data.blind = false;
  } else if (visibility === "gm") {
    data.whisper = [...new Set([...(data.whisper ?? []), ...gmIds(), author])];
    data.blind = false;
  } else {
    // Blind: a player listed in `whisper` would see the result, so only the GMs are (or, in a
    // world without any GM user, the author alone: never nobody, which would be public).
    const gms = gmIds();
    data.whisper = gms.length
      ? [...new Set([...(data.whisper ?? []).filter((id) => gms.includes(id)), ...gms])]
      : [author];
    data.blind = true;
  }
  return data;
}
