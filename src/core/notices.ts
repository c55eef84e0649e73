/**
 * Warns this client's user with a message whose placeholders hold names someone else chose (an
 * actor's, a user's): Foundry fills the key's placeholders itself and escapes each value
 * (NotificationOptions `format` and `escape`, API v13/v14), so markup in a name shows as text.
 */
export function warnWithNames(key: string, names: Record<string, string>): void {
  ui.notifications?.warn(key, { localize: true, format: names, escape: true });
}
