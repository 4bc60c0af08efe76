/**
 * The script of the hosted payment-link checkout (`/l/{token}`), served at
 * /fields/v1/hosted/checkout.js. The page (packages/server/src/links/
 * templates.ts) hands it its configuration and texts; it calls only the
 * link's own endpoints (`/l/{token}/card`, `/installments`, `/intent`, `/otp`, `/status`),
 * never with a token.
 *
 * - Card: the SDK's card form (encrypted in the browser), with its
 *   installments selector for a credit card (`/installments`), Pay enabled only
 *   for a valid card and, on a custom-amount link, an amount in range (whose
 *   error shows as soon as it is typed).
 * - Other methods (COP): the rails; each invalid field of a refused
 *   intent is marked beside itself; the OTP step says when a code is wrong
 *   and how many attempts remain; the QR, or the cash voucher, is shown; the
 *   payment is polled.
 * - The rail payment this tab started is remembered (sessionStorage, so it
 *   survives a reload) and named as `abandon` when the shopper starts another
 *   attempt: the gateway declines it if it still waits for them and gives the
 *   link's use back.
 * - Every outcome has its own page, which the server renders for
 *   `?payment_id=` (links/pages.ts): processing, waiting for the shopper (the
 *   QR again after a reload), approved (a receipt), declined, expired. Once a
 *   payment ends, this script goes there (or to the merchant's redirect_url
 *   when approved); on the processing page it follows the payment and
 *   reloads when it finishes.
 */
import { render, type CardForm } from '../card-form.js';
import { byId, CallError, onClick, postJson, readConfig, sleep } from './dom.js';
import { showVoucher, type CashVoucher } from './voucher.js';
import { pendingStore } from './pending.js';
import { amountField } from './amount.js';
import { fieldErrors } from './field-errors.js';
// The page's configuration, as the server defines and renders it (one definition for both ends).
import type { CheckoutConfig } from 'pasarela/page-config';

interface PaymentState {
  payment_id: string;
  status: string;
  status_detail?: string | null;
  redirect_url: string | null;
  /** A card payment waiting for its 3-D Secure challenge: the issuer's page, which returns to this payment's page. */
  challenge_url?: string;
  message?: string;
}

const cfg = readConfig<CheckoutConfig>('checkout-config');
const s = cfg.text;
const base = `/l/${encodeURIComponent(cfg.token)}`;
const status = byId('status')!;
const FINAL = new Set(['APPROVED', 'DECLINED', 'REJECTED', 'FAILED', 'CANCELLED', 'EXPIRED']);

const pending = pendingStore(cfg.token);

// ---- Outcome ---------------------------------------------------------------

let done = false;
/** The page of one payment (processing, waiting, or a final state), not the form. */
const onOutcomePage = Boolean(byId('outcome'));
/** The payment the page follows now; a poll of any other stops. */
let following: string | null = null;

function say(text: string): void {
  status.textContent = text;
}

function goTo(url: string): void {
  const link = byId<HTMLAnchorElement>('continue-link');
  if (link) {
    link.href = url;
    byId('continue')!.hidden = false;
  }
  window.location.assign(url);
}

/** The page of one payment of this link (the server renders its state). */
function outcomeUrl(paymentId: string): string {
  return `${base}?payment_id=${encodeURIComponent(paymentId)}`;
}

function finish(result: PaymentState): void {
  following = null;
  if (result.payment_id === pending.get()) pending.set(undefined);
  if (result.status === 'APPROVED') {
    // Paid: nothing on this page may start another payment.
    done = true;
    document.querySelectorAll<HTMLButtonElement>('button.primary').forEach((b) => (b.disabled = true));
    say(s.approved);
    if (result.redirect_url) return goTo(result.redirect_url);
  }
  // Its own page: the receipt, or why it was declined and what to do now.
  if (onOutcomePage) window.location.reload();
  else window.location.replace(outcomeUrl(result.payment_id));
}

/** Follows a payment until it is final (the bank may take a while: PENDING_PROVIDER). */
async function poll(paymentId: string, options: { quiet?: boolean } = {}): Promise<void> {
  following = paymentId;
  for (let i = 0; i < 1200 && following === paymentId; i++) {
    let state: PaymentState | undefined;
    try {
      const response = await fetch(`${base}/status?payment_id=${encodeURIComponent(paymentId)}`, { headers: { 'accept-language': cfg.lang } });
      if (response.status === 404) {
        if (following === paymentId) following = null;
        return;
      }
      if (response.ok) state = (await response.json()) as PaymentState;
    } catch {
      state = undefined; // offline for a moment: try again
    }
    if (following !== paymentId) return;
    if (state && FINAL.has(state.status)) {
      // A remembered attempt that ended while the shopper was away says nothing unless it was paid.
      if (options.quiet && state.status !== 'APPROVED') {
        pending.set(undefined);
        following = null;
        return;
      }
      return finish(state);
    }
    // The processing page says it already.
    if (!onOutcomePage && state?.status_detail === 'PENDING_PROVIDER') say(s.bankProcessing);
    await sleep(1500);
  }
}

// ---- Amount ----------------------------------------------------------------

const { input: amountInput, check: checkAmount } = amountField(cfg);

// ---- Card ------------------------------------------------------------------

const payButton = byId<HTMLButtonElement>('pay');
let cardValid = false;
function refresh(): void {
  const amountOk = checkAmount(false).ok;
  if (payButton) payButton.disabled = done || !(cardValid && amountOk);
}
amountInput?.addEventListener('input', () => {
  checkAmount('typing');
  refresh();
});

let form: CardForm | undefined;
if (cfg.payable && cfg.publicKey && byId('card-form')) {
  form = render(byId('card-form')!, {
    publicKey: cfg.publicKey,
    locale: cfg.lang,
    onValidity: (ok) => {
      cardValid = ok;
      refresh();
    },
    // A credit card's installments ("cuotas"): the link's own BIN look-up says how many the card takes.
    installments: async (bin) => {
      const response = await fetch(`${base}/installments?bin=${encodeURIComponent(bin)}`);
      return response.ok ? ((await response.json()) as { allowed: boolean; max: number }) : undefined;
    },
  });
}

/** The message of a refused call, for the place it belongs. */
function messageOf(error: unknown): string {
  if (error instanceof CallError) return error.body.error?.details?.find((d) => d.field === 'amount')?.message ?? error.message;
  return error instanceof TypeError ? s.network : (error as Error).message;
}

if (payButton)
  onClick(payButton, async () => {
    if (!form) return;
    const amount = checkAmount('paying');
    if (!amount.ok) return amountInput?.focus();
    payButton.disabled = true;
    byId('card-error')!.textContent = '';
    say(s.processing);
    const leaving = pending.get();
    // The rail payment this attempt leaves is declined by the gateway: its poll must not take the page to that decline.
    if (leaving && following === leaving) following = null;
    try {
      const fields = await form.encrypt();
      const result = await postJson<PaymentState>(
        `${base}/card`,
        {
          ...fields,
          cvv_for_payment: await form.encryptCvv(),
          amount: amount.value,
          ...(form.installments() > 1 ? { installments: form.installments() } : {}),
          ...(leaving ? { abandon: leaving } : {}),
        },
        cfg.lang,
      );
      // The rail payment left behind is over (declined by the gateway, or settled): stop following it.
      if (leaving) {
        pending.set(undefined);
        hideSteps();
      }
      if (result.challenge_url) return window.location.assign(result.challenge_url);
      if (!FINAL.has(result.status)) return window.location.replace(outcomeUrl(result.payment_id));
      finish(result);
    } catch (error) {
      say('');
      byId('card-error')!.textContent = messageOf(error);
      // Not left after all (the attempt was refused): follow it again (it may have been paid meanwhile).
      if (leaving && pending.get() === leaving && following === null) void poll(leaving);
    } finally {
      refresh();
    }
  });

// ---- Other methods (COP) ----------------------------------------------------

const { clear: clearFieldErrors, show: showFieldErrors } = fieldErrors();

function hideSteps(): void {
  for (const id of ['otp-step', 'qr-step', 'cash-step']) {
    const step = byId(id);
    if (step) step.hidden = true;
  }
}

function setUpRails(): void {
  const cardTab = byId<HTMLButtonElement>('tab-card')!;
  const railsTab = byId<HTMLButtonElement>('tab-rails')!;
  const tabs = [cardTab, railsTab];
  const select = (tab: HTMLButtonElement) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
      byId(t.getAttribute('aria-controls')!)!.hidden = !on;
    }
  };
  tabs.forEach((t, i) => {
    t.addEventListener('click', () => select(t));
    t.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        const next = tabs[(i + 1) % 2]!;
        select(next);
        next.focus();
      }
    });
  });
  const checked = () => document.querySelector<HTMLInputElement>('input[name=rail]:checked');
  const rail = () => checked()?.value ?? '';
  const showRail = () =>
    document.querySelectorAll<HTMLElement>('[data-rail]').forEach((el) => {
      el.hidden = !el.dataset.rail!.split(' ').includes(rail());
    });
  document.querySelectorAll('input[name=rail]').forEach((r) => r.addEventListener('change', showRail));
  showRail();

  const railPay = byId<HTMLButtonElement>('rail-pay')!;
  onClick(railPay, async () => {
    clearFieldErrors();
    const amount = checkAmount('paying');
    if (!amount.ok) return amountInput?.focus();
    const chosen = rail();
    // What the page does once the intent exists: the rail's fragment says (data-then).
    const then = checked()?.dataset.then;
    const customer: Record<string, string> = {};
    document.querySelectorAll<HTMLElement>('[data-rail]').forEach((block) => {
      if (!block.dataset.rail!.split(' ').includes(chosen)) return;
      block.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-customer]').forEach((input) => {
        customer[input.dataset.customer!] = input.value.trim();
      });
    });
    railPay.disabled = true;
    hideSteps();
    following = null;
    const leaving = pending.get();
    try {
      const result = await postJson<{ payment_id: string; rail: { payment_link?: string; alias?: string; qr?: { image: string }; cash?: CashVoucher } }>(
        `${base}/intent`,
        { rail_id: chosen, amount: amount.value, customer, ...(leaving ? { abandon: leaving } : {}) },
        cfg.lang,
      );
      pending.set(result.payment_id);
      if (then === 'redirect' && result.rail.payment_link) return window.location.assign(result.rail.payment_link);
      // A reload shows this payment's page (the QR again, the wallet, the code).
      history.replaceState(null, '', outcomeUrl(result.payment_id));
      if (then === 'qr' && result.rail.qr) {
        byId<HTMLImageElement>('qr-image')!.src = result.rail.qr.image;
        byId('qr-alias')!.textContent = result.rail.alias ?? '';
        byId('qr-step')!.hidden = false;
      }
      if (then === 'voucher' && result.rail.cash) showVoucher(result.rail.cash, result.rail.payment_link, cfg.lang);
      if (then === 'otp') {
        byId('otp-step')!.hidden = false;
        byId('otp')!.focus();
      }
      say(then === 'approve' ? s.approvePush : s.waiting);
      railPay.disabled = false;
      void poll(result.payment_id);
    } catch (error) {
      if (error instanceof CallError && error.status === 422) showFieldErrors(error);
      else byId('rail-error')!.textContent = messageOf(error);
      railPay.disabled = false;
    }
  });
}

if (cfg.payable && cfg.rails && byId('panel-rails')) setUpRails();

/** The OTP step: on the form (after Continue) or on the waiting page of a wallet payment. */
function setUpOtp(): void {
  const otpInput = byId<HTMLInputElement>('otp')!;
  const otpError = byId('otp-error')!;
  onClick(byId('otp-send')!, async () => {
    const paymentId = following ?? pending.get();
    otpError.textContent = '';
    otpInput.removeAttribute('aria-invalid');
    if (!/^\d{4,8}$/.test(otpInput.value.trim())) {
      otpError.textContent = s.otpRequired;
      otpInput.setAttribute('aria-invalid', 'true');
      return otpInput.focus();
    }
    if (!paymentId) return;
    try {
      const answer = await postJson<{ result: string; attempts_remaining: number; message: string }>(
        `${base}/otp`,
        { payment_id: paymentId, otp: otpInput.value.trim() },
        cfg.lang,
      );
      if (answer.result === 'accepted') return say(answer.message);
      if (answer.result === 'wrong') {
        otpError.textContent = answer.message;
        otpInput.setAttribute('aria-invalid', 'true');
        otpInput.select();
        return;
      }
      // Out of attempts, or expired: the payment is declined; the poll takes the page to its outcome.
      otpError.textContent = answer.message;
    } catch (error) {
      otpError.textContent = messageOf(error);
    }
  });
}

if (byId('otp-send')) setUpOtp();

// ---- Arrival -----------------------------------------------------------------

if (onOutcomePage && cfg.returning) {
  const continueLink = byId<HTMLAnchorElement>('continue-link');
  if (continueLink) goTo(continueLink.href);
  else {
    // This tab's payment now: leaving it for another method (the page's link) gives the link's use back.
    pending.set(cfg.returning);
    void poll(cfg.returning);
  }
} else {
  const remembered = pending.get();
  if (remembered) void poll(remembered, { quiet: true });
}
refresh();
