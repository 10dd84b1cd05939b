/** The Bot API's wire shapes the stand-in records and answers with: calls, errors, uploads, fields. */

export interface RecordedCall {
  method: string;
  token: string;
  params: Record<string, unknown>;
  files: Record<string, { filename: string | undefined; data: Buffer }>;
  at: number;
  /** The HTTP status answered (0 when the connection was dropped or is still open). */
  status: number;
  /** What a successful call returned (the sent Message, …). */
  result?: unknown;
}

export interface ApiError {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

export class TelegramError extends Error {
  constructor(readonly error: ApiError) {
    super(error.description);
  }
}

/** An invoice link for Telegram's checks on title, description, payload and (Stars) prices. */
export function createInvoiceLink(p: Record<string, unknown>): string {
  const title = String(p.title ?? '');
  const description = String(p.description ?? '');
  const payload = String(p.payload ?? '');
  const prices = (p.prices ?? []) as Array<{ label: string; amount: number }>;
  if (title.length < 1 || [...title].length > 32) throw badRequest('INVOICE_TITLE_INVALID');
  if (description.length < 1 || [...description].length > 255) throw badRequest('INVOICE_DESCRIPTION_INVALID');
  if (Buffer.byteLength(payload) < 1 || Buffer.byteLength(payload) > 128) throw badRequest('INVOICE_PAYLOAD_INVALID');
  if (p.currency === 'XTR' && ((p.provider_token ?? '') !== '' || prices.length !== 1)) {
    throw badRequest('STARS_INVOICE_INVALID');
  }
  if (prices.some((price) => !Number.isInteger(price.amount) || price.amount < 1)) throw badRequest('PRICE_INVALID');
  return `https://t.me/$${Buffer.from(payload).toString('base64url')}`;
}

/** The uploaded part an `attach://<name>` parameter points at. */
export function attached(call: RecordedCall, value: unknown) {
  if (typeof value !== 'string' || !value.startsWith('attach://')) return undefined;
  return call.files[value.slice('attach://'.length)];
}

export const badRequest = (text: string) => new TelegramError({ error_code: 400, description: `Bad Request: ${text}` });
export const now = () => Math.floor(Date.now() / 1000);

/** Multipart fields arrive as text; grammY JSON-encodes objects and sends scalars as they are. */
export function parseField(value: string): unknown {
  if (/^[[{]/.test(value) || value === 'true' || value === 'false' || /^-?\d+$/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}
