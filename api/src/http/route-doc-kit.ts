/** How /api/docs describes a route, and the small builders the route tables use. */
import type { z } from 'zod';

/** What /api/docs says about one route; the zod schemas are the ones the handlers parse and the client reads. */
export interface RouteDoc {
  tag: string;
  summary: string;
  /** Needs `Authorization: Bearer <access token>` (optional: the answer differs when signed in). */
  auth?: 'required' | 'optional';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Bodies other than JSON (uploads, the Stripe webhook's raw bytes), described in words. */
  consumes?: string;
  responses: Record<number, z.ZodType | string>;
}

/** A 204: no body at all (the OpenAPI document lists no content for it). */
export const NO_CONTENT = 'No content';

export type Doc = Omit<RouteDoc, 'tag'>;

/** One route's summary and the rest of what is said about it. */
export const doc = (summary: string, details: Omit<Doc, 'summary'>): Doc => ({ summary, ...details });
/** A route for the signed-in only. */
export const signedIn = (summary: string, details: Omit<Doc, 'summary' | 'auth'>): Doc =>
  doc(summary, { auth: 'required', ...details });

/** Routes of one tag, in the order /api/docs lists them. */
export function section(tag: string, routes: Record<string, Doc>): Record<string, RouteDoc> {
  return Object.fromEntries(Object.entries(routes).map(([route, entry]) => [route, { tag, ...entry }]));
}
