/** Pack ids are Postgres `integer`s: a larger id can never exist and must not reach a query. */
export const MAX_PACK_ID = 2_147_483_647;

const PACK_ID_TEXT = /^[1-9]\d{0,9}$/;

export function isPackId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= MAX_PACK_ID;
}

/** The pack id a text names ("42"), or null: no sign, leading zero, space or out-of-range number. */
export function parsePackId(text: string | null | undefined): number | null {
  if (!text || !PACK_ID_TEXT.test(text)) return null;
  const id = Number(text);
  return isPackId(id) ? id : null;
}
