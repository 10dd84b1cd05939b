import type http from 'node:http';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { HttpFake, ScriptedFailures, parseForm, readBody, recordRequest } from './http-fake.js';

/**
 * A local stand-in for Stripe's REST API (the parts we use), on 127.0.0.1: the official `stripe` package
 * talks to it through STRIPE_API_BASE. It creates Checkout Sessions from form-encoded parameters, honours
 * Idempotency-Key, answers session retrieval and refunds, and plays the buyer and Stripe's side: paying a
 * session, and delivering its events to a webhook signed with Stripe's own test header generator.
 * GET /c/pay/:id is a tiny hosted checkout page (for the browser suite).
 */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  url: string;
  line_items: Array<{ name: string; unit_amount: number; quantity: number }>;
  customer_details: { email: string } | null;
  livemode: false;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  status: number;
}

const signer = new Stripe('sk_test_signer_only');

export class FakeStripe extends HttpFake {
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<string, FakeSession>();
  readonly refunds: Array<{ id: string; payment_intent: string; amount: number; idempotencyKey: string | undefined }> =
    [];
  /** Where the hosted page delivers events (the API's webhook), with the secret it signs them with. */
  webhook: { url: string; secret: string } | null = null;
  private idempotent = new Map<string, { status: number; body: unknown; params: string }>();
  private failures = new ScriptedFailures<number>();
  private held: { when: 'before' | 'after'; until: Promise<void>; callersGone: Promise<void>[] } | null = null;

  constructor(readonly secretKey: string) {
    super();
  }

  /** STRIPE_API_BASE. */
  get apiBase(): string {
    return this.url;
  }

  /** The next `times` API requests fail with `status` (Stripe down). */
  fail(status: number, times = 1): void {
    this.failures.add(status, times);
  }

  /**
   * Checkout Session creates hang (a slow Stripe, or a caller that dies waiting): `before` creating the
   * session, or `after` it is created and its idempotency key recorded. The returned function lets them go.
   */
  holdCheckouts(when: 'before' | 'after'): () => Promise<void> {
    let release!: () => void;
    const until = new Promise<void>((resolve) => (release = resolve));
    const held = { when, until, callersGone: [] as Promise<void>[] };
    this.held = held;
    return async () => {
      // A caller killed while held is gone only once its socket closes here; releasing sooner would race it.
      if (when === 'before') await Promise.all(held.callersGone);
      this.held = null;
      release();
    };
  }

  /** The buyer pays: the session completes. Asynchronous methods (bank debits) complete unpaid first. */
  pay(sessionId: string, options: { async?: boolean } = {}): FakeSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    session.status = 'complete';
    session.payment_status = options.async ? 'unpaid' : 'paid';
    session.payment_intent ??= `pi_${randomBytes(12).toString('hex')}`;
    session.customer_details = { email: 'buyer@example.com' };
    return session;
  }

  /** A later success of an asynchronous payment. */
  settleAsync(sessionId: string): FakeSession {
    const session = this.sessions.get(sessionId)!;
    session.payment_status = 'paid';
    return session;
  }

  /** An event as Stripe sends it, serialized once (the signature covers these exact bytes). */
  event(type: string, session: FakeSession, created = Math.floor(Date.now() / 1000)): string {
    return JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-27.acacia',
      created,
      data: { object: { ...session } },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  }

  /** The Stripe-Signature header for `payload`, from the `stripe` package's own generator. */
  static sign(payload: string, secret: string, timestamp: number): string {
    return signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  }

  protected async route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const body = await readBody(req);
    if (url.pathname.startsWith('/c/pay/')) return this.hostedPage(req, res, url, body);

    const params = parseForm(body);
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      params,
      idempotencyKey: header(req, 'idempotency-key'),
      authorization: header(req, 'authorization'),
      status: 0,
    };
    const reply = recordRequest(this.requests, record, res, () => ({
      'request-id': `req_${randomBytes(6).toString('hex')}`,
    }));
    if (record.authorization !== `Bearer ${this.secretKey}`) {
      return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const failure = this.failures.next();
    if (failure) return reply(failure, { error: { type: 'api_error', message: 'Something went wrong on our end' } });
    const held = record.path === '/v1/checkout/sessions' ? this.held : null;
    if (held?.when === 'before') {
      const socket = req.socket;
      held.callersGone.push(
        new Promise((resolve) => (socket.closed ? resolve() : socket.once('close', () => resolve()))),
      );
      await held.until;
      // The caller died while its request waited: Stripe never saw it.
      if (req.socket.destroyed) return;
    }
    const key = record.idempotencyKey ? `${record.method} ${record.path} ${record.idempotencyKey}` : undefined;
    const replay = key ? this.idempotent.get(key) : undefined;
    // Stripe replays a key's first answer only for the very same parameters; anything else is refused.
    if (replay && replay.params !== JSON.stringify(record.params)) {
      return reply(400, {
        error: {
          type: 'idempotency_error',
          message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        },
      });
    }
    if (replay) return reply(replay.status, replay.body);

    const [status, payload] = this.answer(record);
    if (key && status < 500) this.idempotent.set(key, { status, body: payload, params: JSON.stringify(record.params) });
    if (held?.when === 'after') await held.until;
    reply(status, payload);
  }

  private answer(request: RecordedRequest): [number, unknown] {
    const p = request.params as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      const items = (p.line_items ?? []) as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
      const lineItems = items.map((item) => ({
        name: String(item.price_data?.product_data?.name ?? ''),
        unit_amount: Number(item.price_data?.unit_amount),
        quantity: Number(item.quantity ?? 1),
      }));
      const currency = String(items[0]?.price_data?.currency ?? '');
      if (!p.success_url || lineItems.length === 0 || lineItems.some((item) => !(item.unit_amount >= 50))) {
        return [400, { error: { type: 'invalid_request_error', message: 'Invalid checkout session parameters' } }];
      }
      // Stripe keeps a session open between 30 minutes and 24 hours from its creation.
      const ttl = p.expires_at === undefined ? 24 * 3600 : Number(p.expires_at) - Math.floor(Date.now() / 1000);
      if (!(ttl >= 30 * 60 && ttl <= 24 * 3600)) {
        return [
          400,
          { error: { type: 'invalid_request_error', message: 'expires_at must be 30 minutes to 24 hours away' } },
        ];
      }
      const id = `cs_test_${randomBytes(16).toString('hex')}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        mode: String(p.mode),
        status: 'open',
        payment_status: 'unpaid',
        amount_total: lineItems.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0),
        currency,
        client_reference_id: p.client_reference_id ?? null,
        metadata: (p.metadata ?? {}) as Record<string, string>,
        payment_intent: null,
        success_url: String(p.success_url),
        cancel_url: String(p.cancel_url ?? p.success_url),
        expires_at: Number(p.expires_at ?? 0),
        url: `${this.url}/c/pay/${id}`,
        line_items: lineItems,
        customer_details: null,
        livemode: false,
      };
      this.sessions.set(id, session);
      return [200, session];
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(request.path);
    if (request.method === 'GET' && retrieve) {
      const session = this.sessions.get(retrieve[1]!);
      return session
        ? [200, session]
        : [404, { error: { type: 'invalid_request_error', message: `No such checkout.session: '${retrieve[1]}'` } }];
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      const session = [...this.sessions.values()].find((s) => s.payment_intent === p.payment_intent);
      if (!session) return [404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } }];
      const refund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount: session.amount_total,
        currency: session.currency,
        payment_intent: String(p.payment_intent),
        status: 'succeeded',
        metadata: p.metadata ?? {},
      };
      this.refunds.push({ ...refund, idempotencyKey: request.idempotencyKey });
      return [200, refund];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.path})` } }];
  }

  /** The hosted checkout: a page with a Pay button; paying completes the session, notifies the webhook, and returns. */
  private async hostedPage(req: http.IncomingMessage, res: http.ServerResponse, url: URL, _body: Buffer) {
    const match = /^\/c\/pay\/(\w+)(\/confirm)?$/.exec(url.pathname);
    const session = match ? this.sessions.get(match[1]!) : undefined;
    if (!session) {
      res.writeHead(404).end('No such checkout session');
      return;
    }
    if (req.method === 'POST' && match?.[2]) {
      this.pay(session.id);
      if (this.webhook) {
        const payload = this.event('checkout.session.completed', session);
        await fetch(this.webhook.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': FakeStripe.sign(payload, this.webhook.secret, Math.floor(Date.now() / 1000)),
          },
          body: payload,
        });
      }
      res.writeHead(303, { location: session.success_url }).end();
      return;
    }
    const dollars = (session.amount_total / 100).toFixed(2);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Checkout</title><h1>${escape(session.line_items[0]?.name ?? '')}</h1>` +
        `<p>$${dollars}</p><form method="post" action="/c/pay/${session.id}/confirm"><button>Pay $${dollars}</button></form>`,
    );
  }
}

export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  return new FakeStripe(secretKey).start();
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
