/**
 * The script of the hosted card-enrollment form (`/e/{token}`), served at
 * /fields/v1/hosted/enrollment.js. It renders the SDK's card form, saves the
 * card (`POST /e/{token}/save`) and tells the merchant's page around it, by
 * postMessage to the link's allowed origins only:
 *
 * - `{type: 'pasarela.enrollment', status: 'ENROLLED', instrument_id}` once saved;
 * - `{type: 'pasarela.enrollment.height', height}` whenever the form's height
 *   changes (an error under a field, the saved notice), so the page can size
 *   its iframe (docs/sandbox.md, Enrollment links).
 */
import { render } from '../card-form.js';
import { byId, CallError, onClick, postJson, readConfig } from './dom.js';
// The page's configuration, as the server defines and renders it (one definition for both ends).
import type { EnrollmentConfig } from 'pasarela/page-config';

const cfg = readConfig<EnrollmentConfig>('enroll-config');
const save = byId<HTMLButtonElement>('save')!;
const cardError = byId('card-error')!;
const status = byId('status')!;
const formBox = byId('card-form')!;

/** Only to the merchant's listed origins: a message whose target origin is not the parent's is dropped by the browser. */
function tellParent(message: Record<string, unknown>): void {
  if (window.parent === window) return;
  for (const origin of cfg.parentOrigins) window.parent.postMessage(message, origin);
}

const form = render(formBox, {
  publicKey: cfg.publicKey,
  locale: cfg.lang,
  ...(cfg.accent ? { accent: cfg.accent } : {}),
  onValidity: (ok) => (save.disabled = !ok),
});

let lastHeight = 0;
function reportHeight(): void {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height === lastHeight) return;
  lastHeight = height;
  tellParent({ type: 'pasarela.enrollment.height', height });
}
if (typeof ResizeObserver === 'function') new ResizeObserver(reportHeight).observe(document.body);
reportHeight();

onClick(save, async () => {
  save.disabled = true;
  cardError.textContent = '';
  try {
    const fields = await form.encrypt();
    const result = await postJson<{ instrument_id: string }>(`/e/${encodeURIComponent(cfg.token)}/save`, fields, cfg.lang);
    formBox.hidden = true;
    save.hidden = true;
    status.textContent = cfg.text.saved;
    tellParent({ type: 'pasarela.enrollment', status: 'ENROLLED', instrument_id: result.instrument_id });
  } catch (error) {
    cardError.textContent = error instanceof CallError ? (error.body.error?.details?.[0]?.message ?? error.message) : (error as Error).message;
    save.disabled = false;
  }
});
