import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A local stand-in for the parts of Stripe's API the app uses (issue 25 point 5): Checkout Sessions
// (create, retrieve, expire), refunds, and a Checkout page to pay on. The app reaches it through the
// official package's host, port and protocol options (STRIPE_API_URL); its events are signed the way
// Stripe signs them (generateTestHeaderString), and delivered to the app's webhook when it has one.

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_example_key';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_example_secret';

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  locale: string | null;
  line_items: { name: string; description: string; amount: number }[];
}

export interface SignedEvent {
  id: string;
  payload: string;
  signature: string;
}

export interface FakeStripe {
  /** The API's address, for STRIPE_API_URL. */
  url: string;
  sessions: Map<string, FakeCheckoutSession>;
  refunds: { id: string; payment_intent: string }[];
  /** Every request the app made: method, path and its form fields. */
  requests: { method: string; path: string; form: URLSearchParams; idempotencyKey: string | undefined }[];
  /** The event Stripe would send about a session, signed for the webhook secret. */
  event(type: string, session: FakeCheckoutSession, options?: { id?: string }): SignedEvent;
  /** Pays a session as the Checkout page does (card: paid at once; async: paid later by its own event). */
  pay(sessionId: string, options?: { async?: boolean }): FakeCheckoutSession;
  /** Sends a signed event to the webhook (set with `webhookUrl`), as Stripe delivers it. */
  deliver(event: SignedEvent): Promise<Response>;
  webhookUrl: string | null;
  close(): Promise<void>;
}

const signer = new Stripe(FAKE_STRIPE_SECRET_KEY);

/** Reads a form-encoded body as Stripe's API takes it (`line_items[0][price_data][unit_amount]=…`). */
async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const invalidRequest = (response: ServerResponse, message: string) =>
  send(response, 400, { error: { type: 'invalid_request_error', message } });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Starts the fake on a free port of 127.0.0.1 (or `port`). */
export async function startFakeStripe({
  port = 0,
  webhookSecret = FAKE_STRIPE_WEBHOOK_SECRET,
  webhookUrl = null,
}: { port?: number; webhookSecret?: string; webhookUrl?: string | null } = {}): Promise<FakeStripe> {
  const sessions = new Map<string, FakeCheckoutSession>();
  const refunds: FakeStripe['refunds'] = [];
  const requests: FakeStripe['requests'] = [];
  const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
  let origin = '';

  const fake: FakeStripe = {
    url: '',
    sessions,
    refunds,
    requests,
    webhookUrl,
    event(type, session, { id = newId('evt') } = {}) {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type,
        api_version: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: session },
      });
      return { id, payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
    },
    pay(sessionId, { async = false } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No session ${sessionId}`);
      session.status = 'complete';
      session.payment_intent = newId('pi');
      session.payment_status = async ? 'unpaid' : 'paid';
      return session;
    },
    async deliver(event) {
      if (!fake.webhookUrl) throw new Error('The fake has no webhook to deliver to');
      return fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.payload,
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function api(request: IncomingMessage, response: ServerResponse, path: string) {
    const form = request.method === 'POST' ? await formOf(request) : new URLSearchParams();
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? 'GET', path, form, idempotencyKey });
    if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
      return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      // The same idempotency key answers the session it made, as Stripe does.
      const again = [...sessions.values()].find((session) => session.metadata.idempotency === idempotencyKey);
      if (again && idempotencyKey) return send(response, 200, again);
      const id = newId('cs');
      const session: FakeCheckoutSession = {
        id,
        object: 'checkout.session',
        mode: form.get('mode') ?? 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total:
          Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]') ?? 1),
        currency: form.get('currency') ?? form.get('line_items[0][price_data][currency]') ?? 'sek',
        customer_email: form.get('customer_email'),
        client_reference_id: form.get('client_reference_id'),
        metadata: { ...metadataOf(form), ...(idempotencyKey ? { idempotency: idempotencyKey } : {}) },
        payment_intent: null,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        url: `${origin}/checkout/${id}`,
        locale: form.get('locale'),
        line_items: [
          {
            name: form.get('line_items[0][price_data][product_data][name]') ?? '',
            description: form.get('line_items[0][price_data][product_data][description]') ?? '',
            amount: Number(form.get('line_items[0][price_data][unit_amount]')),
          },
        ],
      };
      sessions.set(id, session);
      return send(response, 200, session);
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionPath?.[1]) {
      const session = sessions.get(sessionPath[1]);
      if (!session)
        return send(response, 404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      if (!sessionPath[2]) return send(response, 200, session);
      if (session.status !== 'open')
        return invalidRequest(response, 'Only Checkout Sessions with a status of open can be expired.');
      session.status = 'expired';
      return send(response, 200, session);
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = form.get('payment_intent') ?? '';
      if (
        ![...sessions.values()].some(
          (session) => session.payment_intent === paymentIntent && session.payment_status === 'paid',
        )
      ) {
        return invalidRequest(response, `No such payment_intent: '${paymentIntent}'`);
      }
      const refund = { id: newId('re'), object: 'refund', payment_intent: paymentIntent, status: 'succeeded' };
      refunds.push(refund);
      return send(response, 200, refund);
    }
    return send(response, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
    });
  }

  /** The Checkout page: what is paid, and a button to pay or a link back. */
  async function checkout(response: ServerResponse, sessionId: string, paying: boolean) {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open') {
      response.writeHead(410, { 'content-type': 'text/html; charset=utf-8' });
      return response.end('<!doctype html><title>Checkout</title><p>Den här betalningen är inte längre öppen.</p>');
    }
    if (paying) {
      const event = fake.event('checkout.session.completed', fake.pay(sessionId));
      if (fake.webhookUrl) await fake.deliver(event);
      response.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      return response.end();
    }
    const [item] = session.line_items;
    const total = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' }).format(
      session.amount_total / 100,
    );
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Testbetalning</title></head>
<body><main><h1>Testbetalning (exempel)</h1>
<p>${escapeHtml(item?.name ?? '')}</p><p>${escapeHtml(item?.description ?? '')}</p><p>Att betala: ${escapeHtml(total)}</p>
<form method="post" action="/checkout/${escapeHtml(session.id)}/pay"><button type="submit">Betala ${escapeHtml(total)}</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Avbryt</a></p></main></body></html>`);
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const page = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path);
    const handled = page?.[1]
      ? checkout(response, page[1], request.method === 'POST' && Boolean(page[2]))
      : api(request, response, path);
    handled.catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = origin;
  return fake;
}
