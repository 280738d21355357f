import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import tls from 'node:tls';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the parts of Mollie's v2 API datekit uses, written from Mollie's documentation:
 * create a payment (answers the hosted checkout link), get a payment (status, amountRefunded,
 * amountChargedBack), create a refund, create a customer and its `directdebit` mandate, first card
 * payments for a customer (`sequenceType: first`: once paid, the card becomes the customer's
 * `creditcard` mandate and the payment names it in `mandateId`, with the card in `details`), get a
 * customer's mandates, and recurring payments on a valid mandate (`sequenceType: recurring`: no
 * checkout; a debit is pending until the bank answers, a card is decided at once, `paid` unless a
 * test sets `nextRecurringStatus`); Bearer authentication; 404 for unknown ids; 422 for invalid input
 * (a recurring payment on a mandate that is not the customer's, or not valid); HAL+JSON answers.
 * Tests move a payment on with `decide` and `chargeBack`, as the payer and their bank would. It serves
 * HTTPS with a throw-away self-signed certificate, since the official client only speaks HTTPS, or with
 * the certificate given in `tls`.
 *
 * With `hostedCheckout` (the deployment stage, tests/deploy) it also plays Mollie's side towards the
 * payer and the site: the checkout link is a page of the fake where the browser picks the outcome; then
 * the fake posts the webhook as Mollie does (`application/x-www-form-urlencoded`, body `id=tr_…` only),
 * waits for its answer and redirects the browser to the payment's redirectUrl. Tests in other processes
 * make a refund or a chargeback at the provider with `POST /_fake/payments/<id>/refunds` (JSON
 * `{ amount }`) or `/chargebacks` (Bearer API key): the payment changes and the webhook is posted.
 */
export interface FakePayment {
  resource: 'payment';
  id: string;
  mode: 'test';
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
  amount: { currency: string; value: string };
  amountRefunded?: { currency: string; value: string };
  amountChargedBack?: { currency: string; value: string };
  description: string;
  method: string | null;
  locale: string | null;
  redirectUrl: string;
  webhookUrl: string;
  metadata: unknown;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  details?: Record<string, unknown>;
  customerId?: string;
  mandateId?: string;
  createdAt: string;
  _links: Record<string, { href: string; type: string }>;
}

export interface FakeMandate {
  resource: 'mandate';
  id: string;
  customerId: string;
  status: 'valid' | 'invalid';
  method: 'directdebit' | 'creditcard';
  details: Record<string, string>;
  mandateReference: string | null;
  signatureDate: string | null;
}

export interface FakeMollie {
  url: string;
  apiKey: string;
  payments: Map<string, FakePayment>;
  customers: Map<string, { resource: 'customer'; id: string; name: string; email: string }>;
  mandates: Map<string, FakeMandate>;
  refunds: { id: string; paymentId: string; amount: { currency: string; value: string } }[];
  /** The status the next recurring card payment is created with (then back to `paid`). */
  nextRecurringStatus: FakePayment['status'] | null;
  /** Refund requests still to be refused with 422 (a balance Mollie finds too low, say), one each. */
  refusedRefunds: number;
  decide(id: string, status: FakePayment['status']): void;
  /** The bank or card holder revokes a mandate: it is no longer valid. */
  revokeMandate(id: string): void;
  chargeBack(id: string): void;
  /** Posts the payment's webhook as Mollie does; answers the site's HTTP status. */
  postWebhook(id: string): Promise<number>;
  /** Every webhook posted, with the site's answer (also `GET /_fake/webhooks` with `hostedCheckout`). */
  webhooks: { id: string; status: number }[];
  close(): Promise<void>;
  /**
   * Makes this process trust the fake's certificate, as NODE_EXTRA_CA_CERTS makes a server process
   * trust it: TLS checks stay on (the tests never set NODE_TLS_REJECT_UNAUTHORIZED).
   */
  trustInThisProcess(): void;
}

export interface FakeMollieOptions {
  /** The key and certificate (chain) to serve HTTPS with; default a throw-away self-signed pair. */
  tls?: { key: Buffer; cert: Buffer };
  /** Serve the checkout page and the refund/chargeback controls (see above). */
  hostedCheckout?: boolean;
  /** The CA the webhook's HTTPS target is checked against, beside Node's own. */
  webhookCa?: Buffer;
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-mollie-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'],
      ...['-keyout', key, '-out', cert],
    ],
    { stdio: 'pipe' },
  );
  const pair = { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  fs.rmSync(dir, { recursive: true, force: true });
  return pair;
}

/** POSTs a form body and answers the status code; `ca` is trusted for an https URL. */
function postForm(url: string, body: string, ca: Buffer | undefined): Promise<number> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
        ...(ca ? { ca: [...tls.rootCertificates, ca.toString('utf8')] } : {}),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The hosted checkout: the payer picks what their bank answers (the deployment stage's browser clicks). */
function checkoutPage(payment: FakePayment): string {
  const choice = (status: string, label: string) =>
    `<button name="status" value="${status}" data-testid="mollie-${status}">${label}</button>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mollie test checkout</title></head>
<body><h1>Test payment ${payment.id}</h1><p data-testid="mollie-amount">${payment.amount.currency} ${payment.amount.value}</p>
<form method="post">${choice('paid', 'Paid')} ${choice('failed', 'Failed')} ${choice('canceled', 'Cancel')}</form></body></html>`;
}

export async function startFakeMollie(options: FakeMollieOptions = {}): Promise<FakeMollie> {
  const apiKey = `test_${randomBytes(15).toString('hex')}`;
  const payments = new Map<string, FakePayment>();
  const refunds: FakeMollie['refunds'] = [];
  const customers: FakeMollie['customers'] = new Map();
  const mandates: FakeMollie['mandates'] = new Map();
  let nextRecurringStatus: FakePayment['status'] | null = null;
  let refusedRefunds = 0;
  let base = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/hal+json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, title: string, detail: string) =>
    send(res, status, {
      status,
      title,
      detail,
      _links: { documentation: { href: 'https://docs.mollie.com/', type: 'text/html' } },
    });

  const webhooks: FakeMollie['webhooks'] = [];
  const postWebhook = async (id: string) => {
    const payment = payments.get(id)!;
    const status = await postForm(payment.webhookUrl, new URLSearchParams({ id }).toString(), options.webhookCa);
    webhooks.push({ id, status });
    return status;
  };
  /** The checkout page and the provider-side controls of `hostedCheckout`; false when the request is not theirs. */
  const hosted = async (req: http.IncomingMessage, res: ServerResponse, raw: Buffer): Promise<boolean> => {
    const url = new URL(req.url ?? '/', base);
    const checkout = /^\/checkout\/(tr_\w+)$/.exec(url.pathname);
    if (checkout) {
      const payment = payments.get(checkout[1]!);
      if (!payment || payment.status !== 'open') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('No open payment');
        return true;
      }
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage(payment));
        return true;
      }
      const status = new URLSearchParams(raw.toString('utf8')).get('status') as FakePayment['status'];
      fake.decide(payment.id, status);
      // Mollie calls the webhook, then sends the payer back to the site.
      const answer = await postWebhook(payment.id);
      if (answer !== 200) console.error(`fake Mollie: webhook for ${payment.id} answered ${answer}`);
      res.writeHead(303, { location: payment.redirectUrl }).end();
      return true;
    }
    if (!url.pathname.startsWith('/_fake/')) return false;
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      error(res, 401, 'Unauthorized Request', 'Missing authentication');
      return true;
    }
    if (url.pathname === '/_fake/webhooks' && req.method === 'GET') {
      send(res, 200, { webhooks });
      return true;
    }
    const control = /^\/_fake\/payments\/(tr_\w+)\/(refunds|chargebacks)$/.exec(url.pathname);
    if (!control || req.method !== 'POST') {
      error(res, 404, 'Not Found', 'Unknown control');
      return true;
    }
    const payment = payments.get(control[1]!);
    if (!payment) {
      error(res, 404, 'Not Found', `No payment exists with token ${control[1]}.`);
      return true;
    }
    if (control[2] === 'chargebacks') fake.chargeBack(payment.id);
    else {
      const { amount } = JSON.parse(raw.toString('utf8')) as { amount: { currency: string; value: string } };
      const refunded = Number(payment.amountRefunded?.value ?? 0) + Number(amount.value);
      refunds.push({ id: `re_${randomBytes(5).toString('hex')}`, paymentId: payment.id, amount });
      payment.amountRefunded = { currency: amount.currency, value: refunded.toFixed(2) };
    }
    send(res, 200, { webhookStatus: await postWebhook(payment.id) });
    return true;
  };

  const credentials = options.tls ?? selfSignedCertificate();
  const server = https.createServer(credentials, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (options.hostedCheckout) {
        try {
          if (await hosted(req, res, Buffer.concat(chunks))) return;
        } catch (e) {
          console.error('fake Mollie:', e);
          if (!res.headersSent) res.writeHead(500).end(String(e));
          return;
        }
      }
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return error(res, 401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
      }
      const url = new URL(req.url ?? '/', base);
      const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      const parts = url.pathname.split('/').filter(Boolean); // ['v2', 'payments', id?, 'refunds'?]
      if (parts[0] === 'v2' && parts[1] === 'customers' && parts[3] === 'mandates' && req.method === 'GET') {
        if (!customers.has(parts[2]!))
          return error(res, 404, 'Not Found', `No customer exists with token ${parts[2]}.`);
        const own = [...mandates.values()].filter((m) => m.customerId === parts[2]);
        if (parts.length === 4) {
          return send(res, 200, {
            count: own.length,
            _embedded: { mandates: own.map((m) => ({ ...m, _links: {} })) },
            _links: {
              self: { href: `${base}${url.pathname}`, type: 'application/hal+json' },
              previous: null,
              next: null,
            },
          });
        }
        const mandate = own.find((m) => m.id === parts[4]);
        if (!mandate) return error(res, 404, 'Not Found', `No mandate exists with token ${parts[4]}.`);
        return send(res, 200, { ...mandate, _links: {} });
      }
      if (parts[0] === 'v2' && parts[1] === 'customers' && req.method === 'POST') {
        if (parts.length === 2) {
          const customer = {
            resource: 'customer' as const,
            id: `cst_${randomBytes(5).toString('hex')}`,
            name: String(body.name ?? ''),
            email: String(body.email ?? ''),
            _links: {},
          };
          customers.set(customer.id, customer);
          return send(res, 201, customer);
        }
        if (parts[3] !== 'mandates' || parts.length !== 4) return error(res, 404, 'Not Found', 'Unknown resource');
        if (!customers.has(parts[2]!))
          return error(res, 404, 'Not Found', `No customer exists with token ${parts[2]}.`);
        const account = String(body.consumerAccount ?? '');
        if (body.method !== 'directdebit' || !body.consumerName || !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(account)) {
          return error(
            res,
            422,
            'Unprocessable Entity',
            'A directdebit mandate needs consumerName and consumerAccount',
          );
        }
        const mandate: FakeMandate = {
          resource: 'mandate',
          id: `mdt_${randomBytes(5).toString('hex')}`,
          customerId: parts[2]!,
          status: 'valid',
          method: 'directdebit',
          details: { consumerName: String(body.consumerName), consumerAccount: account },
          mandateReference: (body.mandateReference as string | undefined) ?? null,
          signatureDate: (body.signatureDate as string | undefined) ?? null,
        };
        mandates.set(mandate.id, mandate);
        return send(res, 201, { ...mandate, _links: {} });
      }
      if (parts[0] !== 'v2' || parts[1] !== 'payments') return error(res, 404, 'Not Found', 'Unknown resource');
      if (req.method === 'POST' && parts.length === 2) {
        const amount = body.amount as { currency: string; value: string } | undefined;
        const recurring = body.sequenceType === 'recurring';
        if (!amount || !/^\d+\.\d{2}$/.test(amount.value) || !body.description || (!recurring && !body.redirectUrl)) {
          return error(res, 422, 'Unprocessable Entity', 'The amount, description and redirectUrl are required');
        }
        const first = body.sequenceType === 'first';
        if ((first || recurring) && !customers.has(String(body.customerId ?? ''))) {
          return error(res, 422, 'Unprocessable Entity', 'A first or recurring payment needs an existing customerId');
        }
        const mandate = recurring ? mandates.get(String(body.mandateId ?? '')) : undefined;
        if (recurring && (!mandate || mandate.customerId !== body.customerId || mandate.status !== 'valid')) {
          return error(res, 422, 'Unprocessable Entity', 'No valid mandate of this customer');
        }
        const card = mandate?.method === 'creditcard';
        const status = !recurring ? 'open' : card ? (nextRecurringStatus ?? 'paid') : 'pending';
        if (card) nextRecurringStatus = null;
        const id = `tr_${randomBytes(5).toString('hex')}`;
        const payment: FakePayment = {
          resource: 'payment',
          id,
          mode: 'test',
          status,
          amount,
          description: String(body.description),
          method: (body.method as string | undefined) ?? null,
          locale: (body.locale as string | undefined) ?? null,
          redirectUrl: String(body.redirectUrl ?? ''),
          webhookUrl: String(body.webhookUrl ?? ''),
          metadata: body.metadata ?? null,
          sequenceType: recurring ? 'recurring' : first ? 'first' : 'oneoff',
          ...(first ? { customerId: String(body.customerId) } : {}),
          ...(mandate ? { customerId: mandate.customerId, mandateId: mandate.id, method: mandate.method } : {}),
          ...(card ? { details: { ...mandate.details } } : {}),
          createdAt: new Date().toISOString(),
          _links: {
            self: { href: `${base}/v2/payments/${id}`, type: 'application/hal+json' },
            ...(recurring
              ? {}
              : {
                  checkout: {
                    href: options.hostedCheckout
                      ? `${base}/checkout/${id}`
                      : `https://www.mollie.com/checkout/select-method/${id}`,
                    type: 'text/html',
                  },
                }),
          },
        };
        payments.set(id, payment);
        return send(res, 201, payment);
      }
      const payment = payments.get(parts[2] ?? '');
      if (!payment) return error(res, 404, 'Not Found', `No payment exists with token ${parts[2]}.`);
      if (req.method === 'GET' && parts.length === 3) return send(res, 200, payment);
      if (req.method === 'POST' && parts[3] === 'refunds') {
        if (payment.status !== 'paid') return error(res, 422, 'Unprocessable Entity', 'The payment cannot be refunded');
        if (refusedRefunds > 0) {
          refusedRefunds--;
          return error(res, 422, 'Unprocessable Entity', 'Insufficient balance to refund this payment');
        }
        const amount = (body.amount as { currency: string; value: string } | undefined) ?? payment.amount;
        const refund = { id: `re_${randomBytes(5).toString('hex')}`, paymentId: payment.id, amount };
        refunds.push(refund);
        const refunded = Number(payment.amountRefunded?.value ?? 0) + Number(amount.value);
        payment.amountRefunded = { currency: amount.currency, value: refunded.toFixed(2) };
        return send(res, 201, {
          resource: 'refund',
          ...refund,
          status: 'pending',
          createdAt: new Date().toISOString(),
        });
      }
      return error(res, 405, 'Method Not Allowed', 'Unsupported request');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeMollie = {
    url: `${base}/v2/`,
    apiKey,
    payments,
    refunds,
    customers,
    mandates,
    get nextRecurringStatus() {
      return nextRecurringStatus;
    },
    set nextRecurringStatus(status) {
      nextRecurringStatus = status;
    },
    get refusedRefunds() {
      return refusedRefunds;
    },
    set refusedRefunds(count) {
      refusedRefunds = count;
    },
    decide(id, status) {
      const payment = payments.get(id)!;
      payment.status = status;
      // A paid first card payment: the card becomes the customer's mandate (Mollie's test card).
      if (status === 'paid' && payment.sequenceType === 'first' && payment.customerId && !payment.mandateId) {
        const details = { cardHolder: 'T. Tester', cardNumber: '4242', cardLabel: 'Visa', cardFingerprint: id };
        const mandate: FakeMandate = {
          resource: 'mandate',
          id: `mdt_${randomBytes(5).toString('hex')}`,
          customerId: payment.customerId,
          status: 'valid',
          method: 'creditcard',
          details,
          mandateReference: null,
          signatureDate: new Date().toISOString().slice(0, 10),
        };
        mandates.set(mandate.id, mandate);
        payment.mandateId = mandate.id;
        payment.details = details;
      }
    },
    revokeMandate(id) {
      mandates.get(id)!.status = 'invalid';
    },
    chargeBack(id) {
      const payment = payments.get(id)!;
      payment.amountChargedBack = { ...payment.amount };
    },
    postWebhook,
    webhooks,
    trustInThisProcess() {
      const trusted = new Set(tls.getCACertificates('default'));
      trusted.add(credentials.cert.toString('utf8'));
      tls.setDefaultCACertificates([...trusted]);
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}
