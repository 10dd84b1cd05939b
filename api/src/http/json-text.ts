/**
 * The content type of an answer Postgres wrote as JSON text (the cards, the activity feeds): sent as it is,
 * without Fastify's serializer, which would write it again as a string.
 */
export const JSON_TYPE = 'application/json; charset=utf-8';
