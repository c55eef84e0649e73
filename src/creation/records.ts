import { documentAtSync } from "../foundry/documents";
import { SYSTEM_ID } from "../foundry/system";
import { systemFlag, unsetSystemFlag } from "../foundry/flags";
import { UserError } from "../core/errors";
import { inAuthorityOrder } from "../requests/queue";

/**
 * What a character's creation did once — its attribute roll, its beginner package — recorded
 * where only a GM writes: a world setting, by actor uuid. A player owns their actor and may write
 * its flags, so a record kept there could be reset and the "once" taken again. Every creation
 * action is carried out by the active GM's client in the authority's order (the
 * setting holds every actor's record), each reading the record right before writing it.
 */

const SETTING = "creationRecords";
/** Set once the records earlier versions kept in actor flags have been taken into the setting. */
const ADOPTED_SETTING = "creationRecordsAdopted";

export type RecordKey = "attributeRoll" | "beginnerPackage";
type Records = Record<string, Partial<Record<RecordKey, unknown>>>;

function records(): Records {
  return game.settings.get(SYSTEM_ID, SETTING) as Records;
}

/** An actor's record of one kind, as stored (the reader checks its shape), or undefined. */
export function creationRecord(actor: Actor.Implementation, key: RecordKey): unknown {
  return records()[actor.uuid]?.[key];
}

/** Writes (or, with null, deletes) an actor's record of one kind. GM only; in the authority's order. */
export async function writeCreationRecord(actorUuid: string, key: RecordKey, value: unknown): Promise<void> {
  if (!game.user.isGM) throw new UserError("WH.Chat.Error.GmOnly");
  const all = { ...records() };
  const { [key]: _, ...others } = all[actorUuid] ?? {};
  const entry = value === null ? others : { ...others, [key]: value };
  if (Object.keys(entry).length) all[actorUuid] = entry;
  else Reflect.deleteProperty(all, actorUuid);
  await game.settings.set(SYSTEM_ID, SETTING, all);
}

/** The actors whose records differ between two values of the setting: their sheets are redrawn. */
function changedActors(before: Records, after: Records): string[] {
  const uuids = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...uuids].filter((uuid) => JSON.stringify(before[uuid]) !== JSON.stringify(after[uuid]));
}

/**
 * Records kept in actor flags by earlier versions are taken into the setting once, by the active
 * GM, and the flags removed; after that a flag is never read, so one a player writes counts for
 * nothing.
 */
async function adoptFlagRecords(): Promise<void> {
  if (!game.user.isActiveGM || game.settings.get(SYSTEM_ID, ADOPTED_SETTING)) return;
  await inAuthorityOrder(async () => {
    for (const actor of game.actors ?? []) {
      for (const key of ["attributeRoll", "beginnerPackage"] as const) {
        const flag = systemFlag(actor, key);
        if (flag === undefined) continue;
        if (flag !== null && creationRecord(actor, key) === undefined) await writeCreationRecord(actor.uuid, key, flag);
        await unsetSystemFlag(actor, key);
      }
    }
    await game.settings.set(SYSTEM_ID, ADOPTED_SETTING, true);
  });
}

/** A deleted actor's records go with it (the active GM's client removes them). */
async function forgetActor(actor: Actor.Implementation): Promise<void> {
  if (!game.user.isActiveGM || !records()[actor.uuid]) return;
  await inAuthorityOrder(async () => {
    await writeCreationRecord(actor.uuid, "attributeRoll", null);
    await writeCreationRecord(actor.uuid, "beginnerPackage", null);
  });
}

export function registerCreationRecords(): void {
  let shown: Records = {};
  game.settings.register(SYSTEM_ID, SETTING, {
    scope: "world",
    config: false,
    type: Object,
    default: {},
    onChange: (value: unknown) => {
      const now = value as Records;
      for (const uuid of changedActors(shown, now))
        (documentAtSync(uuid) as Actor.Implementation | null)?.render(false);
      shown = now;
    },
  });
  game.settings.register(SYSTEM_ID, ADOPTED_SETTING, { scope: "world", config: false, type: Boolean, default: false });
  Hooks.once("ready", () => {
    shown = records();
    void adoptFlagRecords().catch((error: unknown) => console.error(error));
  });
  Hooks.on("deleteActor", (actor) => {
    void forgetActor(actor as Actor.Implementation).catch((error: unknown) => console.error(error));
  });
}
