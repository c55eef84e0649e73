/**
 * Hooks called with names or arguments Foundry's typed hook list does not have: the system's own
 * hooks, and core's combat hooks with v13's `{direction, worldTime}` options (the types still
 * describe the older `advanceTime`).
 */
export const untypedHooks = Hooks as unknown as {
  call(name: string, ...args: unknown[]): boolean;
  callAll(name: string, ...args: unknown[]): true;
};
