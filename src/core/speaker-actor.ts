/**
 * The actor a user acts as when none is named: the first token they control on the canvas,
 * else their own character. `canvas` is read from globalThis because it is absent until a
 * scene is drawn (and in the sidebar-only views).
 */
export function speakerActor(): Actor.Implementation | null {
  const canvas = (globalThis as { canvas?: { tokens?: { controlled?: { actor: Actor.Implementation | null }[] } } })
    .canvas;
  return canvas?.tokens?.controlled?.[0]?.actor ?? (game.user.character as Actor.Implementation | null) ?? null;
}
