import type { SchemaFields } from "./fields";
import { SchemaField } from "./fields";

/**
 * Foundry's DataModelValidationFailure (foundry.data.validation, API v13/v14): a node of the
 * failure tree, with the failures of a schema's `fields` by name and of an array's `elements`
 * by index, and the `message` of a failed value. Simpler than Foundry: no invalid or fallback
 * value, no joint validation.
 */
export class DataModelValidationFailure {
  message: string | undefined;
  unresolved = true;
  fields: Record<string, DataModelValidationFailure> = {};
  elements: { id: number | string; failure: DataModelValidationFailure }[] = [];

  constructor(options: { message?: string } = {}) {
    this.message = options.message;
  }

  /** v13's name: whether this failure has no sub-failures. */
  isEmpty(): boolean {
    return Object.keys(this.fields).length === 0 && this.elements.length === 0;
  }

  /** v14's name for the same. */
  get empty(): boolean {
    return this.isEmpty();
  }

  /** The child failure at one path segment: a field by name, or an element by index. */
  child(segment: string): DataModelValidationFailure | undefined {
    return this.fields[segment] ?? this.elements.find((e) => String(e.id) === segment)?.failure;
  }
}

function generation(): number {
  return (globalThis as unknown as { game?: { release?: { generation?: number } } }).game?.release?.generation ?? 13;
}

/** The failure tree of flat `path: message` failures; a numeric segment is an array element. */
function failureTree(failures: Record<string, string>): DataModelValidationFailure {
  const root = new DataModelValidationFailure();
  for (const [path, message] of Object.entries(failures)) {
    let node = root;
    for (const segment of path.split(".")) {
      let next = node.child(segment);
      if (!next) {
        next = new DataModelValidationFailure();
        if (/^\d+$/.test(segment)) node.elements.push({ id: Number(segment), failure: next });
        else node.fields[segment] = next;
      }
      node = next;
    }
    node.message = message;
  }
  return root;
}

/**
 * Thrown like Foundry's DataModelValidationError: its message lists each failed path and why
 * ("<model> validation errors:", then "  <path>: <message>"); on v13 the root of the failure tree
 * (`getFailure(path)`) and `getAllFailures()`, the failures flattened by path. v14's API page lists
 * neither `getFailure` nor the tree (API v14 DataModelValidationError: asHTML, logAsTable), and its
 * `getAllFailures()` returns `{}` (foundryvtt/foundryvtt#14489): on generation 14 only the message
 * says what failed.
 */
export class DataModelValidationError extends Error {
  readonly failure: DataModelValidationFailure;

  constructor(
    readonly modelName: string,
    readonly failures: Record<string, string>,
  ) {
    super(
      `${modelName} validation errors:\n${Object.entries(failures)
        .map(([p, m]) => `  ${p}: ${m}`)
        .join("\n")}`,
    );
    this.failure = failureTree(failures);
    if (generation() >= 14) Object.defineProperty(this, "getFailure", { value: undefined });
  }

  /** The root failure, or the sub-failure at a dotted path. */
  getFailure(path?: string): DataModelValidationFailure | undefined {
    if (!path) return this.failure;
    let node: DataModelValidationFailure | undefined = this.failure;
    for (const segment of path.split(".")) node = node?.child(segment);
    return node;
  }

  /** The failed values' failures by path; empty on generation 14. */
  getAllFailures(): Record<string, DataModelValidationFailure> {
    if (generation() >= 14) return {};
    return Object.fromEntries(
      Object.keys(this.failures).map((path) => [path, this.getFailure(path) as DataModelValidationFailure]),
    );
  }
}

type AnyObject = Record<string, unknown>;

function isPlainObject(v: unknown): v is AnyObject {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** Foundry's `expandObject`: `{"a.b": 1}` → `{a: {b: 1}}`. */
export function expandObject(obj: AnyObject): AnyObject {
  const out: AnyObject = {};
  for (const [key, value] of Object.entries(obj)) {
    const parts = key.split(".");
    let node = out;
    parts.slice(0, -1).forEach((p) => {
      if (!isPlainObject(node[p])) node[p] = {};
      node = node[p] as AnyObject;
    });
    node[parts[parts.length - 1] as string] = isPlainObject(value) ? expandObject(value) : value;
  }
  return out;
}

/** Foundry's `mergeObject` for plain data (inserting keys, overwriting leaves, `-=key` deletes). */
export function mergeObject(target: AnyObject, changes: AnyObject): AnyObject {
  const out: AnyObject = structuredClone(target);
  for (const [key, value] of Object.entries(expandObject(changes))) {
    if (key.startsWith("-=")) {
      Reflect.deleteProperty(out, key.slice(2));
      continue;
    }
    out[key] =
      isPlainObject(value) && isPlainObject(out[key])
        ? mergeObject(out[key] as AnyObject, value)
        : structuredClone(value);
  }
  return out;
}

/**
 * `foundry.abstract.DataModel`: `migrateData` → `cleanData` → `validate` on construction, the
 * cleaned source copied onto the instance, `updateSource` and `toObject`. Simpler than Foundry:
 * no fallback mode for invalid documents (construction throws), and fields are copied onto the
 * instance as plain data rather than through field `initialize` (no model-typed sub-fields).
 */
export class DataModel {
  static LOCALIZATION_PREFIXES: string[] = [];
  static #schemas = new WeakMap<object, SchemaField>();

  _source: AnyObject;
  parent: unknown;

  static defineSchema(): SchemaFields {
    return {};
  }

  static get schema(): SchemaField {
    let schema = DataModel.#schemas.get(this);
    if (!schema) {
      schema = new SchemaField(this.defineSchema());
      DataModel.#schemas.set(this, schema);
    }
    return schema;
  }

  static migrateData(source: AnyObject): AnyObject {
    return source;
  }

  static cleanData(source: AnyObject = {}, options: { partial?: boolean } = {}): AnyObject {
    return this.schema.clean(source, options) as AnyObject;
  }

  constructor(data: AnyObject = {}, options: { parent?: unknown } = {}) {
    this.parent = options.parent ?? null;
    const ctor = this.constructor as typeof DataModel;
    const migrated = ctor.migrateData(structuredClone(data)) ?? data;
    this._source = ctor.cleanData(migrated);
    this.#throwIfInvalid(this._source);
    this._initialize();
  }

  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }

  protected _initialize(): void {
    Object.assign(this, structuredClone(this._source));
  }

  /**
   * Foundry's `validate`: with `clean`, the changes are cleaned first (as a form's strings are);
   * with `strict`, a failure throws the DataModelValidationError. Simpler than Foundry: `strict`
   * is off unless asked for (Foundry's default is on), no joint validation.
   */
  validate(options: { changes?: AnyObject; clean?: boolean; strict?: boolean } = {}): boolean {
    const partial = Boolean(options.changes);
    const given = options.changes ?? this._source;
    const data = options.clean
      ? (this.constructor as typeof DataModel).cleanData(expandObject(given), { partial })
      : given;
    const failures = this.schema.validate(data, { partial });
    if (options.strict && Object.keys(failures).length)
      throw new DataModelValidationError(this.constructor.name, failures);
    return Object.keys(failures).length === 0;
  }

  /** Applies a (possibly dotted) change set after cleaning and validating it; returns the diff. */
  updateSource(changes: AnyObject = {}): AnyObject {
    const ctor = this.constructor as typeof DataModel;
    const expanded = expandObject(changes);
    const cleanedChanges = ctor.cleanData(expanded, { partial: true });
    const candidate = ctor.cleanData(mergeObject(this._source, cleanedChanges));
    this.#throwIfInvalid(candidate);
    this._source = candidate;
    this._initialize();
    return cleanedChanges;
  }

  toObject(): AnyObject {
    return structuredClone(this._source);
  }

  #throwIfInvalid(source: AnyObject): void {
    const failures = this.schema.validate(source);
    if (Object.keys(failures).length) throw new DataModelValidationError(this.constructor.name, failures);
  }
}

/** `foundry.abstract.TypeDataModel`: the `system` of a sub-typed document. */
export class TypeDataModel extends DataModel {
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
  /** Called before its document is created; may change the source with `updateSource`. */
  async _preCreate(_data: AnyObject, _options: AnyObject, _user: unknown): Promise<boolean | undefined> {
    return undefined;
  }
  /** Called on the writing client before its document is updated; may change `changes` or return false. */
  async _preUpdate(_changes: AnyObject, _options: AnyObject, _user: unknown): Promise<boolean | undefined> {
    return undefined;
  }
}
