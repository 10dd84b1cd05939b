import type { UpdateStanding } from '@stickerdrop/core';

/**
 * The standing read once for an update as it arrives (`handleEachUpdateOnce`), kept for the middleware
 * after it: the ban check and the language negotiation answer from it instead of reading again.
 */
const standings = new WeakMap<object, UpdateStanding>();

export function keepStanding(ctx: object, standing: UpdateStanding): void {
  standings.set(ctx, standing);
}

/** The update's standing when it was read on its arrival; undefined when no middleware read it. */
export function standingOf(ctx: object): UpdateStanding | undefined {
  return standings.get(ctx);
}
