interface UntypedHooks {
  call(name: string, ...args: unknown[]): boolean;
  callAll(name: string, ...args: unknown[]): true;
  on(name: string, fn: (...args: never[]) => unknown): number;
  once(name: string, fn: (...args: never[]) => unknown): number;
  off(name: string, id: number): void;
}

/** Core's `Hooks`, read when called: modules importing this may load before Foundry's globals exist. */
const hooks = (): UntypedHooks => Hooks as unknown as UntypedHooks;

/**
 * Hooks called with names or arguments Foundry's typed hook list does not have: the system's own
 * hooks, modules' hooks (Dice So Nice's `diceSoNiceReady`), core's v13/v14 hooks whose arguments
 * the system reads itself (the directory's menu entries, the scene controls), and core's combat
 * hooks with v13's `{direction, worldTime}` options (the types still describe the older
 * `advanceTime`).
 */
export const untypedHooks: UntypedHooks = {
  call: (name, ...args) => hooks().call(name, ...args),
  callAll: (name, ...args) => hooks().callAll(name, ...args),
  on: (name, fn) => hooks().on(name, fn),
  once: (name, fn) => hooks().once(name, fn),
  off: (name, id) => hooks().off(name, id),
};
