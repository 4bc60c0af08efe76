/**
 * The iframe at /fields/v1/frame.html#origin=<merchant origin>, served by
 * the gateway. It holds the card inputs, so the merchant page never sees a
 * card number. It talks only to the window that embeds it, and only when
 * that window's origin is the one the SDK named when mounting: every message
 * in is checked against event.origin and event.source, every message out is
 * addressed to that origin (a different parent receives nothing).
 */
import { createCardForm, type CardFormController } from './form/controller.js';
import { EncryptionKeyError, importPublicKey } from './form/crypto.js';
import { TEXTS, type Locale } from './form/i18n.js';
import { GatewayApi } from './frame/api.js';
import { enrollCard, payWithCard, type Charge } from './frame/operations.js';
import { loadSession, type CheckoutSession } from './frame/session.js';
import { isMessage, type FromFrame, type ToFrame } from './protocol.js';
import { errorResult, type FieldsResult } from './types.js';

const parentOrigin = new URLSearchParams(location.hash.slice(1)).get('origin') ?? '';

/** The embedding window's real origin, where the browser tells us (Chromium, Safari). */
function embedderMatches(): boolean {
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  return !ancestors || ancestors.length === 0 || ancestors[0] === parentOrigin;
}

function post(message: FromFrame): void {
  window.parent.postMessage(message, parentOrigin);
}

function start(): void {
  const root = document.getElementById('pasarela-fields') ?? document.body;
  if (window.parent === window || !/^https?:\/\/[^/]+$/.test(parentOrigin) || !embedderMatches()) {
    root.textContent = 'These card fields work only inside a page that mounts them with PasarelaFields.';
    return;
  }

  let form: CardFormController | null = null;
  let api: GatewayApi | null = null;
  let session: CheckoutSession | null = null;
  let charge: Charge = {};
  let busy = false;
  let initialized = false;
  let locale: Locale = 'es';

  async function init(message: Extract<ToFrame, { type: 'pasarela:init' }>): Promise<void> {
    if (initialized || typeof message.token !== 'string' || typeof message.publicKey !== 'string') return;
    initialized = true;
    locale = message.locale === 'en' ? 'en' : 'es';
    document.documentElement.lang = locale;
    document.title = TEXTS[locale].frameTitle;
    try {
      await importPublicKey(message.publicKey);
    } catch (error) {
      const text = error instanceof EncryptionKeyError ? error.message : 'The encryption public key could not be used.';
      post({ type: 'pasarela:error', error: { code: 'invalid_encryption_key', message: text } });
      return;
    }
    const gateway = new GatewayApi(message.token);
    // The checkout session: what this token may do, and on which pages (allowed_origins).
    const loaded = await loadSession(gateway, message.token, parentOrigin);
    if ('error' in loaded) {
      post({ type: 'pasarela:error', error: loaded.error });
      return;
    }
    session = loaded.session;
    api = gateway;
    charge = {
      ...(typeof message.amount === 'number' ? { amount: message.amount } : {}),
      ...(typeof message.currency === 'string' ? { currency: message.currency } : {}),
    };
    form = createCardForm(root, {
      publicKey: message.publicKey,
      locale,
      ...(typeof message.accent === 'string' ? { accent: message.accent } : {}),
      onValidity: (ok) => post({ type: 'pasarela:validity', ok }),
      // A payment session offers a credit card's installments (GET /v1/bins/{bin}); an enrollment saves the card only.
      ...(loaded.session.mode === 'payment'
        ? {
            installments: async (bin: string) => {
              const reply = await gateway.get<{ installments?: { allowed: boolean; max: number } }>(`/v1/bins/${encodeURIComponent(bin)}`);
              return reply.ok ? reply.body.installments : undefined;
            },
          }
        : {}),
    });
    new ResizeObserver(() => post({ type: 'pasarela:resize', height: Math.ceil(document.documentElement.getBoundingClientRect().height) })).observe(
      document.documentElement,
    );
    post({ type: 'pasarela:ready' });
  }

  async function run(id: string, operation: (form: CardFormController, api: GatewayApi, session: CheckoutSession) => Promise<FieldsResult>): Promise<void> {
    if (typeof id !== 'string') return;
    if (!form || !api || !session)
      return post({ type: 'pasarela:result', id, result: errorResult('not_ready', 'The card fields are not ready yet (wait for onReady).') });
    if (busy) return post({ type: 'pasarela:result', id, result: errorResult('busy', 'Another pay() or enroll() is still running.') });
    busy = true;
    try {
      post({ type: 'pasarela:result', id, result: await operation(form, api, session) });
    } catch {
      post({ type: 'pasarela:result', id, result: errorResult('internal_error', 'The card fields failed unexpectedly.') });
    } finally {
      busy = false;
    }
  }

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== parentOrigin || event.source !== window.parent || !isMessage<ToFrame>(event.data)) return;
    const message = event.data;
    switch (message.type) {
      case 'pasarela:init':
        void init(message);
        break;
      case 'pasarela:pay':
        void run(message.id, (f, a, s) => payWithCard(f, a, s, charge, { order_id: message.order_id, description: message.description, locale }));
        break;
      case 'pasarela:enroll':
        void run(message.id, (f, a, s) => enrollCard(f, a, s, { user: message.user }));
        break;
      case 'pasarela:focus':
        form?.focus();
        break;
    }
  });
  post({ type: 'pasarela:loaded' });
}

start();
