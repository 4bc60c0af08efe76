/**
 * The embedded-fields SDK (spec 4.8), served at /fields/v1/sdk.js as the
 * global `PasarelaFields`:
 *
 *   // token: a checkout session's token, created by the merchant's backend (POST /v1/checkout/sessions)
 *   const fields = PasarelaFields.mount('#card', { token, encryptionPublicKey, onResult });
 *   payButton.onclick = () => fields.pay();
 *
 * The card inputs live in an iframe of the gateway's origin; this script
 * only relays pay/enroll requests to it and results back. Messages are
 * accepted only from that iframe (event.source) at the apiBase origin
 * (event.origin), and sent only to that origin.
 */
import { FRAME_TITLES, resolveLocale, type Locale } from './form/i18n.js';
import { isMessage, type FromFrame, type ToFrame } from './protocol.js';
import { errorResult, type ErrorResult, type ExistingUser, type FieldsResult, type NewUser, type PaymentResult } from './types.js';

export type { FieldsResult, PaymentResult } from './types.js';

export interface MountOptions {
  /** The gateway's address; defaults to where this script was loaded from. */
  apiBase?: string;
  /** A checkout session's token, created by the merchant's backend (POST /v1/checkout/sessions; docs/fields.md). */
  token: string;
  /** The organization's encryption public key (PEM; GET /v1/encryption/keys). Required. */
  encryptionPublicKey: string;
  /** For pay(): amount in major units and ISO 4217 currency; the session's when absent (any other is refused). */
  amount?: number;
  currency?: string;
  /** A CSS colour for focus rings. */
  accent?: string;
  /** 'es' or 'en'; defaults to the browser's language. */
  locale?: Locale;
  onReady?: () => void;
  onValidity?: (ok: boolean) => void;
  onResult?: (result: FieldsResult) => void;
  /**
   * A payment was declined (status REJECTED), after `onResult`. The checkout
   * session is complete: a later `pay()` with these fields answers an ERROR
   * result `session_complete` without a request. To let the shopper try
   * again, create a new checkout session on your backend, `destroy()` these
   * fields and mount new ones with its token (docs/fields.md "After a decline").
   */
  onDecline?: (result: PaymentResult) => void;
}

export interface PayOptions {
  /** The session's order_id when absent (any other is refused). */
  order_id?: string;
  /** The session's description when absent (any other is refused). */
  description?: string;
}

export interface EnrollOptions {
  /** The session's user when absent; the session saves the card for its own user only. */
  user?: NewUser | ExistingUser;
}

export interface MountedFields {
  pay(opts?: PayOptions): Promise<FieldsResult>;
  enroll(opts?: EnrollOptions): Promise<FieldsResult>;
  /** Moves the keyboard focus into the first field that needs attention. */
  focus(): void;
  /** Removes the iframe and stops listening. */
  destroy(): void;
}

const scriptSrc = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : '';
/** Longer than the iframe's own retries (three attempts of up to 30 s per call). */
const RESULT_TIMEOUT_MS = 180_000;
let mounts = 0;

function call<A extends unknown[]>(fn: ((...args: A) => void) | undefined, ...args: A): void {
  if (typeof fn !== 'function') return;
  try {
    fn(...args);
  } catch (error) {
    console.error('[PasarelaFields] a callback threw:', error);
  }
}

/** A mount that cannot work: reports the error now and for every later call. */
function failed(options: Partial<MountOptions> | undefined, result: ErrorResult): MountedFields {
  console.error(`[PasarelaFields] ${result.error.message}`);
  const onResult = typeof options?.onResult === 'function' ? options.onResult : undefined;
  // After mount() has returned, so the callback can already use its return value.
  queueMicrotask(() => call(onResult, result));
  const again = () => {
    call(onResult, result);
    return Promise.resolve<FieldsResult>(result);
  };
  return { pay: again, enroll: again, focus: () => undefined, destroy: () => undefined };
}

function apiOriginOf(apiBase: string | undefined): URL | null {
  try {
    if (!apiBase && !scriptSrc) return null;
    const url = new URL(apiBase || scriptSrc, location.href);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    // Keep a path prefix (a gateway behind /pasarela/), drop what follows the SDK's own path.
    const path = apiBase ? url.pathname.replace(/\/?$/, '/') : url.pathname.replace(/fields\/v1\/sdk\.js$/, '');
    return new URL(path, url.origin);
  } catch {
    return null;
  }
}

export function mount(target: string | Element, options: MountOptions): MountedFields {
  if (typeof options !== 'object' || options === null)
    return failed(undefined, errorResult('invalid_options', 'mount(selector, options) needs an options object.'));
  if (typeof options.encryptionPublicKey !== 'string' || !options.encryptionPublicKey.trim()) {
    return failed(
      options,
      errorResult('missing_encryption_key', 'encryptionPublicKey is required (PEM from GET /v1/encryption/keys); nothing will be tokenized.'),
    );
  }
  if (typeof options.token !== 'string' || !options.token.trim()) {
    return failed(options, errorResult('missing_token', "token is required (a checkout session's token: POST /v1/checkout/sessions on your backend)."));
  }
  const base = apiOriginOf(options.apiBase);
  if (!base) return failed(options, errorResult('invalid_options', 'apiBase must be an http(s) address of the gateway.'));
  if (!/^https?:$/.test(location.protocol))
    return failed(options, errorResult('invalid_options', 'The page must be served over https (or http://localhost in development).'));
  const container = typeof target === 'string' ? document.querySelector(target) : target;
  if (!(container instanceof Element))
    return failed(
      options,
      errorResult('container_not_found', typeof target === 'string' ? `No element matches ${target}.` : 'The container is not an element.'),
    );

  const locale = resolveLocale(options.locale, navigator.language);
  const apiOrigin = base.origin;
  const iframe = document.createElement('iframe');
  iframe.src = `${new URL('fields/v1/frame.html', base).toString()}#origin=${encodeURIComponent(location.origin)}`;
  iframe.title = FRAME_TITLES[locale];
  iframe.name = `pasarela-fields-${++mounts}`;
  iframe.setAttribute('scrolling', 'no');
  iframe.style.cssText = 'display:block;width:100%;min-width:0;height:0;border:0;overflow:hidden;background:transparent';
  iframe.setAttribute('allowtransparency', 'true');

  let ready = false;
  let destroyed = false;
  /** The payment this mount's session made (a session makes one): a later pay() is refused here, without a request. */
  let paid: PaymentResult | undefined;
  let sequence = 0;
  const pending = new Map<string, { resolve(result: FieldsResult): void; timer: ReturnType<typeof setTimeout> }>();
  const send = (message: ToFrame) => iframe.contentWindow?.postMessage(message, apiOrigin);

  function finish(id: string, result: FieldsResult): void {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    clearTimeout(entry.timer);
    const payment = 'payment_id' in result && typeof result.payment_id === 'string' ? result : undefined;
    if (payment) paid = payment;
    call(options.onResult, result);
    if (payment?.status === 'REJECTED') call(options.onDecline, payment);
    entry.resolve(result);
  }

  function onMessage(event: MessageEvent): void {
    if (event.origin !== apiOrigin || event.source !== iframe.contentWindow || !isMessage<FromFrame>(event.data)) return;
    const message = event.data;
    switch (message.type) {
      case 'pasarela:loaded':
        send({
          type: 'pasarela:init',
          token: options.token,
          publicKey: options.encryptionPublicKey,
          locale,
          ...(typeof options.amount === 'number' ? { amount: options.amount } : {}),
          ...(typeof options.currency === 'string' ? { currency: options.currency.toUpperCase() } : {}),
          ...(typeof options.accent === 'string' ? { accent: options.accent } : {}),
        });
        break;
      case 'pasarela:ready':
        if (ready) break;
        ready = true;
        call(options.onReady);
        call(options.onValidity, false);
        break;
      case 'pasarela:validity':
        call(options.onValidity, message.ok === true);
        break;
      case 'pasarela:resize':
        if (typeof message.height === 'number' && message.height >= 0 && message.height < 5000) iframe.style.height = `${Math.ceil(message.height)}px`;
        break;
      case 'pasarela:result':
        if (typeof message.id === 'string' && message.result && typeof message.result === 'object') finish(message.id, message.result);
        break;
      case 'pasarela:error': {
        const error =
          message.error && typeof message.error.message === 'string' ? message.error : { code: 'fields_error', message: 'The card fields failed to start.' };
        console.error(`[PasarelaFields] ${error.message}`);
        call(options.onResult, { status: 'ERROR', error });
        break;
      }
    }
  }

  function request(build: (id: string) => ToFrame, orderId?: string): Promise<FieldsResult> {
    if (destroyed || !ready) {
      const result = errorResult('not_ready', destroyed ? 'These fields were destroyed.' : 'The card fields are not ready yet (wait for onReady).');
      call(options.onResult, result);
      return Promise.resolve(result);
    }
    const id = `${mounts}-${++sequence}`;
    return new Promise<FieldsResult>((resolve) => {
      // The charge may still complete: the order_id lets the merchant look it up or retry safely.
      const timer = setTimeout(
        () => finish(id, errorResult('timeout', 'The card fields did not answer in time.', orderId ? { order_id: orderId } : {})),
        RESULT_TIMEOUT_MS,
      );
      pending.set(id, { resolve, timer });
      send(build(id));
    });
  }

  window.addEventListener('message', onMessage);
  container.appendChild(iframe);

  return {
    pay: (opts = {}) => {
      if (paid && !destroyed) {
        const what = paid.status === 'REJECTED' ? 'its payment was declined' : `it already made its payment (${paid.status})`;
        const result = errorResult(
          'session_complete',
          `This checkout session is complete: ${what}. To pay again, create a new checkout session on your backend and mount the fields with its token.`,
          {
            order_id: paid.order_id,
            error: { details: [{ field: 'token', message: `the session's payment is ${paid.payment_id}` }] },
          },
        );
        call(options.onResult, result);
        return Promise.resolve(result);
      }
      const orderId = typeof opts?.order_id === 'string' && opts.order_id ? opts.order_id : undefined;
      return request(
        (id) => ({
          type: 'pasarela:pay',
          id,
          ...(orderId ? { order_id: orderId } : {}),
          ...(typeof opts?.description === 'string' ? { description: opts.description } : {}),
        }),
        orderId,
      );
    },
    enroll: (opts = {}) => request((id) => ({ type: 'pasarela:enroll', id, ...(opts?.user !== undefined ? { user: opts.user } : {}) })),
    focus: () => {
      iframe.focus();
      send({ type: 'pasarela:focus' });
    },
    destroy: () => {
      destroyed = true;
      window.removeEventListener('message', onMessage);
      for (const id of [...pending.keys()]) finish(id, errorResult('not_ready', 'These fields were destroyed.'));
      iframe.remove();
    },
  };
}
