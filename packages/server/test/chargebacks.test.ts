/**
 * Chargeback handling over HTTP on both dialects: chargebacks opened by real
 * payments of the chargeback test card (4000000000000259), the merchant's
 * answers, the network's decision and the deadline (durable jobs), the
 * analysis, comments, and evidence attachments (multipart and base64).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { Receiver } from './support/receiver.js';
import { eventually } from './support/wait.js';
import { advanceClock, MovableTime } from './support/clock.js';
import { migrateTo } from './support/migrations.js';
import { migrateToLatest } from '../src/db/database.js';

const CHARGEBACK_CARD = '4000000000000259';

interface Attachment {
  id: string;
  chargeback_id: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  created_by: string;
  created_at: string;
}

interface Chargeback {
  id: string;
  payment_id: string;
  status: string;
  amount: string;
  currency: string;
  reason_code: string;
  reason: string;
  respond_by: string;
  reviewed_at: string | null;
  reviewed_by: string | null;
  evidence: { text: string; attachment_ids: string[]; submitted_at: string } | null;
  decision_due_at: string | null;
  resolved_at: string | null;
  resolution: string | null;
  attachments: Attachment[];
  created_at: string;
  updated_at: string;
}

interface AnalysisReply {
  status: string;
  deadlines: { seconds_to_respond: number; decision_due_at: string | null };
  evidence: { suggested: string[] };
  next_step: string;
}

interface ErrorReply {
  error: { code: string; message: string; details: Array<{ field: string; message: string }> };
}

interface EventReply {
  id: string;
  type: string;
  data: { chargeback: { id: string; status: string; previous_status?: string; amount: number; reviewed_at?: string | null } };
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

/** Opens a chargeback the way a merchant meets one: a payment of the chargeback card, captured. */
async function openChargeback(gw: TestGateway, token: string, amount = 75.5, currency = 'USD'): Promise<Chargeback> {
  const card = await tokenize(gw, token, { number: CHARGEBACK_CARD });
  const payment = await pay(gw, token, { instrumentId: card, amount, currency, capture: false });
  expect(payment.status).toBe(201);
  const captured = await gw.request<PaymentReply>('POST', `/v1/payments/${payment.body.id}/capture`, { token, body: {} });
  expect(captured.status).toBe(200);
  const list = await gw.request<{ data: Chargeback[] }>('GET', `/v1/chargebacks?payment_id=${payment.body.id}`, { token });
  expect(list.body.data).toHaveLength(1);
  return list.body.data[0]!;
}

async function upload(gw: TestGateway, token: string, chargebackId: string, file: { bytes: Buffer; filename: string; type: string }, field = 'file') {
  const form = new FormData();
  form.append('note', 'evidence');
  form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.filename);
  const response = await fetch(`${gw.baseUrl}/v1/chargebacks/${chargebackId}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Attachment & ErrorReply };
}

function uploadBase64(gw: TestGateway, token: string, chargebackId: string, body: Record<string, unknown>) {
  return gw.request<Attachment & ErrorReply>('POST', `/v1/chargebacks/${chargebackId}/attachments`, { token, body });
}

/** The chargeback's events through GET /v1/events, oldest first. */
async function events(gw: TestGateway, token: string, chargebackId: string): Promise<EventReply[]> {
  const found: EventReply[] = [];
  for (const type of ['chargeback.opened', 'chargeback.updated']) {
    const reply = await gw.request<{ data: EventReply[] }>('GET', `/v1/events?type=${type}&limit=100`, { token });
    found.push(...reply.body.data.filter((e) => e.data.chargeback.id === chargebackId));
  }
  return found.sort((a, b) => (a.id < b.id ? -1 : 1));
}

describe.each(dialects)('chargebacks on $name', (dialect) => {
  let gw: TestGateway;
  let client: TestClient;
  let token: string;
  let intruderToken: string;
  let receiver: Receiver;

  beforeAll(async () => {
    // The default delays (capture 180 s, decision 300 s): the test clock gets there.
    gw = await startGateway(dialect);
    client = await gw.client();
    token = await client.token();
    intruderToken = await (await gw.client()).token();
    receiver = await new Receiver().start();
    const hook = await gw.request('POST', '/v1/webhooks', { token, body: { url: receiver.url, events: ['chargeback.opened', 'chargeback.updated'] } });
    expect(hook.status).toBe(201);
  });
  afterAll(async () => {
    await gw.close();
    await receiver.close();
  });

  const get = (id: string) => gw.request<Chargeback & ErrorReply>('GET', `/v1/chargebacks/${id}`, { token });
  const post = <T = Chargeback & ErrorReply>(path: string, body?: unknown) => gw.request<T>('POST', path, { token, ...(body === undefined ? {} : { body }) });

  it('the automatic capture of the chargeback card opens an OPEN chargeback with a response deadline, event chargeback.opened', async () => {
    const card = await tokenize(gw, token, { number: CHARGEBACK_CARD });
    const payment = await pay(gw, token, { instrumentId: card, amount: 120000, currency: 'COP' });
    const advanced = await advanceClock(gw, token, 181);
    const capture = advanced.ran.find((r) => r.type === 'payment.capture' && r.subject_id === payment.body.id)!;
    expect((await gw.request<PaymentReply>('GET', `/v1/payments/${payment.body.id}`, { token })).body.captured_at).not.toBeNull();
    const list = await gw.request<{ data: Chargeback[] }>('GET', `/v1/chargebacks?payment_id=${payment.body.id}`, { token });
    const chargeback = list.body.data[0]!;
    expect(chargeback).toMatchObject({
      payment_id: payment.body.id,
      status: 'OPEN',
      amount: '120000.00',
      currency: 'COP',
      reason_code: '10.4',
      reason: 'Fraud: card-absent environment',
      reviewed_at: null,
      evidence: null,
      decision_due_at: null,
      resolved_at: null,
      attachments: [],
    });
    // CHARGEBACK_RESPONSE_SECONDS: 7 days by default, from the capture, in the organization's (sandbox) time.
    const window = Date.parse(chargeback.respond_by) - Date.parse(capture.run_at);
    expect(Math.abs(window - 7 * 86400 * 1000)).toBeLessThan(5000);
    expect((await get(chargeback.id)).body).toEqual(chargeback);
    expect((await events(gw, token, chargeback.id)).map((e) => e.type)).toEqual(['chargeback.opened']);
  });

  it('accept: OPEN -> ACCEPTED with chargeback.updated; any further answer is 409 chargeback_not_open', async () => {
    const chargeback = await openChargeback(gw, token);
    const accepted = await post(`/v1/chargebacks/${chargeback.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: chargeback.id, status: 'ACCEPTED', evidence: null });
    expect(accepted.body.resolved_at).not.toBeNull();
    expect(accepted.body.resolution).toMatch(/stay with the cardholder/);
    for (const [path, body] of [
      ['accept', undefined],
      ['dispute', { evidence: 'winning_evidence' }],
    ] as const) {
      const again = await post(`/v1/chargebacks/${chargeback.id}/${path}`, body);
      expect({ path, status: again.status, code: again.body.error.code }).toEqual({ path, status: 409, code: 'chargeback_not_open' });
      expect(again.body.error.message).toContain('ACCEPTED');
    }
    const late = await uploadBase64(gw, token, chargeback.id, {
      filename: 'late.txt',
      content_type: 'text/plain',
      content_base64: Buffer.from('too late').toString('base64'),
    });
    expect([late.status, late.body.error.code]).toEqual([409, 'chargeback_not_open']);
    const log = await events(gw, token, chargeback.id);
    expect(log.map((e) => [e.type, e.data.chargeback.previous_status, e.data.chargeback.status])).toEqual([
      ['chargeback.opened', undefined, 'OPEN'],
      ['chargeback.updated', 'OPEN', 'ACCEPTED'],
    ]);
    expect(log[1]!.data.chargeback.amount).toBe(75.5);
  });

  it('review: marks it reviewed without changing the status; a second review changes nothing', async () => {
    const chargeback = await openChargeback(gw, token);
    const reviewed = await post(`/v1/chargebacks/${chargeback.id}/review`);
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({ status: 'OPEN', reviewed_by: client.clientId });
    expect(reviewed.body.reviewed_at).not.toBeNull();
    const again = await post(`/v1/chargebacks/${chargeback.id}/review`);
    expect(again.body.reviewed_at).toBe(reviewed.body.reviewed_at);
    const log = await events(gw, token, chargeback.id);
    expect(log.map((e) => [e.type, e.data.chargeback.previous_status, e.data.chargeback.status])).toEqual([
      ['chargeback.opened', undefined, 'OPEN'],
      ['chargeback.updated', 'OPEN', 'OPEN'],
    ]);
    expect(log[1]!.data.chargeback.reviewed_at).toBe(reviewed.body.reviewed_at);
    const mine = await gw.request<{ data: Chargeback[] }>('GET', '/v1/chargebacks?reviewed=true&limit=100', { token });
    expect(mine.body.data.map((c) => c.id)).toContain(chargeback.id);
    const notYet = await gw.request<{ data: Chargeback[] }>('GET', '/v1/chargebacks?reviewed=false&limit=100', { token });
    expect(notYet.body.data.map((c) => c.id)).not.toContain(chargeback.id);
    // Still answerable after a review.
    expect((await post(`/v1/chargebacks/${chargeback.id}/accept`)).body.status).toBe('ACCEPTED');
  });

  it('dispute with winning_evidence: DISPUTED at once, WON when the decision job runs; webhooks delivered', async () => {
    const chargeback = await openChargeback(gw, token);
    const disputed = await post(`/v1/chargebacks/${chargeback.id}/dispute`, { evidence: 'Signed delivery receipt attached. winning_evidence' });
    expect(disputed.status).toBe(200);
    expect(disputed.body).toMatchObject({
      status: 'DISPUTED',
      resolved_at: null,
      evidence: { text: 'Signed delivery receipt attached. winning_evidence', attachment_ids: [] },
    });
    expect(disputed.body.decision_due_at).not.toBeNull();
    await advanceClock(gw, token, 301);
    const decided = await get(chargeback.id);
    expect(decided.body).toMatchObject({ status: 'WON', resolution: expect.stringMatching(/accepted the evidence/) });
    expect(decided.body.resolved_at).not.toBeNull();
    const log = await events(gw, token, chargeback.id);
    expect(log.map((e) => [e.type, e.data.chargeback.previous_status, e.data.chargeback.status])).toEqual([
      ['chargeback.opened', undefined, 'OPEN'],
      ['chargeback.updated', 'OPEN', 'DISPUTED'],
      ['chargeback.updated', 'DISPUTED', 'WON'],
    ]);
    const delivered = await eventually(
      async () => receiver.events().filter((e) => (e.data as EventReply['data']).chargeback?.id === chargeback.id),
      (list) => list.length === 3,
    );
    expect(delivered.map((e) => e.id).sort()).toEqual(log.map((e) => e.id).sort());
    // Decided: nothing more to answer.
    expect((await post(`/v1/chargebacks/${chargeback.id}/accept`)).status).toBe(409);
  });

  it('a charged-back payment is not refunded a second time: 409 payment_disputed while OPEN and once ACCEPTED, nothing written; once WON it is refundable', async () => {
    // An organization of its own, so that its balance is this test's alone.
    const own = await (await gw.client()).token();
    type Balances = { balances: Array<{ currency: string; available: string; pending: string; reserved: string }> };
    const balance = async () => (await gw.request<Balances>('GET', '/v1/balance', { token: own })).body.balances.find((b) => b.currency === 'USD');
    const refund = (paymentId: string, body: { amount: number; currency: string }) =>
      gw.request<ErrorReply & { status?: string }>('POST', '/v1/refunds', { token: own, body: { payment_id: paymentId, ...body } });
    const refunds = async (paymentId: string) =>
      (await gw.request<{ data: unknown[] }>('GET', `/v1/refunds?payment_id=${paymentId}`, { token: own })).body.data;

    const open = await openChargeback(gw, own, 150);
    for (const body of [
      { amount: 150, currency: 'USD' },
      { amount: 1, currency: 'USD' },
    ]) {
      const refused = await refund(open.payment_id, body);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: 'payment_disputed',
        message:
          'A chargeback disputes USD 150.00 of this payment: the cardholder gets it back through the chargeback, so it cannot be refunded; at most USD 0.00 can be refunded now.',
      });
    }
    // The payment's own action refuses as POST /v1/refunds does.
    const action = await gw.request<ErrorReply>('POST', `/v1/payments/${open.payment_id}/cancel-or-refund`, { token: own, body: {} });
    expect(action.status, action.text).toBe(409);
    expect(action.body.error.code).toBe('payment_disputed');
    expect((await gw.request<ErrorReply>('POST', `/v1/chargebacks/${open.id}/accept`, { token: own })).status).toBe(200);
    expect((await refund(open.payment_id, { amount: 1, currency: 'USD' })).body.error.code).toBe('payment_disputed');
    expect(await refunds(open.payment_id)).toEqual([]);
    const payment = (await gw.request<PaymentReply & { amount_refunded: string }>('GET', `/v1/payments/${open.payment_id}`, { token: own })).body;
    expect(payment).toMatchObject({ status: 'APPROVED', amount_refunded: '0.00' });
    // The money left once, through the chargeback: nothing of it is owed a second time.
    expect(await balance()).toMatchObject({ pending: '0.00', reserved: '0.00' });

    // Won by the merchant: the money stayed, and it can be refunded.
    const won = await openChargeback(gw, own, 40);
    expect((await post(`/v1/chargebacks/${won.id}/dispute`, { evidence: 'Signed delivery receipt attached. winning_evidence' })).status).toBe(404);
    expect(
      (await gw.request('POST', `/v1/chargebacks/${won.id}/dispute`, { token: own, body: { evidence: 'Signed delivery receipt attached. winning_evidence' } }))
        .status,
    ).toBe(200);
    expect((await refund(won.payment_id, { amount: 40, currency: 'USD' })).body.error.code).toBe('payment_disputed');
    await advanceClock(gw, own, 301);
    expect((await gw.request<Chargeback>('GET', `/v1/chargebacks/${won.id}`, { token: own })).body.status).toBe('WON');
    const refunded = await refund(won.payment_id, { amount: 40, currency: 'USD' });
    expect(refunded.status, refunded.text).toBe(201);
    expect(refunded.body.status).toBe('SUCCEEDED');
  });

  it('dispute with losing_evidence is LOST; with neither word, documents win and a bare statement loses', async () => {
    const losing = await openChargeback(gw, token);
    await post(`/v1/chargebacks/${losing.id}/dispute`, { evidence: 'losing_evidence' });
    const bare = await openChargeback(gw, token);
    await post(`/v1/chargebacks/${bare.id}/dispute`, { evidence: 'The customer received the goods.' });
    const documented = await openChargeback(gw, token);
    const file = await upload(gw, token, documented.id, { bytes: PDF, filename: 'receipt.pdf', type: 'application/pdf' });
    expect(file.status).toBe(201);
    const withFile = await post(`/v1/chargebacks/${documented.id}/dispute`, { evidence: 'See the receipt.' });
    expect(withFile.body.evidence!.attachment_ids).toEqual([file.body.id]);
    // A text attachment's words count too, and losing_evidence wins over winning_evidence.
    const mixed = await openChargeback(gw, token);
    const note = await uploadBase64(gw, token, mixed.id, {
      filename: 'note.txt',
      content_type: 'text/plain',
      content_base64: Buffer.from('losing_evidence').toString('base64'),
    });
    await post(`/v1/chargebacks/${mixed.id}/dispute`, { evidence: 'winning_evidence', attachment_ids: [note.body.id] });
    await advanceClock(gw, token, 301);
    const outcome = async (id: string) => (await get(id)).body;
    expect((await outcome(losing.id)).status).toBe('LOST');
    expect((await outcome(bare.id)).status).toBe('LOST');
    expect((await outcome(documented.id)).status).toBe('WON');
    expect((await outcome(mixed.id)).status).toBe('LOST');
    const log = await events(gw, token, losing.id);
    expect(log.at(-1)!.data.chargeback).toMatchObject({ previous_status: 'DISPUTED', status: 'LOST' });
  });

  it('accept and dispute at the same moment: exactly one wins, the other is 409, one event', async () => {
    for (let round = 0; round < 3; round++) {
      const chargeback = await openChargeback(gw, token);
      const [accept, dispute, review] = await Promise.all([
        post(`/v1/chargebacks/${chargeback.id}/accept`),
        post(`/v1/chargebacks/${chargeback.id}/dispute`, { evidence: 'winning_evidence' }),
        post(`/v1/chargebacks/${chargeback.id}/review`),
      ]);
      expect([accept.status, dispute.status].sort()).toEqual([200, 409]);
      expect(review.status).toBe(200);
      const winner = accept.status === 200 ? 'ACCEPTED' : 'DISPUTED';
      const log = await events(gw, token, chargeback.id);
      expect(
        log.filter((e) => e.data.chargeback.previous_status === 'OPEN' && e.data.chargeback.status !== 'OPEN').map((e) => e.data.chargeback.status),
      ).toEqual([winner]);
      expect(log.filter((e) => e.data.chargeback.reviewed_at && e.data.chargeback.status === e.data.chargeback.previous_status)).toHaveLength(1);
    }
  });

  it('dispute validation: every problem is named, nothing is written', async () => {
    const chargeback = await openChargeback(gw, token);
    const bad = await post(`/v1/chargebacks/${chargeback.id}/dispute`, { evidence: '   ', attachment_ids: 'att-1' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('validation_failed');
    expect(bad.body.error.details.map((d) => d.field).sort()).toEqual(['attachment_ids', 'evidence']);
    const missing = await post(`/v1/chargebacks/${chargeback.id}/dispute`, {});
    expect(missing.body.error.details).toEqual([{ field: 'evidence', message: 'is required' }]);
    const other = await openChargeback(gw, token);
    const foreign = await uploadBase64(gw, token, other.id, {
      filename: 'a.txt',
      content_type: 'text/plain',
      content_base64: Buffer.from('a').toString('base64'),
    });
    const unknown = await post(`/v1/chargebacks/${chargeback.id}/dispute`, { evidence: 'winning_evidence', attachment_ids: [foreign.body.id, 'att-missing'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details).toEqual([
      { field: 'attachment_ids.0', message: 'no such attachment on this chargeback' },
      { field: 'attachment_ids.1', message: 'no such attachment on this chargeback' },
    ]);
    expect((await get(chargeback.id)).body).toMatchObject({ status: 'OPEN', evidence: null });
    expect((await events(gw, token, chargeback.id)).map((e) => e.type)).toEqual(['chargeback.opened']);
  });

  it('attachments: multipart and base64 uploads, list, download with the same bytes, delete', async () => {
    const chargeback = await openChargeback(gw, token);
    const png = await upload(gw, token, chargeback.id, { bytes: PNG, filename: 'entrega firmada.png', type: 'image/png' });
    expect(png.status).toBe(201);
    expect(png.body).toMatchObject({
      chargeback_id: chargeback.id,
      filename: 'entrega firmada.png',
      content_type: 'image/png',
      size: PNG.length,
      created_by: client.clientId,
    });
    expect(png.body.id).toMatch(/^att-[0-9a-z]{26}$/);
    // application/octet-stream in a form: typed by the bytes.
    const jpeg = await upload(gw, token, chargeback.id, { bytes: JPEG, filename: 'photo.jpg', type: 'application/octet-stream' });
    expect(jpeg.body.content_type).toBe('image/jpeg');
    const pdf = await uploadBase64(gw, token, chargeback.id, {
      filename: 'factura.pdf',
      content_type: 'application/pdf',
      content_base64: PDF.toString('base64'),
    });
    expect(pdf.status).toBe(201);
    const text = await uploadBase64(gw, token, chargeback.id, {
      filename: 'notas ñ.txt',
      content_type: 'text/plain; charset=utf-8',
      content_base64: Buffer.from('Entregado el lunes.\n').toString('base64'),
    });
    expect(text.body.content_type).toBe('text/plain');

    const listed = await gw.request<{ data: Attachment[] }>('GET', `/v1/chargebacks/${chargeback.id}/attachments`, { token });
    expect(listed.body.data.map((a) => a.id)).toEqual([png.body.id, jpeg.body.id, pdf.body.id, text.body.id]);
    expect((await get(chargeback.id)).body.attachments.map((a) => a.id)).toEqual(listed.body.data.map((a) => a.id));

    for (const [attachment, bytes, type] of [
      [png.body, PNG, 'image/png'],
      [pdf.body, PDF, 'application/pdf'],
      [text.body, Buffer.from('Entregado el lunes.\n'), 'text/plain; charset=utf-8'],
    ] as const) {
      const response = await fetch(`${gw.baseUrl}/v1/chargebacks/${chargeback.id}/attachments/${attachment.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
      expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(attachment.filename)}`);
    }
    const disposition = (
      await fetch(`${gw.baseUrl}/v1/chargebacks/${chargeback.id}/attachments/${text.body.id}`, { headers: { authorization: `Bearer ${token}` } })
    ).headers.get('content-disposition');
    expect(disposition).toBe(`attachment; filename="notas _.txt"; filename*=UTF-8''notas%20%C3%B1.txt`);

    const deleted = await gw.request('DELETE', `/v1/chargebacks/${chargeback.id}/attachments/${jpeg.body.id}`, { token });
    expect(deleted.body).toEqual({ id: jpeg.body.id, deleted: true });
    expect((await gw.request('GET', `/v1/chargebacks/${chargeback.id}/attachments/${jpeg.body.id}`, { token })).status).toBe(404);
    expect((await gw.request('DELETE', `/v1/chargebacks/${chargeback.id}/attachments/${jpeg.body.id}`, { token })).status).toBe(404);

    // Disputed: the evidence is what was sent; no more uploads or deletes.
    const disputed = await post(`/v1/chargebacks/${chargeback.id}/dispute`, { evidence: 'See the documents.', attachment_ids: [pdf.body.id, png.body.id] });
    expect(disputed.body.evidence!.attachment_ids).toEqual([pdf.body.id, png.body.id]);
    const refused = await gw.request<ErrorReply>('DELETE', `/v1/chargebacks/${chargeback.id}/attachments/${pdf.body.id}`, { token });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'chargeback_not_open']);
    const more = await upload(gw, token, chargeback.id, { bytes: PNG, filename: 'late.png', type: 'image/png' });
    expect([more.status, more.body.error.code]).toEqual([409, 'chargeback_not_open']);
    // Downloads still work.
    expect(
      (await fetch(`${gw.baseUrl}/v1/chargebacks/${chargeback.id}/attachments/${pdf.body.id}`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
  });

  it('attachments: the declared type must be accepted and match the bytes; size and count limits', async () => {
    const chargeback = await openChargeback(gw, token);
    const lying = await upload(gw, token, chargeback.id, { bytes: Buffer.from('just text'), filename: 'x.png', type: 'image/png' });
    expect(lying.status).toBe(422);
    expect(lying.body.error.details).toEqual([{ field: 'file', message: 'is not a PNG image, as file.content_type says' }]);
    const gif = await upload(gw, token, chargeback.id, { bytes: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), filename: 'x.gif', type: 'image/gif' });
    expect(gif.body.error.details).toEqual([{ field: 'file.content_type', message: 'must be one of application/pdf, image/png, image/jpeg, text/plain' }]);
    const binary = await upload(gw, token, chargeback.id, {
      bytes: Buffer.from([0x00, 0x01, 0x02, 0xfe]),
      filename: 'x.bin',
      type: 'application/octet-stream',
    });
    expect(binary.body.error.details).toEqual([
      { field: 'file', message: 'is not one of the accepted types (application/pdf, image/png, image/jpeg, text/plain)' },
    ]);
    // Text may hold tabs and line breaks, never other control characters; no file name may hold any.
    const layout = await upload(gw, token, chargeback.id, {
      bytes: Buffer.from('Order 1042\tshipped\r\nsigned for\f'),
      filename: 'notes.txt',
      type: 'text/plain',
    });
    expect([layout.status, layout.body.content_type]).toEqual([201, 'text/plain']);
    // Removed again: the rest of this test counts what the refusals stored (nothing).
    expect((await gw.request('DELETE', `/v1/chargebacks/${chargeback.id}/attachments/${layout.body.id}`, { token })).status).toBe(200);
    const bell = await upload(gw, token, chargeback.id, { bytes: Buffer.from('Order 1042\u0007'), filename: 'bell.txt', type: 'text/plain' });
    expect(bell.body.error.details).toEqual([{ field: 'file', message: 'is not UTF-8 plain text, as file.content_type says' }]);
    const named = await uploadBase64(gw, token, chargeback.id, {
      filename: 'a\u0001b.txt',
      content_type: 'text/plain',
      content_base64: Buffer.from('hi').toString('base64'),
    });
    expect(named.body.error.details).toEqual([{ field: 'filename', message: 'must not contain control characters' }]);
    const empty = await upload(gw, token, chargeback.id, { bytes: Buffer.alloc(0), filename: 'empty.txt', type: 'text/plain' });
    expect(empty.body.error.details).toEqual([{ field: 'file', message: 'the file is empty' }]);
    const wrongPart = await upload(gw, token, chargeback.id, { bytes: PNG, filename: 'x.png', type: 'image/png' }, 'document');
    expect(wrongPart.status).toBe(422);
    expect(wrongPart.body.error.details).toEqual([{ field: 'file', message: 'is required' }]);

    const json = await uploadBase64(gw, token, chargeback.id, { filename: 'x.pdf', content_type: 'image/gif', content_base64: 'not base64!' });
    expect(json.status).toBe(422);
    expect(json.body.error.details).toEqual([
      { field: 'content_base64', message: 'is not base64' },
      { field: 'content_type', message: 'must be one of application/pdf, image/png, image/jpeg, text/plain' },
    ]);
    const mismatch = await uploadBase64(gw, token, chargeback.id, {
      filename: 'x.pdf',
      content_type: 'application/pdf',
      content_base64: PNG.toString('base64'),
    });
    expect(mismatch.body.error.details).toEqual([{ field: 'content_base64', message: 'is not a PDF document, as content_type says' }]);
    const missing = await uploadBase64(gw, token, chargeback.id, {});
    expect(missing.status).toBe(422);
    expect(missing.body.error.details.map((d) => d.field).sort()).toEqual(['content_base64', 'content_type', 'filename']);

    const path = `/v1/chargebacks/${chargeback.id}/attachments`;
    const garbled = await gw.request<ErrorReply>('POST', path, {
      token,
      rawBody: 'not a form',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
    });
    expect([garbled.status, garbled.body.error.details]).toEqual([422, [{ field: '(body)', message: 'is not valid multipart/form-data' }]]);
    const plain = await gw.request<ErrorReply>('POST', path, { token, rawBody: 'hello', headers: { 'content-type': 'text/plain' } });
    expect([plain.status, plain.body.error.details[0]!.field]).toEqual([422, '(body)']);
    const raw = await gw.request<ErrorReply>('POST', path, { token, rawBody: PDF.toString('latin1'), headers: { 'content-type': 'application/pdf' } });
    expect([raw.status, raw.body.error.details[0]!.field]).toEqual([422, '(body)']);
    const none = await gw.request<ErrorReply>('POST', path, { token });
    expect([none.status, none.body.error.details.map((d) => d.field)]).toEqual([422, ['filename', 'content_type', 'content_base64']]);
    expect((await get(chargeback.id)).body.attachments).toEqual([]);

    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 + 1 - PDF.length, 0x20)]);
    const tooBig = await upload(gw, token, chargeback.id, { bytes: big, filename: 'big.pdf', type: 'application/pdf' });
    expect([tooBig.status, tooBig.body.error.code]).toEqual([413, 'payload_too_large']);
    const tooBigJson = await uploadBase64(gw, token, chargeback.id, {
      filename: 'big.pdf',
      content_type: 'application/pdf',
      content_base64: big.toString('base64'),
    });
    expect([tooBigJson.status, tooBigJson.body.error.code]).toEqual([413, 'payload_too_large']);
    const justFits = await uploadBase64(gw, token, chargeback.id, {
      filename: 'max.pdf',
      content_type: 'application/pdf',
      content_base64: big.subarray(0, big.length - 1).toString('base64'),
    });
    expect(justFits.status).toBe(201);
    expect(justFits.body.size).toBe(5 * 1024 * 1024);

    for (let i = 1; i < 10; i++) {
      const ok = await uploadBase64(gw, token, chargeback.id, {
        filename: `n${i}.txt`,
        content_type: 'text/plain',
        content_base64: Buffer.from(`note ${i}`).toString('base64'),
      });
      expect(ok.status).toBe(201);
    }
    const eleventh = await uploadBase64(gw, token, chargeback.id, {
      filename: 'n11.txt',
      content_type: 'text/plain',
      content_base64: Buffer.from('one too many').toString('base64'),
    });
    expect([eleventh.status, eleventh.body.error.code]).toEqual([409, 'attachment_limit_reached']);
    expect((await get(chargeback.id)).body.attachments).toHaveLength(10);
  });

  it('analysis: reason, amounts, deadlines and evidence, before and after the dispute', async () => {
    const chargeback = await openChargeback(gw, token, 200, 'USD');
    await post(`/v1/chargebacks/${chargeback.id}/comments`, { text: 'Looking into it.' });
    const file = await uploadBase64(gw, token, chargeback.id, { filename: 'r.pdf', content_type: 'application/pdf', content_base64: PDF.toString('base64') });
    const before = await gw.request<AnalysisReply>('GET', `/v1/chargebacks/${chargeback.id}/analysis`, { token });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      chargeback_id: chargeback.id,
      status: 'OPEN',
      reason: { code: '10.4', description: 'Fraud: card-absent environment', network: 'visa', category: 'fraud' },
      amount: '200.00',
      currency: 'USD',
      payment: { id: chargeback.payment_id, amount: '200.00', amount_captured: '200.00', amount_refunded: '0.00', disputed_share: 1 },
      deadlines: { opened_at: chargeback.created_at, respond_by: chargeback.respond_by, overdue: false, decision_due_at: null, resolved_at: null },
      evidence: {
        submitted: false,
        submitted_at: null,
        text_present: false,
        attachments: 1,
        attachment_bytes: PDF.length,
        attachment_types: ['application/pdf'],
      },
      reviewed: false,
      comments: 1,
    });
    expect(before.body.deadlines.seconds_to_respond).toBeGreaterThan(7 * 86400 - 60);
    expect(before.body.evidence.suggested.length).toBeGreaterThan(0);
    expect(before.body.next_step).toMatch(/Accept it, or dispute it/);
    await post(`/v1/chargebacks/${chargeback.id}/dispute`, { evidence: 'winning_evidence', attachment_ids: [file.body.id] });
    const after = await gw.request<AnalysisReply>('GET', `/v1/chargebacks/${chargeback.id}/analysis`, { token });
    expect(after.body.status).toMatch(/DISPUTED|WON/);
    expect(after.body.evidence).toMatchObject({ submitted: true, text_present: true, attachments: 1 });
    expect(after.body.deadlines.seconds_to_respond).toBe(0);
    expect(after.body.deadlines.decision_due_at).not.toBeNull();
  });

  it('comments: author is the client, newest first, paginated; blank text is 422; any state', async () => {
    const chargeback = await openChargeback(gw, token);
    const texts = ['first', 'second', 'third'];
    const made: string[] = [];
    for (const text of texts) {
      const reply = await post<{ id: string; author: string; text: string; chargeback_id: string }>(`/v1/chargebacks/${chargeback.id}/comments`, { text });
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({ author: client.clientId, text, chargeback_id: chargeback.id });
      expect(reply.body.id).toMatch(/^cbc-/);
      made.push(reply.body.id);
    }
    const page1 = await gw.request<{ data: Array<{ id: string; text: string }>; has_more: boolean }>(
      'GET',
      `/v1/chargebacks/${chargeback.id}/comments?limit=2`,
      { token },
    );
    expect(page1.body.data.map((c) => c.text)).toEqual(['third', 'second']);
    expect(page1.body.has_more).toBe(true);
    const page2 = await gw.request<{ data: Array<{ id: string; text: string }>; has_more: boolean }>(
      'GET',
      `/v1/chargebacks/${chargeback.id}/comments?limit=2&starting_after=${page1.body.data[1]!.id}`,
      { token },
    );
    expect(page2.body).toEqual({ data: [expect.objectContaining({ id: made[0], text: 'first' })], has_more: false });
    const blank = await post(`/v1/chargebacks/${chargeback.id}/comments`, { text: '  ' });
    expect([blank.status, blank.body.error.details[0]!.field]).toEqual([422, 'text']);
    const limit = await gw.request<ErrorReply>('GET', `/v1/chargebacks/${chargeback.id}/comments?limit=101`, { token });
    expect(limit.status).toBe(422);
    await post(`/v1/chargebacks/${chargeback.id}/accept`);
    expect((await post(`/v1/chargebacks/${chargeback.id}/comments`, { text: 'Accepted; closed.' })).status).toBe(201);
  });

  it('search: status, payment, reason code, amount range, dates; bad filters are 422 with every problem', async () => {
    const small = await openChargeback(gw, token, 10, 'USD');
    const large = await openChargeback(gw, token, 900, 'USD');
    await post(`/v1/chargebacks/${large.id}/accept`);
    const search = async (query: string) =>
      (await gw.request<{ data: Chargeback[] }>('GET', `/v1/chargebacks?limit=100&${query}`, { token })).body.data.map((c) => c.id);
    expect(await search(`payment_id=${small.payment_id}`)).toEqual([small.id]);
    const open = await search('status=OPEN');
    expect(open).toContain(small.id);
    expect(open).not.toContain(large.id);
    expect(await search('status=ACCEPTED')).toContain(large.id);
    expect(await search('currency=USD&amount_gte=500&amount_lte=900')).toEqual(expect.arrayContaining([large.id]));
    expect(await search('currency=USD&amount_gte=500&amount_lte=900')).not.toContain(small.id);
    expect(await search('currency=USD&amount_lte=10')).toContain(small.id);
    expect(await search('reason_code=10.4')).toEqual(expect.arrayContaining([small.id, large.id]));
    expect(await search('reason_code=13.1')).toEqual([]);
    expect(await search(`created_gte=${encodeURIComponent(large.created_at)}`)).toContain(large.id);
    expect(await search(`created_gte=${encodeURIComponent(large.created_at)}`)).not.toContain(small.id);
    expect(await search(`respond_by_lte=${encodeURIComponent(new Date(Date.now() + 8 * 86400_000).toISOString())}&status=OPEN`)).toContain(small.id);
    expect(await search(`respond_by_lte=${encodeURIComponent(new Date(Date.now() + 86400_000).toISOString())}`)).not.toContain(small.id);
    const page = await gw.request<{ data: Chargeback[]; has_more: boolean }>('GET', '/v1/chargebacks?limit=1', { token });
    expect([page.body.data.length, page.body.has_more]).toEqual([1, true]);

    const bad = await gw.request<ErrorReply>('GET', '/v1/chargebacks?status=CLOSED&limit=0&created_gte=yesterday', { token });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.map((d) => d.field).sort()).toEqual(['created_gte', 'limit', 'status']);
    const noCurrency = await gw.request<ErrorReply>('GET', '/v1/chargebacks?amount_gte=5&amount_lte=6', { token });
    expect(noCurrency.body.error.details.map((d) => d.field)).toEqual(['amount_gte', 'amount_lte']);
    const decimals = await gw.request<ErrorReply>('GET', '/v1/chargebacks?currency=USD&amount_gte=1.234', { token });
    expect(decimals.body.error.details).toEqual([{ field: 'amount_gte', message: 'USD amounts have at most 2 decimal places' }]);
  });

  it('another organization sees nothing: 404 on every chargeback route, absent from its list', async () => {
    const chargeback = await openChargeback(gw, token);
    const file = await uploadBase64(gw, token, chargeback.id, {
      filename: 'a.txt',
      content_type: 'text/plain',
      content_base64: Buffer.from('mine').toString('base64'),
    });
    const paths: Array<[string, string, unknown?]> = [
      ['GET', `/v1/chargebacks/${chargeback.id}`],
      ['POST', `/v1/chargebacks/${chargeback.id}/accept`],
      ['POST', `/v1/chargebacks/${chargeback.id}/review`],
      ['POST', `/v1/chargebacks/${chargeback.id}/dispute`, { evidence: 'winning_evidence' }],
      ['GET', `/v1/chargebacks/${chargeback.id}/analysis`],
      ['GET', `/v1/chargebacks/${chargeback.id}/comments`],
      ['POST', `/v1/chargebacks/${chargeback.id}/comments`, { text: 'hi' }],
      ['GET', `/v1/chargebacks/${chargeback.id}/attachments`],
      ['POST', `/v1/chargebacks/${chargeback.id}/attachments`, { filename: 'b.txt', content_type: 'text/plain', content_base64: 'aGk=' }],
      ['GET', `/v1/chargebacks/${chargeback.id}/attachments/${file.body.id}`],
      ['DELETE', `/v1/chargebacks/${chargeback.id}/attachments/${file.body.id}`],
    ];
    for (const [method, path, body] of paths) {
      const reply = await gw.request(method, path, { token: intruderToken, ...(body ? { body } : {}) });
      expect(`${method} ${path} -> ${reply.status}`).toBe(`${method} ${path} -> 404`);
    }
    const theirs = await gw.request<{ data: Chargeback[] }>('GET', '/v1/chargebacks?limit=100', { token: intruderToken });
    expect(theirs.body.data).toEqual([]);
    // An attachment is found only under its own chargeback.
    const other = await openChargeback(gw, token);
    expect((await gw.request('GET', `/v1/chargebacks/${other.id}/attachments/${file.body.id}`, { token })).status).toBe(404);
    expect((await get(chargeback.id)).body).toMatchObject({ status: 'OPEN', reviewed_at: null, attachments: [expect.objectContaining({ id: file.body.id })] });
  });

  it('scopes: reading needs chargebacks:read, answering chargebacks:write', async () => {
    const chargeback = await openChargeback(gw, token);
    const reader = await gw.client({ scopes: ['chargebacks:read'], organizationId: client.organizationId });
    const readToken = await reader.token();
    expect((await gw.request('GET', `/v1/chargebacks/${chargeback.id}`, { token: readToken })).status).toBe(200);
    expect((await gw.request('POST', `/v1/chargebacks/${chargeback.id}/accept`, { token: readToken })).status).toBe(403);
  });
});

describe.each(dialects)('chargeback response deadline on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
  });
  afterAll(() => gw.close());

  it('an OPEN chargeback not answered by respond_by is LOST by its job, with chargeback.updated', async () => {
    const chargeback = await openChargeback(gw, token);
    // CHARGEBACK_RESPONSE_SECONDS: 7 days by default.
    expect(Math.abs(Date.parse(chargeback.respond_by) - Date.parse(chargeback.created_at) - 7 * 86400_000)).toBeLessThan(2500);
    await postTo(gw, token, `/v1/chargebacks/${chargeback.id}/review`);
    const early = await advanceClock(gw, token, 7 * 86400 - 60);
    expect(early.ran.map((r) => r.type)).not.toContain('chargeback.expire');
    expect((await gw.request<Chargeback>('GET', `/v1/chargebacks/${chargeback.id}`, { token })).body.status).toBe('OPEN');
    const due = await advanceClock(gw, token, 120);
    expect(due.ran.map((r) => [r.type, r.subject_id])).toContainEqual(['chargeback.expire', chargeback.id]);
    const lost = await gw.request<Chargeback>('GET', `/v1/chargebacks/${chargeback.id}`, { token });
    expect(lost.body).toMatchObject({ status: 'LOST', resolution: expect.stringMatching(/No answer by respond_by/) });
    const log = await events(gw, token, chargeback.id);
    expect(log.at(-1)!.data.chargeback).toMatchObject({ previous_status: 'OPEN', status: 'LOST' });
    const late = await gw.request<ErrorReply>('POST', `/v1/chargebacks/${chargeback.id}/dispute`, { token, body: { evidence: 'winning_evidence' } });
    expect([late.status, late.body.error.code]).toEqual([409, 'chargeback_not_open']);
    expect(late.body.error.message).toMatch(/LOST \(its response deadline passed\)/);
  });
});

describe.each(dialects)('chargeback deadline without the job runner on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  const time = new MovableTime();

  beforeAll(async () => {
    gw = await startGateway(dialect, { CHARGEBACK_RESPONSE_SECONDS: '60', JOBS_ENABLED: 'false' }, { time });
    token = await (await gw.client()).token();
  });
  afterAll(() => gw.close());

  it('migration 097 holds what each chargeback disputes, as the chargebacks hold it: OPEN, ACCEPTED and LOST hold, WON and none do not', async () => {
    const open = await openChargeback(gw, token, 75.5);
    const accepted = await openChargeback(gw, token, 20);
    expect((await gw.request('POST', `/v1/chargebacks/${accepted.id}/accept`, { token })).status).toBe(200);
    const won = await openChargeback(gw, token, 30);
    expect(
      (await gw.request('POST', `/v1/chargebacks/${won.id}/dispute`, { token, body: { evidence: 'Signed delivery receipt. winning_evidence' } })).status,
    ).toBe(200);
    const lost = await openChargeback(gw, token, 12.34);
    expect((await gw.request('POST', `/v1/chargebacks/${lost.id}/dispute`, { token, body: { evidence: 'A statement. losing_evidence' } })).status).toBe(200);
    await advanceClock(gw, token, 301);
    for (const [chargeback, status] of [
      [won, 'WON'],
      [lost, 'LOST'],
    ] as const)
      expect((await gw.request<Chargeback>('GET', `/v1/chargebacks/${chargeback.id}`, { token })).body.status).toBe(status);
    const none = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }), amount: 10, capture: false });
    expect((await gw.request('POST', `/v1/payments/${none.body.id}/capture`, { token, body: {} })).status).toBe(200);
    const ids = [open.payment_id, accepted.payment_id, lost.payment_id, won.payment_id, none.body.id];
    const held = async () => {
      const rows = await gw.db.selectFrom('payments').select(['id', 'amount_disputed']).where('id', 'in', ids).execute();
      return ids.map((id) => Number(rows.find((r) => r.id === id)!.amount_disputed));
    };
    expect(await held()).toEqual([7550, 2000, 1234, 0, 0]);
    // The rows as they were before the column: the migration finds the same holds in the chargebacks.
    await migrateTo(gw.db, '096_settling_job_attempts');
    await migrateToLatest(gw.db);
    expect(await held()).toEqual([7550, 2000, 1234, 0, 0]);
  });

  it('an answer after respond_by finds the chargeback LOST (409), even before its job has run', async () => {
    const chargeback = await openChargeback(gw, token);
    time.advance(61);
    const accept = await gw.request<ErrorReply>('POST', `/v1/chargebacks/${chargeback.id}/accept`, { token });
    expect([accept.status, accept.body.error.code]).toEqual([409, 'chargeback_not_open']);
    const file = await gw.request<ErrorReply>('POST', `/v1/chargebacks/${chargeback.id}/attachments`, {
      token,
      body: { filename: 'a.txt', content_type: 'text/plain', content_base64: 'aGk=' },
    });
    expect(file.status).toBe(409);
    expect((await gw.request<Chargeback>('GET', `/v1/chargebacks/${chargeback.id}`, { token })).body.status).toBe('LOST');
    const log = await events(gw, token, chargeback.id);
    expect(log.map((e) => [e.type, e.data.chargeback.status])).toEqual([
      ['chargeback.opened', 'OPEN'],
      ['chargeback.updated', 'LOST'],
    ]);
  });
});

function postTo(gw: TestGateway, token: string, path: string, body?: unknown) {
  return gw.request('POST', path, { token, ...(body === undefined ? {} : { body }) });
}
