import { roundTrip } from "./clients";
import { TokenDocumentDouble } from "./combat";
import { mergeObject } from "./data-model";
import { CollectionDouble, DocumentDouble, userCan } from "./documents";
import type { DocumentAction, PermissionRule } from "./documents";

type AnyObject = Record<string, unknown>;

/**
 * The core permissions placing and removing tokens take, with their default roles (the world's
 * `core.permissions`, CONST.USER_PERMISSIONS, API v13/v14): Create New Tokens and Delete Tokens
 * are an assistant's (3) and a GM's, so a plain player may do neither until the GM grants it
 * (foundryvtt/foundryvtt#10976: a player without them cannot even be teleported between scenes).
 */
export const TOKEN_PERMISSIONS = { TOKEN_CREATE: 3, TOKEN_DELETE: 3 } as const;

/** What a scene was asked to write: one entry per `createEmbeddedDocuments`/`deleteEmbeddedDocuments` call. */
export interface SceneRequest {
  sceneId: string;
  action: "create" | "delete";
  count: number;
  userId: string;
}

/** Not in Foundry: the requests scenes received, for tests counting round trips. */
export const sceneRequests: SceneRequest[] = [];

function world(): AnyObject & { game: AnyObject & { user: { id: string } } } {
  return globalThis as unknown as AnyObject & { game: AnyObject & { user: { id: string } } };
}

/**
 * A Token on a scene (TokenDocument, API v13): `x`, `y` (its top-left corner in pixels),
 * `width`/`height` (in grid spaces), `hidden`, `flags`, its actor (see TokenDocumentDouble: a
 * synthetic actor when unlinked), `parent` its Scene. BaseToken's permissions: creating one takes
 * TOKEN_CREATE, deleting one TOKEN_DELETE, updating it its actor's ownership. Simpler than
 * Foundry: no movement, elevation, vision, light, bars or detection; no actor delta is written
 * back; `object` is a stand-in for the canvas Token (`document`, `id`, `name`, `actor`).
 */
export class SceneTokenDouble extends TokenDocumentDouble {
  static override permissions: Record<DocumentAction, PermissionRule> = {
    create: (user) => userCan(user, "TOKEN_CREATE"),
    update: (user, doc) => doc.testUserPermission(user, "OWNER"),
    delete: (user) => userCan(user, "TOKEN_DELETE"),
  };
  x: number;
  y: number;
  width: number;
  height: number;
  hidden: boolean;
  #object: { document: SceneTokenDouble; id: string; name: string; actor: unknown } | null = null;

  constructor(data: AnyObject, options: { parent?: SceneDouble | null } = {}) {
    super(options.parent ? { ...data, sceneId: options.parent.id } : data);
    this.parent = options.parent ?? null;
    this.x = Number(data.x ?? 0);
    this.y = Number(data.y ?? 0);
    this.width = Number(data.width ?? 1);
    this.height = Number(data.height ?? 1);
    this.hidden = Boolean(data.hidden);
  }

  /** TokenDocument#scene: the Scene holding it (its parent). */
  get scene(): SceneDouble | null {
    return this.parent instanceof SceneDouble ? this.parent : null;
  }

  /** TokenDocument#object: the Token placeable drawn for it (the same object while it exists). */
  get object(): { document: SceneTokenDouble; id: string; name: string; actor: unknown } {
    this.#object ??= { document: this, id: this.id, name: this.name, actor: this.actor };
    return this.#object;
  }

  override toObject(): AnyObject {
    return {
      ...super.toObject(),
      actorId: this.actorId,
      actorLink: this.actorLink,
      texture: { ...this.texture },
      x: this.x,
      y: this.y,
      width: this.width,
      height: this.height,
      hidden: this.hidden,
    };
  }
}

/**
 * Actor#getTokenDocument(data) (API v13/v14: "a new Token document, not yet saved to the
 * database, which represents the Actor", `data` such as x, y, rotation): the actor's prototype
 * token with the actor's id, merged with the data given. Simpler than Foundry: no random images,
 * no wildcard, no parent unless one is passed.
 */
export function tokenDocumentOf(
  actor: DocumentDouble & { prototypeToken: AnyObject },
  data: AnyObject = {},
  options: { parent?: SceneDouble | null } = {},
): SceneTokenDouble {
  const prototype = { texture: { src: actor.img }, ...structuredClone(actor.prototypeToken), actorId: actor.id };
  return new SceneTokenDouble(mergeObject(prototype, data), options);
}

/**
 * A Scene (BaseScene, API v13): its `tokens`, `grid.size` (pixels per grid space), `width`,
 * `height`, `padding` and `dimensions` (Scene#dimensions: `sceneX`/`sceneY`, where the scene's
 * image starts inside the padding, `sceneWidth`/`sceneHeight`, the whole canvas `width`/`height`,
 * `size`). Creating, updating and deleting a scene is an assistant's or a GM's (the default
 * document permissions). Tokens are written through `createEmbeddedDocuments("Token", data)` and
 * `deleteEmbeddedDocuments("Token", ids)`, each token through its own creation or deletion
 * workflow and permission (a refused user writes nothing: the rule is the user's, so the first
 * token is refused). As in Foundry, a created token takes a new id unless `keepId` is asked.
 * Simpler than Foundry: only Tokens are embedded; padding is rounded up to whole grid spaces on
 * each side; no levels (v14), regions, walls, lights or fog; `sceneRequests` records each call.
 */
export class SceneDouble extends DocumentDouble {
  static override documentName = "Scene";
  static override collectionName = "scenes";
  static override hasFolder = true;
  tokens = new CollectionDouble<SceneTokenDouble>();
  width: number;
  height: number;
  padding: number;
  grid: { size: number };

  constructor(data: AnyObject, options: { parent?: DocumentDouble | null } = {}) {
    super(data, options);
    this.width = Number(data.width ?? 4000);
    this.height = Number(data.height ?? 3000);
    this.padding = Number(data.padding ?? 0.25);
    this.grid = { size: Number((data.grid as AnyObject | undefined)?.size ?? 100) };
    for (const token of (data.tokens as AnyObject[] | undefined) ?? [])
      this.tokens.add(new SceneTokenDouble(token, { parent: this }));
  }

  get dimensions(): {
    size: number;
    sceneX: number;
    sceneY: number;
    sceneWidth: number;
    sceneHeight: number;
    width: number;
    height: number;
  } {
    const size = this.grid.size;
    const sceneX = Math.ceil((this.width * this.padding) / size) * size;
    const sceneY = Math.ceil((this.height * this.padding) / size) * size;
    return {
      size,
      sceneX,
      sceneY,
      sceneWidth: this.width,
      sceneHeight: this.height,
      width: this.width + 2 * sceneX,
      height: this.height + 2 * sceneY,
    };
  }

  override getEmbeddedCollection(name: string): CollectionDouble<DocumentDouble> | undefined {
    return name === "Token" ? (this.tokens as unknown as CollectionDouble<DocumentDouble>) : undefined;
  }

  #assertTokens(name: string): void {
    if (name !== "Token") throw new Error(`The double embeds only Tokens in a Scene, not ${name}`);
  }

  async createEmbeddedDocuments(
    name: string,
    data: AnyObject[],
    options: { keepId?: boolean } & AnyObject = {},
  ): Promise<SceneTokenDouble[]> {
    this.#assertTokens(name);
    sceneRequests.push({ sceneId: this.id, action: "create", count: data.length, userId: world().game.user.id });
    await roundTrip();
    const created: SceneTokenDouble[] = [];
    for (const d of data) {
      const { _id, ...rest } = d;
      const source = options.keepId ? d : rest;
      const doc = await DocumentDouble._runCreation(new SceneTokenDouble(source, { parent: this }), source, options);
      if (doc) created.push(doc);
    }
    return created;
  }

  async deleteEmbeddedDocuments(name: string, ids: string[], options: AnyObject = {}): Promise<string[]> {
    this.#assertTokens(name);
    sceneRequests.push({ sceneId: this.id, action: "delete", count: ids.length, userId: world().game.user.id });
    await roundTrip();
    const deleted: string[] = [];
    for (const id of ids) {
      const doc = this.tokens.get(id);
      if (doc && (await DocumentDouble._runDeletion(doc, options))) deleted.push(id);
    }
    return deleted;
  }

  override toObject(): AnyObject {
    return {
      ...super.toObject(),
      width: this.width,
      height: this.height,
      padding: this.padding,
      grid: { ...this.grid },
      tokens: this.tokens.contents.map((t) => t.toObject()),
    };
  }
}

/**
 * The canvas, as far as the system reads it (API v13/v14 `canvas`): `ready`, `scene` (the viewed
 * Scene), `grid.size`, `dimensions`, `stage.pivot` (the canvas point at the centre of the view),
 * `tokens.controlled` (the Token placeables the user selected; a deleted token's placeable is
 * destroyed and so released) and `tokens.placeables`. Simpler than Foundry: nothing is drawn; the
 * tests choose the view and the selection (`viewScene`, `controlTokens`).
 */
export interface CanvasDouble {
  ready: boolean;
  scene: SceneDouble | null;
  readonly grid: { size: number } | null;
  readonly dimensions: SceneDouble["dimensions"] | null;
  stage: { pivot: { x: number; y: number } };
  tokens: { readonly controlled: SceneTokenDouble["object"][]; readonly placeables: SceneTokenDouble["object"][] };
}

let controlled: SceneTokenDouble[] = [];

function createCanvas(): CanvasDouble {
  return {
    ready: false,
    scene: null,
    get grid() {
      return this.scene?.grid ?? null;
    },
    get dimensions() {
      return this.scene?.dimensions ?? null;
    },
    stage: { pivot: { x: 0, y: 0 } },
    tokens: {
      get controlled() {
        return controlled.filter((t) => t.scene?.tokens.get(t.id) === t).map((t) => t.object);
      },
      get placeables() {
        const scene = (world().canvas as CanvasDouble).scene;
        return scene ? scene.tokens.contents.map((t) => t.object) : [];
      },
    },
  };
}

/** Not in Foundry: the user views a scene (the canvas draws it), the view centred on `pivot` (default: the scene's centre). */
export function viewScene(scene: SceneDouble | null, pivot?: { x: number; y: number }): CanvasDouble {
  const canvas = world().canvas as CanvasDouble;
  canvas.scene = scene;
  canvas.ready = scene !== null;
  const d = scene?.dimensions;
  canvas.stage.pivot =
    pivot ?? (d ? { x: d.sceneX + d.sceneWidth / 2, y: d.sceneY + d.sceneHeight / 2 } : { x: 0, y: 0 });
  controlled = [];
  return canvas;
}

/** Not in Foundry: the user selects these tokens on the canvas (Token#control, releasing the others). */
export function controlTokens(tokens: SceneTokenDouble[]): void {
  controlled = [...tokens];
}

/**
 * Installs `Scene`, `foundry.documents.Scene`, an empty `game.scenes`, the `canvas` (no scene
 * viewed), and the token permissions in the world's permission table; forgets earlier requests.
 */
export function growForScenes(game: AnyObject & { permissions: Record<string, number[]> }): void {
  const g = globalThis as unknown as AnyObject & { foundry: { documents: AnyObject } };
  game.scenes = new CollectionDouble<SceneDouble>();
  for (const [permission, role] of Object.entries(TOKEN_PERMISSIONS))
    game.permissions[permission] = [1, 2, 3, 4].filter((r) => r >= role);
  g.Scene = SceneDouble;
  g.foundry.documents.Scene = SceneDouble;
  g.canvas = createCanvas();
  controlled = [];
  sceneRequests.length = 0;
}
