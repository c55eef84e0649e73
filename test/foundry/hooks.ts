/** A handler may declare the arguments it expects, as with Foundry's typed hooks. */
type HookFn = (...args: never[]) => unknown;
type Call = (...args: unknown[]) => unknown;

/** Foundry's `Hooks`: named events with `on`/`once`/`off`, `call` (stoppable) and `callAll`. */
export class HooksDouble {
  #events = new Map<string, { fn: HookFn; once: boolean; id: number }[]>();
  #nextId = 1;

  on(name: string, fn: HookFn): number {
    return this.#add(name, fn, false);
  }

  once(name: string, fn: HookFn): number {
    return this.#add(name, fn, true);
  }

  off(name: string, fnOrId: HookFn | number): void {
    const list = this.#events.get(name) ?? [];
    this.#events.set(
      name,
      list.filter((h) => h.fn !== fnOrId && h.id !== fnOrId),
    );
  }

  /** Runs every handler; like Foundry, a handler returning `false` stops the chain. */
  call(name: string, ...args: unknown[]): boolean {
    for (const hook of this.#take(name)) {
      if ((hook.fn as Call)(...args) === false) return false;
    }
    return true;
  }

  callAll(name: string, ...args: unknown[]): true {
    for (const hook of this.#take(name)) (hook.fn as Call)(...args);
    return true;
  }

  /** Not in Foundry: lets tests see what the system listens to. */
  registered(name: string): number {
    return this.#events.get(name)?.length ?? 0;
  }

  #add(name: string, fn: HookFn, once: boolean): number {
    const id = this.#nextId++;
    const list = this.#events.get(name) ?? [];
    list.push({ fn, once, id });
    this.#events.set(name, list);
    return id;
  }

  #take(name: string): { fn: HookFn; once: boolean; id: number }[] {
    const list = this.#events.get(name) ?? [];
    this.#events.set(
      name,
      list.filter((h) => !h.once),
    );
    return list;
  }
}
