import { Roll } from "./dice";
import type { DocumentDouble } from "./documents";
import type { HooksDouble } from "./hooks";
import type { ChatMessageDouble } from "./install";
import type { SettingsDouble } from "./settings";

type AnyObject = Record<string, unknown>;

interface UserLike {
  id: string;
  name: string;
  isGM: boolean;
}

interface GameLike {
  user: UserLike;
  users: { filter(fn: (u: UserLike) => boolean): UserLike[] };
  messages: { add(doc: DocumentDouble): unknown };
  actors: { get(id: string): { name: string } | undefined };
}

function world(): { game: GameLike; Hooks: HooksDouble } {
  return globalThis as unknown as { game: GameLike; Hooks: HooksDouble };
}

/** What crosses the network: Foundry stores rolls as JSON and every client rebuilds them by class name. */
function throughJson(rolls: unknown): Roll[] {
  return ((rolls as (Roll | AnyObject)[] | undefined) ?? []).map((r) => Roll.fromData(JSON.parse(JSON.stringify(r instanceof Roll ? r.toJSON() : r)) as AnyObject));
}

const V13_ROLL_MODES = ["publicroll", "gmroll", "blindroll", "selfroll"];
const V14_MESSAGE_MODES = ["public", "gm", "blind", "self", "ic"];

/** The core helper's rule, shared by the v13 and v14 names. */
function applyVisibility(data: AnyObject, kind: string): AnyObject {
  const { game } = world();
  const gms = game.users.filter((u) => u.isGM).map((u) => u.id);
  if (kind === "gm") Object.assign(data, { whisper: gms, blind: false });
  else if (kind === "blind") Object.assign(data, { whisper: gms, blind: true });
  else if (kind === "self") Object.assign(data, { whisper: [game.user.id], blind: false });
  else Object.assign(data, { whisper: [], blind: false });
  return data;
}

/**
 * Grows the foundation's ChatMessage double into the part of `ChatMessage` that rolls use:
 * create and update through JSON (rolls rebuilt by class name, as on every client),
 * `visible`/`isContentVisible` as in v13, author permission on update, `renderHTML` (rolls
 * rendered with `isPrivate`, then the `renderChatMessageHTML` hook), `getSpeaker`,
 * `getWhisperRecipients`, and the visibility helper of the generation: `applyRollMode` with v13
 * roll modes, `applyMode` with v14 message modes (v14 has no `applyRollMode`). Simpler than
 * Foundry: no chat log, no message styles, no server checks beyond the author rule.
 */
export function chatMessageDouble(Base: typeof ChatMessageDouble, generation: 13 | 14): typeof ChatMessageDouble {
  class ChatMessage extends Base {
    author: string;

    constructor(data: AnyObject, options: { parent?: DocumentDouble | null } = {}) {
      super({ ...data, rolls: throughJson(data.rolls) }, options);
      this.author = String(data.author ?? world().game.user.id);
    }

    static override async create(data: AnyObject): Promise<ChatMessage> {
      const message = new ChatMessage(data);
      world().game.messages.add(message);
      world().Hooks.callAll("createChatMessage", message, {}, message.author);
      return message;
    }

    get isAuthor(): boolean {
      return world().game.user.id === this.author;
    }

    get isRoll(): boolean {
      return this.rolls.length > 0;
    }

    get visible(): boolean {
      if (this.whisper.length) return this.isRoll || this.isAuthor || this.whisper.includes(world().game.user.id);
      return true;
    }

    get isContentVisible(): boolean {
      if (!this.isRoll) return this.visible;
      if (this.whisper.length) return this.whisper.includes(world().game.user.id) || (this.isAuthor && !this.blind);
      return true;
    }

    /** Foundry lets the author and GMs update a message; the server refuses anyone else. */
    canUserModify(user: UserLike, _action: string): boolean {
      return user.isGM || user.id === this.author;
    }

    override async update(changes: AnyObject): Promise<this> {
      if (!this.canUserModify(world().game.user, "update")) throw new Error(`User ${world().game.user.id} lacks permission to update ChatMessage ${this.id}`);
      const { rolls, ...rest } = changes;
      if (rolls !== undefined) this.rolls = throughJson(rolls);
      await super.update(rest);
      world().Hooks.callAll("updateChatMessage", this, changes, {}, world().game.user.id);
      return this;
    }

    /** The message as the chat log shows it to the current user. */
    async renderHTML(): Promise<HTMLElement> {
      const li = document.createElement("li");
      li.className = "chat-message message";
      li.dataset.messageId = this.id;
      const content = document.createElement("div");
      content.className = "message-content";
      const probe = document.createElement("div");
      probe.innerHTML = this.content;
      // As Foundry: content without markup of its own is replaced by the rolls' HTML.
      const isPrivate = !this.isContentVisible;
      content.innerHTML = !probe.childElementCount && this.isRoll ? (await Promise.all(this.rolls.map((r) => r.render({ isPrivate })))).join("") : this.content;
      li.append(content);
      world().Hooks.callAll("renderChatMessageHTML", this, li, {});
      return li;
    }

    static getSpeaker({ actor = null, alias }: { actor?: { id: string; name: string } | null; alias?: string } = {}): AnyObject {
      return { scene: null, token: null, actor: actor?.id ?? null, alias: alias ?? actor?.name ?? world().game.user.name };
    }

    static getWhisperRecipients(name: string): UserLike[] {
      return name.toLowerCase() === "gm" ? world().game.users.filter((u) => u.isGM) : world().game.users.filter((u) => u.name === name);
    }
  }

  if (generation >= 14) {
    Object.assign(ChatMessage, {
      applyMode(data: AnyObject, mode: string): AnyObject {
        if (!V14_MESSAGE_MODES.includes(mode)) throw new Error(`"${mode}" is not a v14 message mode`);
        return applyVisibility(data, mode);
      },
    });
  } else {
    Object.assign(ChatMessage, {
      applyRollMode(data: AnyObject, mode: string): AnyObject {
        if (!V13_ROLL_MODES.includes(mode)) throw new Error(`"${mode}" is not a v13 roll mode`);
        return applyVisibility(data, mode.replace(/roll$/, ""));
      },
    });
  }
  return ChatMessage;
}

/**
 * The core setting holding the user's chosen visibility: `core.rollMode` on v13; on v14
 * `core.messageMode`, while the old key still exists and reads back null. Not shown in the
 * settings window (`config: false`).
 */
export function registerCoreVisibilitySettings(settings: SettingsDouble, generation: 13 | 14): void {
  if (generation >= 14) {
    settings.register("core", "messageMode", { scope: "client", config: false, type: String, default: "public", choices: Object.fromEntries(V14_MESSAGE_MODES.map((m) => [m, m])) });
    settings.register("core", "rollMode", { scope: "client", config: false, type: String, default: null });
  } else {
    settings.register("core", "rollMode", { scope: "client", config: false, type: String, default: "publicroll", choices: Object.fromEntries(V13_ROLL_MODES.map((m) => [m, m])) });
  }
}
