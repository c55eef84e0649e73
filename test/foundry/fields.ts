/**
 * The `foundry.data.fields` the system uses, with Foundry v13's cleaning and validation order:
 * `clean` casts, rounds integers and CLAMPS numbers to min/max (as Foundry does, silently);
 * `validate` then rejects what is still wrong. Simpler than Foundry: no `_toInput`, no
 * `applyChange` for active effects, no `gmOnly` handling, and a StringField without an explicit
 * `initial` starts as "" (or null when nullable).
 */

export interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  label?: string;
  hint?: string;
  choices?: Record<string, string> | readonly (string | number)[] | (() => Record<string, string>);
  /** Called with the field as `this`, as Foundry does; may throw an Error carrying the message. */
  validate?: (
    this: DataField,
    value: unknown,
    options: { partial?: boolean },
  ) => boolean | undefined | ValidationFailure;
  validationError?: string;
  readonly?: boolean;
  [other: string]: unknown;
}

export class ValidationFailure {
  constructor(public message: string) {}
}

export class DataField {
  options: FieldOptions;
  name = "";
  parent: DataField | null = null;
  label = "";
  hint = "";

  constructor(options: FieldOptions = {}) {
    this.options = { required: false, nullable: false, ...this.defaults(), ...options };
    this.label = options.label ?? "";
    this.hint = options.hint ?? "";
  }

  protected defaults(): FieldOptions {
    return {};
  }

  get required(): boolean {
    return Boolean(this.options.required);
  }
  get nullable(): boolean {
    return Boolean(this.options.nullable);
  }
  get initial(): unknown {
    return this.options.initial;
  }
  get choices(): FieldOptions["choices"] {
    return this.options.choices;
  }

  /** Dotted path from the model root, as Foundry's `fieldPath`. */
  get fieldPath(): string {
    const parentPath = this.parent?.fieldPath;
    return parentPath ? `${parentPath}.${this.name}` : this.name;
  }

  getInitialValue(data?: unknown): unknown {
    const initial = this.options.initial;
    return typeof initial === "function" ? (initial as (d: unknown) => unknown)(data) : structuredClone(initial);
  }

  /**
   * Foundry's `DataField#clean`: a null is kept only where the field is nullable; elsewhere it is
   * treated as missing and replaced by the field's initial value, even in a partial update
   * (a present key is always cleaned).
   */
  clean(value: unknown, options: { partial?: boolean } = {}): unknown {
    if (value === null) return this.nullable ? null : this.getInitialValue();
    if (value === undefined) return options.partial ? undefined : this.getInitialValue();
    return this.cleanType(this.cast(value), options);
  }

  protected cast(value: unknown): unknown {
    return value;
  }

  protected cleanType(value: unknown, _options: { partial?: boolean }): unknown {
    return value;
  }

  /** Returns the failures found, keyed by field path; empty when valid. */
  validate(value: unknown, options: { partial?: boolean } = {}): Record<string, string> {
    const path = this.fieldPath || this.name;
    if (value === undefined) {
      return this.required && !options.partial ? { [path]: "may not be undefined" } : {};
    }
    if (value === null) return this.nullable ? {} : { [path]: "may not be null" };
    // Foundry's StringField accepts "" before looking at choices when the field allows blanks.
    if (value === "" && this instanceof StringField && this.options.blank) return {};
    const choices = this.resolvedChoices();
    if (choices && !choices.includes(String(value))) {
      return { [path]: `${JSON.stringify(value)} is not a valid choice` };
    }
    const typeError = this.validateType(value, options);
    if (typeof typeError === "string") return { [path]: typeError };
    if (typeError) return typeError;
    // Like Foundry, a custom validator may return true/false, a failure, or throw an Error whose
    // message becomes the failure's message.
    let custom: ReturnType<NonNullable<FieldOptions["validate"]>>;
    try {
      custom = this.options.validate?.call(this, value, options);
    } catch (error) {
      return { [path]: error instanceof Error ? error.message : String(error) };
    }
    if (custom instanceof ValidationFailure) return { [path]: custom.message };
    if (custom === false) return { [path]: this.options.validationError ?? "is not valid" };
    return {};
  }

  protected validateType(
    _value: unknown,
    _options: { partial?: boolean },
  ): string | Record<string, string> | undefined {
    return undefined;
  }

  protected resolvedChoices(): string[] | undefined {
    const choices = typeof this.options.choices === "function" ? this.options.choices() : this.options.choices;
    if (!choices) return undefined;
    return Array.isArray(choices) ? choices.map(String) : Object.keys(choices);
  }
}

export class StringField extends DataField {
  protected override defaults(): FieldOptions {
    return { blank: true, trim: true };
  }
  override getInitialValue(data?: unknown): unknown {
    if (this.options.initial !== undefined) return super.getInitialValue(data);
    return this.nullable ? null : "";
  }
  protected override cast(value: unknown): unknown {
    return String(value);
  }
  protected override cleanType(value: unknown): unknown {
    return this.options.trim && typeof value === "string" ? value.trim() : value;
  }
  protected override validateType(value: unknown): string | undefined {
    if (typeof value !== "string") return "must be a string";
    if (!this.options.blank && value === "") return "may not be a blank string";
  }
}

export class HTMLField extends StringField {}

export class BooleanField extends DataField {
  protected override defaults(): FieldOptions {
    return { initial: false };
  }
  protected override cast(value: unknown): unknown {
    if (typeof value === "string") return value === "true";
    return Boolean(value);
  }
  protected override validateType(value: unknown): string | undefined {
    if (typeof value !== "boolean") return "must be a boolean";
  }
}

export class NumberField extends DataField {
  protected override defaults(): FieldOptions {
    return { nullable: true, initial: null, integer: false, positive: false };
  }
  get min(): number | undefined {
    return this.options.min as number | undefined;
  }
  get max(): number | undefined {
    return this.options.max as number | undefined;
  }
  protected override cast(value: unknown): unknown {
    return this.nullable && value === "" ? null : Number(value);
  }
  protected override cleanType(value: unknown): unknown {
    if (typeof value !== "number") return value;
    let n = value;
    if (this.options.integer) n = Math.round(n);
    if (Number.isFinite(this.min)) n = Math.max(n, this.min as number);
    if (Number.isFinite(this.max)) n = Math.min(n, this.max as number);
    return n;
  }
  protected override validateType(value: unknown): string | undefined {
    if (typeof value !== "number" || Number.isNaN(value)) return "must be a number";
    if (this.options.positive && value <= 0) return "must be a positive number";
    if (Number.isFinite(this.min) && value < (this.min as number)) return `must be at least ${this.min}`;
    if (Number.isFinite(this.max) && value > (this.max as number)) return `must be at most ${this.max}`;
    if (this.options.integer && !Number.isInteger(value)) return "must be an integer";
  }
}

export type SchemaFields = Record<string, DataField>;

export class SchemaField extends DataField {
  readonly fields: SchemaFields;

  constructor(fields: SchemaFields, options: FieldOptions = {}) {
    super({ required: true, nullable: false, ...options });
    this.fields = fields;
    for (const [name, field] of Object.entries(fields)) {
      field.name = name;
      field.parent = this;
    }
  }

  override getInitialValue(data?: unknown): unknown {
    if (this.options.initial !== undefined) return super.getInitialValue(data);
    return Object.fromEntries(Object.entries(this.fields).map(([k, f]) => [k, f.getInitialValue()]));
  }

  protected override cleanType(value: unknown, options: { partial?: boolean }): unknown {
    if (value === null || typeof value !== "object") return value;
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(this.fields)) {
      if (options.partial && !(name in source)) continue;
      out[name] = field.clean(source[name], options);
    }
    return out;
  }

  protected override validateType(
    value: unknown,
    options: { partial?: boolean },
  ): string | Record<string, string> | undefined {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return "must be an object";
    const source = value as Record<string, unknown>;
    const failures: Record<string, string> = {};
    for (const [name, field] of Object.entries(this.fields)) {
      if (options.partial && !(name in source)) continue;
      Object.assign(failures, field.validate(source[name], options));
    }
    return Object.keys(failures).length ? failures : undefined;
  }

  /** Foundry's `getField`: a nested field by dotted path. */
  getField(path: string): DataField | undefined {
    const [head, ...rest] = path.split(".");
    const field = head === undefined ? undefined : this.fields[head];
    if (!rest.length || !field) return field;
    return field instanceof SchemaField ? field.getField(rest.join(".")) : undefined;
  }
}

export class ArrayField extends DataField {
  constructor(
    readonly element: DataField,
    options: FieldOptions = {},
  ) {
    super({ required: true, initial: () => [], ...options });
    element.name = "element";
    element.parent = this;
  }
  protected override cast(value: unknown): unknown {
    return Array.isArray(value) ? value : [value];
  }
  protected override cleanType(value: unknown): unknown {
    return (value as unknown[]).map((v) => this.element.clean(v));
  }
  /** Its length bounded by the options `min` and `max` (API v13/v14 ArrayFieldOptions: the number of elements). */
  protected override validateType(value: unknown): string | Record<string, string> | undefined {
    if (!Array.isArray(value)) return "must be an array";
    const { min, max } = this.options as { min?: number; max?: number };
    if (min !== undefined && value.length < min) return `cannot have fewer than ${min} elements`;
    if (max !== undefined && value.length > max) return `cannot have more than ${max} elements`;
    const failures: Record<string, string> = {};
    value.forEach((v, i) => {
      for (const [path, message] of Object.entries(this.element.validate(v))) {
        failures[path.replace(/element$|element\./, `${i}.`).replace(/\.$/, "")] = message;
      }
    });
    return Object.keys(failures).length ? failures : undefined;
  }
}
