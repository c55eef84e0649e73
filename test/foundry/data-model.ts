import type { SchemaFields } from "./fields";
import { SchemaField } from "./fields";

/** Thrown like Foundry's DataModelValidationError, with every failure listed by path. */
export class DataModelValidationError extends Error {
  constructor(
    readonly modelName: string,
    readonly failures: Record<string, string>,
  ) {
    super(`${modelName} validation errors:\n${Object.entries(failures).map(([p, m]) => `  ${p}: ${m}`).join("\n")}`);
  }

  /** Foundry v13's flattened failures by path, each with its `message`. */
  getAllFailures(): Record<string, { message: string }> {
    return Object.fromEntries(Object.entries(this.failures).map(([path, message]) => [path, { message }]));
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
    out[key] = isPlainObject(value) && isPlainObject(out[key]) ? mergeObject(out[key] as AnyObject, value) : structuredClone(value);
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
    const data = options.clean ? (this.constructor as typeof DataModel).cleanData(expandObject(given), { partial }) : given;
    const failures = this.schema.validate(data, { partial });
    if (options.strict && Object.keys(failures).length) throw new DataModelValidationError(this.constructor.name, failures);
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
}
