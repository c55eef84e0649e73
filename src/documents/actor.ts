import { restrictTypes } from "./rulesets";

type CreateDialogArgs = Parameters<typeof Actor.createDialog>;

/** The system's Actor: its creation dialog offers only the types of the rule sets played. */
export class WuxiaHarmoniesActor extends Actor {
  static override async createDialog(...[data, createOptions, context, ...rest]: CreateDialogArgs) {
    const requested = (context as { types?: string[] } | undefined)?.types;
    // fvtt-types 13.345 types `types` as undefined, though Foundry v13 and v14 take it here.
    const options = { ...context, types: restrictTypes("Actor", requested) } as unknown as CreateDialogArgs[2];
    return super.createDialog(data, createOptions, options, ...rest);
  }
}
