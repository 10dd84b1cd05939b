/** An edition's id as the route gives it (`#/edition?id=12`), or null when it is not one. */
export const parseEditionId = (raw: string | null): number | null =>
  raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
