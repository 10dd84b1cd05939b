/**
 * Fastify's own schema compilers, loaded when a route first needs one instead of by `Fastify()`. No route
 * does: api-docs.ts gives every documented route its own (handlers parse with zod, answers are written as
 * they are). Requiring ajv and fast-json-stringify at start was about 70 ms of every start's CPU.
 */
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/** What either package exports, once called: a factory of compilers (its typings are overloads). */
type Factory = (externalSchemas: unknown, options: unknown) => unknown;

// Fastify's dependencies, resolved from Fastify itself: the versions it was built with.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));

function onFirstUse(name: string): Factory {
  let factory: Factory | undefined;
  return (externalSchemas, options) => {
    factory ??= (fromFastify(name) as () => Factory)();
    return factory(externalSchemas, options);
  };
}

export const compilersOnDemand = {
  buildValidator: onFirstUse('@fastify/ajv-compiler'),
  buildSerializer: onFirstUse('@fastify/fast-json-stringify-compiler'),
} as unknown as CompilersFactory;
