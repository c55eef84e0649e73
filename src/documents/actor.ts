import { createDialogContext } from "../foundry/documents";
import { restrictTypes } from "./rulesets";

type CreateDialogArgs = Parameters<typeof Actor.createDialog>;

/** The system's Actor: its creation dialog offers only the types of the rule sets played. */
export class WuxiaHarmoniesActor extends Actor {
  static override async createDialog(...[data, createOptions, context, ...rest]: CreateDialogArgs) {
    const requested = (context as { types?: string[] } | undefined)?.types;
    const options = createDialogContext(context, restrictTypes("Actor", requested));
    return super.createDialog(data, createOptions, options, ...rest);
  }
}
