import { describe, expect, it, vi } from "vitest";
import { updateSystem } from "./write";

/** The typed write: the compiler checks a patch against the data model's source; Foundry gets `{system}`. */

describe("updateSystem", () => {
  it("sends the patch under `system`, as one update Foundry merges", async () => {
    const update = vi.fn(async () => undefined);
    const actor = { system: { _source: { destiny: 0, wounds: { value: 0 } } }, update };
    await updateSystem(actor, { wounds: { value: 3 } });
    expect(update).toHaveBeenCalledExactlyOnceWith({ system: { wounds: { value: 3 } } });
  });
});

// Checked by `npm run typecheck`, never run: each write must fail to compile, or tsc reports the
// unused @ts-expect-error.
export function patchesTheCompilerRefuses(): unknown[] {
  const actor = { system: { _source: { destiny: 0, wounds: { value: 0 } } }, update: async () => undefined };
  return [
    // @ts-expect-error `max` is derived, not stored
    updateSystem(actor, { wounds: { max: 3 } }),
    // @ts-expect-error a misspelt key
    updateSystem(actor, { destinyy: 2 }),
    // @ts-expect-error a number field
    updateSystem(actor, { destiny: "2" }),
  ];
}
