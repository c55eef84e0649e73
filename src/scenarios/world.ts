import { SYSTEM_ID } from "../foundry/system";
import { publishedApi, setSystemSetting, systemSetting } from "../foundry/globals";
import { untypedHooks } from "../foundry/hooks";
import { t } from "../core/i18n";
import type { SystemApi } from "../api";
import type { Seat } from "./context";

/**
 * The world a batch of scenarios plays in. Everything it creates, and everything its user creates
 * through the system while it runs (chat cards, imported groups and their folder), is recorded and
 * deleted at the end, also after a failure; what it creates itself sits in a folder and carries
 * the `scenario` flag, so a run cut short (a closed browser) is found and cleared by the cleanup
 * batch. World settings it changes are put back. A GM's data is never touched.
 */

type Deletable = { id: string | null; delete(): Promise<unknown> };
type Tracked = "ChatMessage" | "Actor" | "Item" | "Folder" | "Combat" | "Scene";

/** Deleted in this order: what refers to others goes first. */
const DELETE_ORDER: readonly Tracked[] = ["ChatMessage", "Combat", "Scene", "Actor", "Item", "Folder"];

/** The flag each document a scenario creates carries: the run's id. */
export const SCENARIO_FLAG = "scenario";

/** The flag's value on what a GM batch leaves for a player's batch: kept until the cleanup batch. */
export const SEAT_FIXTURE = "seat";

/** The system's macro API, as a macro reaches it. */
export function systemApi(): SystemApi {
  return publishedApi() as SystemApi;
}

/** Resolves once `ready()` holds, checking every 20 ms; rejects after `timeoutMs` naming `what`. */
export async function until<T>(what: string, ready: () => T | null | undefined | false, timeoutMs = 5000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = ready();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export class ScenarioWorld {
  readonly runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  #created: { kind: Tracked; doc: Deletable }[] = [];
  #hooks: [string, number][] = [];
  #settings: [string, unknown][] = [];
  #errors: string[] = [];
  #consoleError: typeof console.error | null = null;
  #onRejection = (event: { reason?: unknown }): void => {
    const reason = event.reason;
    this.#errors.push(`Unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`);
  };
  #folder: Folder.Implementation | null = null;
  /** Foundry's PRNG before the batch scripted any face; put back at the end. */
  #random: (() => number) | null = null;
  #faces: number[] = [];

  constructor(readonly batchId: string) {}

  /**
   * Starts the batch for a user in this seat: a GM batch refuses a player; records what the user
   * creates from now on and every console error.
   */
  async begin(seat: Seat): Promise<void> {
    if (seat === "gm" && !game.user.isGM) throw new Error(t("WH.Scenario.Error.GmOnly", { batch: this.batchId }));
    const runner = game.user.id;
    for (const kind of DELETE_ORDER) {
      const hook = `create${kind}`;
      const id = untypedHooks.on(hook, (doc: Deletable, _options: unknown, userId: string) => {
        if (userId === runner) this.#created.push({ kind, doc });
      });
      this.#hooks.push([hook, id]);
    }
    // A promise no one awaits that fails (a sheet's close, say) reaches no console.error in a browser.
    globalThis.addEventListener?.("unhandledrejection", this.#onRejection);
    this.#consoleError = console.error;
    const original = console.error;
    console.error = (...args: unknown[]) => {
      this.#errors.push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(" "));
      original.apply(console, args);
    };
  }

  /** The console errors logged since the batch began, and forgets them. */
  takeErrors(): string[] {
    return this.#errors.splice(0);
  }

  /** The flags of a document this batch makes itself. */
  get flags(): { [SYSTEM_ID]: { scenario: string } } {
    return { [SYSTEM_ID]: { [SCENARIO_FLAG]: this.runId } };
  }

  /** The batch's own Actor folder, made on first use. */
  async folder(): Promise<Folder.Implementation> {
    this.#folder ??= (await Folder.create({
      name: t("WH.Scenario.Folder", { batch: this.batchId }),
      type: "Actor",
      flags: this.flags,
    })) as Folder.Implementation;
    return this.#folder;
  }

  /** A world actor of the batch, in its folder; `ownership` as given (default: its creator's alone). */
  async actor(data: Actor.CreateData): Promise<Actor.Implementation> {
    const folder = await this.folder();
    const actor = await Actor.create({ ...data, folder: folder.id, flags: this.flags });
    if (!actor) throw new Error(`Could not create the actor ${data.name}`);
    return actor;
  }

  /** A scene of the batch's own, for tokens; deleted at the end with everything on it. */
  async scene(): Promise<Scene.Implementation> {
    const scene = await Scene.create({ name: t("WH.Scenario.Folder", { batch: this.batchId }), flags: this.flags });
    if (!scene) throw new Error("Could not create the batch's scene");
    return scene;
  }

  /**
   * An actor a player's batch will use, left in the world when this batch ends: in a folder of its
   * own, flagged as the player's seat's, for the seat's cleanup batch to remove.
   */
  async fixture(data: Actor.CreateData): Promise<Actor.Implementation> {
    const flags = { [SYSTEM_ID]: { [SCENARIO_FLAG]: SEAT_FIXTURE } };
    const folder =
      game.folders.find((f) => f.getFlag(SYSTEM_ID, SCENARIO_FLAG) === SEAT_FIXTURE) ??
      (await Folder.create({ name: t("WH.Scenario.SeatFolder"), type: "Actor", flags }));
    const actor = await Actor.create({ ...data, folder: folder?.id ?? null, flags });
    if (!actor) throw new Error(`Could not create the actor ${data.name}`);
    this.#created = this.#created.filter(({ doc }) => doc !== actor && doc !== folder);
    return actor;
  }

  /** Sets a world setting for the batch; put back at the end. */
  async setSetting(key: string, value: unknown): Promise<void> {
    if (!this.#settings.some(([k]) => k === key)) this.#settings.push([key, systemSetting(key)]);
    await setSystemSetting(key, value);
  }

  /**
   * The next dice rolled show these faces of a d10, in order, then Foundry's own PRNG again: each
   * is a value of `CONFIG.Dice.randomUniform` that core's Die maps to that face (Die#mapRandomFace),
   * checked against this Foundry's own die, so a scenario knows its outcome in any world.
   */
  scriptFaces(faces: readonly number[]): void {
    const die = new foundry.dice.terms.Die({ faces: 10 });
    const values = faces.map((face) => {
      if (!Number.isInteger(face) || face < 1 || face > 10) throw new Error(`A d10 has no face ${face}`);
      const value = 1 - (face - 0.5) / 10;
      if (die.mapRandomFace(value) !== face) throw new Error(`No value of the PRNG shows a ${face} on this d10`);
      return value;
    });
    this.#random ??= CONFIG.Dice.randomUniform;
    const own = this.#random;
    this.#faces = values;
    CONFIG.Dice.randomUniform = () => this.#faces.shift() ?? own();
  }

  /** How many scripted faces no die has shown yet. */
  get facesLeft(): number {
    return this.#faces.length;
  }

  /** The chat messages this user posted since the batch began, oldest first. */
  messages(): ChatMessage.Implementation[] {
    return this.#created.filter((c) => c.kind === "ChatMessage").map((c) => c.doc as ChatMessage.Implementation);
  }

  /**
   * Deletes what the batch made and puts back the settings, whatever failed before; then stops
   * recording. Rejects, once all was tried, with what could not be undone.
   */
  async end(): Promise<void> {
    for (const [hook, id] of this.#hooks.splice(0)) untypedHooks.off(hook, id);
    if (this.#random) CONFIG.Dice.randomUniform = this.#random;
    this.#random = null;
    this.#faces = [];
    if (this.#consoleError) console.error = this.#consoleError;
    globalThis.removeEventListener?.("unhandledrejection", this.#onRejection);
    const failures: string[] = [];
    const created = this.#created.splice(0);
    for (const kind of DELETE_ORDER) {
      for (const { doc } of created.filter((c) => c.kind === kind).reverse()) {
        try {
          if (doc.id && (await stillThere(kind, doc.id))) await doc.delete();
        } catch (error) {
          failures.push(`${kind} ${doc.id ?? "?"}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    for (const [key, value] of this.#settings.splice(0).reverse()) {
      try {
        await setSystemSetting(key, value);
      } catch (error) {
        failures.push(`setting ${key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.#folder = null;
    if (failures.length) throw new Error(t("WH.Scenario.Error.Cleanup", { failures: failures.join("; ") }));
  }
}

/** Whether the world still holds the document (a folder's deletion may have taken its contents). */
async function stillThere(kind: Tracked, id: string): Promise<boolean> {
  const collections: Record<Tracked, { get(id: string): unknown } | undefined> = {
    ChatMessage: game.messages,
    Actor: game.actors,
    Item: game.items,
    Folder: game.folders,
    Combat: game.combats,
    Scene: game.scenes,
  };
  return Boolean(collections[kind]?.get(id));
}
