import { Roll } from "./dice";
import type { ActingUser, DocumentAction, DocumentDouble, PermissionRule } from "./documents";
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
  users: { filter(fn: (u: UserLike) => boolean): UserLike[]; get(id: string): UserLike | undefined };
  actors: { get(id: string): { name: string } | undefined };
}

function world(): {
  game: GameLike;
  Hooks: HooksDouble;
  foundry: { utils: { logCompatibilityWarning(message: string): void } };
} {
  return globalThis as unknown as {
    game: GameLike;
    Hooks: HooksDouble;
    foundry: { utils: { logCompatibilityWarning(message: string): void } };
  };
}

function warnDeprecated(message: string): void {
  world().foundry.utils.logCompatibilityWarning(
    `${message} Deprecated since Version 14. Backwards-compatible support will be removed in Version 16`,
  );
}

/** What crosses the network: Foundry stores rolls as JSON and every client rebuilds them by class name. */
function throughJson(rolls: unknown): Roll[] {
  return ((rolls as (Roll | AnyObject)[] | undefined) ?? []).map((r) =>
    Roll.fromData(JSON.parse(JSON.stringify(r instanceof Roll ? r.toJSON() : r)) as AnyObject),
  );
}

const V13_ROLL_MODES = ["publicroll", "gmroll", "blindroll", "selfroll"];
const V14_MESSAGE_MODES = ["public", "gm", "blind", "self", "ic"];
/** v14 maps the old roll modes onto message modes (`gmroll` → `gm`…). */
const V13_TO_V14: Record<string, string> = { publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self" };
const V14_TO_V13: Record<string, string> = {
  public: "publicroll",
  gm: "gmroll",
  blind: "blindroll",
  self: "selfroll",
  ic: "publicroll",
};

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
 * `visible`/`isContentVisible` as in v13, the server's author rule (below), `renderHTML` (the
 * header, then rolls rendered with `isPrivate`, then the `renderChatMessageHTML` hook),
 * `getSpeaker`, `getWhisperRecipients`, and the visibility helper of the generation:
 * `applyRollMode` with v13 roll modes, `applyMode` with v14 message modes (v14 keeps
 * `applyRollMode` as a deprecated shim that warns, JohanFalt/Foundry_WoD20#1396). Simpler than
 * Foundry: no chat log, no message styles, no flavor, no timestamp.
 */
export function chatMessageDouble(Base: typeof ChatMessageDouble, generation: 13 | 14): typeof ChatMessageDouble {
  /** Any user may post as themself, a GM as anyone; only the author or a GM may change or delete. */
  const authorOrGm = (user: ActingUser, doc: DocumentDouble): boolean =>
    user.isGM || (doc as ChatMessage).authorId === user.id;

  class ChatMessage extends Base {
    /**
     * BaseChatMessage's rules: a message is created as its own author ("User lacks permission to
     * create ChatMessage" otherwise), updated and deleted by its author or a GM
     * (Miskatonic-Investigative-Society/CoC7-FoundryVTT#117: "lacks permission to update ChatMessage").
     */
    static override permissions: Record<DocumentAction, PermissionRule> = {
      create: authorOrGm,
      update: authorOrGm,
      delete: authorOrGm,
    };
    /** The author's id, as stored (`_source.author`). */
    authorId: string;

    constructor(data: AnyObject, options: { parent?: DocumentDouble | null } = {}) {
      super({ ...data, rolls: throughJson(data.rolls) }, options);
      this.authorId = String(data.author ?? world().game.user.id);
    }

    /**
     * The author is a ForeignDocumentField: the document reads it as the User, the source keeps
     * its id (API v13 ChatMessage#author, "The User who created the chat message").
     */
    get author(): { id: string; name: string } | undefined {
      return world().game.users.get(this.authorId);
    }

    /** The author owns their message (foundryvtt/foundryvtt#11250); others have no ownership. */
    override testUserPermission(
      user: { id: string; isGM?: boolean },
      level: Parameters<DocumentDouble["testUserPermission"]>[1],
    ): boolean {
      return user.id === this.authorId || super.testUserPermission(user, level);
    }

    get isAuthor(): boolean {
      return world().game.user.id === this.authorId;
    }

    get isRoll(): boolean {
      return this.rolls.length > 0;
    }

    /** Foundry's `alias`: the speaker's alias, else its actor's name, else the author's name. */
    get alias(): string {
      const alias = this.speaker.alias as string | undefined;
      const actor = typeof this.speaker.actor === "string" ? world().game.actors.get(this.speaker.actor) : undefined;
      return alias ?? actor?.name ?? this.author?.name ?? "";
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

    override toObject(): AnyObject {
      return { ...super.toObject(), author: this.authorId };
    }

    /** Rolls in a change arrive as JSON and are rebuilt, as on every client. */
    protected override _applyChanges(changed: AnyObject): void {
      const { rolls, ...rest } = changed;
      if (rolls !== undefined) this.rolls = throughJson(rolls);
      super._applyChanges(rest);
    }

    /**
     * The message as the chat log shows it to the current user, in v13's markup: an
     * `li.chat-message` whose `header.message-header` names the sender (`h4.message-sender`)
     * and, for a whispered message without rolls, its recipients (`span.whisper-to`, "To:
     * names"), then `div.message-content`. As Foundry renders roll messages (ChatMessage#alias,
     * API v13: a User's name for whispers): their recipients are not listed, and a reader who
     * may not see the rolls gets them drawn privately under the author's user name instead of
     * the speaker. Simpler than Foundry: the "To" is core's English string.
     */
    async renderHTML(): Promise<HTMLElement> {
      const li = document.createElement("li");
      li.className = "chat-message message";
      if (this.whisper.length) li.classList.add("whisper");
      if (this.blind) li.classList.add("blind");
      li.dataset.messageId = this.id;
      const isPrivate = !this.isContentVisible;
      const sender = isPrivate ? (this.author?.name ?? "") : this.alias;
      li.append(this.#header(sender, this.whisper.length > 0 && !this.isRoll));
      const content = document.createElement("div");
      content.className = "message-content";
      const probe = document.createElement("div");
      probe.innerHTML = this.content;
      // As Foundry: private rolls, or content without markup of its own, show the rolls' HTML.
      const showRolls = this.isRoll && (isPrivate || !probe.childElementCount);
      content.innerHTML = showRolls
        ? (await Promise.all(this.rolls.map((r) => r.render({ isPrivate })))).join("")
        : this.content;
      li.append(content);
      world().Hooks.callAll("renderChatMessageHTML", this, li, {});
      return li;
    }

    #header(senderName: string, listRecipients: boolean): HTMLElement {
      const header = document.createElement("header");
      header.className = "message-header";
      const sender = document.createElement("h4");
      sender.className = "message-sender";
      sender.textContent = senderName;
      header.append(sender);
      if (listRecipients) {
        const to = document.createElement("span");
        to.className = "whisper-to";
        const names = this.whisper.map((id) => world().game.users.get(id)?.name ?? id);
        to.textContent = `To: ${names.join(", ")}`;
        header.append(to);
      }
      return header;
    }

    static getSpeaker({
      actor = null,
      alias,
    }: { actor?: { id: string; name: string } | null; alias?: string } = {}): AnyObject {
      return {
        scene: null,
        token: null,
        actor: actor?.id ?? null,
        alias: alias ?? actor?.name ?? world().game.user.name,
      };
    }

    static getWhisperRecipients(name: string): UserLike[] {
      return name.toLowerCase() === "gm"
        ? world().game.users.filter((u) => u.isGM)
        : world().game.users.filter((u) => u.name === name);
    }
  }

  if (generation >= 14) {
    Object.assign(ChatMessage, {
      applyMode(data: AnyObject, mode: string): AnyObject {
        if (!V14_MESSAGE_MODES.includes(mode)) throw new Error(`"${mode}" is not a v14 message mode`);
        return applyVisibility(data, mode);
      },
      applyRollMode(data: AnyObject, mode: string): AnyObject {
        warnDeprecated("ChatMessage.applyRollMode is deprecated in favor of ChatMessage.applyMode.");
        return applyVisibility(data, V13_TO_V14[mode] ?? "public");
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
 * `core.messageMode`, while `core.rollMode` is a deprecated shim over it that warns on every
 * read and write ("The `core.rollMode` client setting is deprecated in favor of
 * `core.messageMode`", JohanFalt/Foundry_WoD20#1395) and maps the old mode names. Not shown in
 * the settings window (`config: false`).
 */
export function registerCoreVisibilitySettings(settings: SettingsDouble, generation: 13 | 14): void {
  if (generation >= 14) {
    settings.register("core", "messageMode", {
      scope: "client",
      config: false,
      type: String,
      default: "public",
      choices: Object.fromEntries(V14_MESSAGE_MODES.map((m) => [m, m])),
    });
    const deprecation = "The `core.rollMode` client setting is deprecated in favor of `core.messageMode`.";
    settings.register("core", "rollMode", {
      scope: "client",
      config: false,
      type: String,
      shim: {
        get: () => {
          warnDeprecated(deprecation);
          return V14_TO_V13[String(settings.get("core", "messageMode"))];
        },
        set: (value) => {
          warnDeprecated(deprecation);
          return settings.set("core", "messageMode", V13_TO_V14[String(value)] ?? value);
        },
      },
    });
  } else {
    settings.register("core", "rollMode", {
      scope: "client",
      config: false,
      type: String,
      default: "publicroll",
      choices: Object.fromEntries(V13_ROLL_MODES.map((m) => [m, m])),
    });
  }
}
