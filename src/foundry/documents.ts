/** Narrowing guards: an actor or item of one of the system's types, with its data model's `system`. */

export function isGroup(actor: Actor.Implementation): actor is Actor.OfType<"group"> {
  return actor.type === "group";
}

/**
 * A document creation dialog's context offering only these types. Foundry v13 and v14 read
 * `types` there (API `Document.createDialog`); fvtt-types 13.345 types it as undefined.
 */
export function createDialogContext<C>(context: C | undefined, types: string[]): C {
  return { ...context, types } as unknown as C;
}

/** An item of one of these types, with its data model's `system`. */
export function isItemOfType<T extends Item.SubType>(
  item: Item.Implementation,
  types: readonly T[],
): item is Item.OfType<T> {
  return (types as readonly string[]).includes(item.type);
}

/** The document a UUID names (core's `fromUuid`), from a UUID kept as text in a record or a payload. */
export function documentAt(uuid: string): ReturnType<typeof fromUuid> {
  return fromUuid(uuid as Parameters<typeof fromUuid>[0]);
}

/** The document a UUID names, if this client holds it (core's `fromUuidSync`). */
export function documentAtSync(uuid: string): ReturnType<typeof fromUuidSync> {
  return fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]);
}
