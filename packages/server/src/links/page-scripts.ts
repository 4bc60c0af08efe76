/**
 * The small scripts of the hosted checkout and enrollment form (served from
 * our origin: the pages' CSP allows no inline script). They use the SDK's card
 * form (global PasarelaCardForm from /fields/v1/card-form.js).
 */
export const CHECKOUT_SCRIPT = `(() => {
  const cfg = JSON.parse(document.getElementById('checkout-config').textContent);
  const $ = (id) => document.getElementById(id);
  const status = $('status');
  const base = '/l/' + cfg.token;
  const es = cfg.lang === 'es';
  const say = (es_, en) => (es ? es_ : en);
  let cardValid = false;
  let done = false;
  const amountInput = $('custom-amount');
  function amount() {
    if (!amountInput) return { ok: true };
    const text = String(amountInput.value).trim().replace(',', '.');
    const value = Number(text);
    const decimals = (text.split('.')[1] || '').length;
    const ok = text !== '' && /^\\d+(\\.\\d+)?$/.test(text) && decimals <= cfg.digits && value >= cfg.min && value <= cfg.max;
    $('custom-amount-error').textContent = ok || amountInput.value === '' ? '' : say('El valor debe estar entre ', 'The amount must be between ') + cfg.min + ' ' + say('y', 'and') + ' ' + cfg.max;
    amountInput.setAttribute('aria-invalid', ok ? 'false' : 'true');
    return { ok, value };
  }
  const refresh = () => { $('pay').disabled = done || !(cardValid && amount().ok); };
  if (amountInput) amountInput.addEventListener('input', refresh);
  const form = window.PasarelaCardForm.render($('card-form'), { publicKey: cfg.publicKey, locale: cfg.lang, onValidity: (ok) => { cardValid = ok; refresh(); } });
  async function post(path, body) {
    const response = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': cfg.lang }, body: JSON.stringify(body) });
    const json = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error((json.error && (json.error.details && json.error.details[0] ? json.error.details[0].message : json.error.message)) || response.statusText);
    return json;
  }
  function finish(result) {
    if (result.status === 'APPROVED') {
      // Paid: nothing on this page may start another payment.
      done = true;
      document.querySelectorAll('button.primary').forEach((b) => { b.disabled = true; });
      status.textContent = say('Pago aprobado.', 'Payment approved.');
      if (result.redirect_url) window.location.assign(result.redirect_url);
    } else if (result.status === 'REJECTED' || result.status === 'DECLINED' || result.status === 'FAILED') {
      status.textContent = '';
      $(cfg.rails && !$('panel-rails').hidden ? 'rail-error' : 'card-error').textContent = result.message || say('El pago fue rechazado. Intente con otro medio.', 'The payment was declined. Try another method.');
      if ($('rail-pay')) $('rail-pay').disabled = false;
    }
  }
  async function poll(paymentId) {
    for (let i = 0; i < 600; i++) {
      const response = await fetch(base + '/status?payment_id=' + encodeURIComponent(paymentId));
      const result = await response.json();
      if (result.status && result.status !== 'IN_PROGRESS' && result.status !== 'PENDING') return finish(result);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  $('pay').addEventListener('click', async () => {
    $('pay').disabled = true;
    $('card-error').textContent = '';
    status.textContent = say('Procesando…', 'Processing…');
    try {
      const fields = await form.encrypt();
      const result = await post('/card', Object.assign({}, fields, { cvv_for_payment: await form.encryptCvv(), amount: amount().value }));
      if (result.status === 'PENDING') { status.textContent = say('Su banco está procesando el pago…', 'Your bank is processing the payment…'); return poll(result.payment_id); }
      finish(result);
    } catch (error) {
      status.textContent = '';
      $('card-error').textContent = error.message;
    } finally {
      refresh();
    }
  });
  if (!cfg.rails) return;
  const tabs = [$('tab-card'), $('tab-rails')];
  const select = (tab) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
      $(t.getAttribute('aria-controls')).hidden = !on;
    }
  };
  tabs.forEach((t, i) => {
    t.addEventListener('click', () => select(t));
    t.addEventListener('keydown', (e) => { if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') { const next = tabs[(i + 1) % 2]; select(next); next.focus(); } });
  });
  const rail = () => document.querySelector('input[name=rail]:checked').value;
  const showRail = () => document.querySelectorAll('[data-rail]').forEach((el) => { el.hidden = !el.dataset.rail.split(' ').includes(rail()); });
  document.querySelectorAll('input[name=rail]').forEach((r) => r.addEventListener('change', showRail));
  showRail();
  let currentPayment = null;
  $('rail-pay').addEventListener('click', async () => {
    $('rail-error').textContent = '';
    const a = amount();
    if (!a.ok) return;
    const customer = {};
    if (rail() === 'BANK_REDIRECT') for (const f of ['bank_id', 'document_type', 'document', 'first_name', 'last_name', 'email']) customer[f] = $(f === 'bank_id' ? 'bank' : f).value;
    if (rail() === 'WALLET_PUSH' || rail() === 'WALLET_OTP') customer.phone_number = $('phone').value;
    $('rail-pay').disabled = true;
    try {
      const result = await post('/intent', { rail_id: rail(), amount: a.value, customer });
      currentPayment = result.payment_id;
      if (rail() === 'BANK_REDIRECT') return window.location.assign(result.rail.payment_link);
      if (rail() === 'QR_INTEROP') { $('qr-image').src = result.rail.qr.image; $('qr-alias').textContent = result.rail.alias; $('qr-step').hidden = false; }
      if (rail() === 'WALLET_OTP') { $('otp-step').hidden = false; $('otp').focus(); }
      status.textContent = rail() === 'WALLET_PUSH' ? say('Apruebe el pago en su billetera.', 'Approve the payment in your wallet.') : say('Esperando el pago…', 'Waiting for the payment…');
      poll(currentPayment);
    } catch (error) {
      $('rail-error').textContent = error.message;
      $('rail-pay').disabled = false;
    }
  });
  $('otp-send').addEventListener('click', async () => {
    try { await post('/otp', { payment_id: currentPayment, otp: $('otp').value }); status.textContent = say('Código recibido.', 'Code received.'); }
    catch (error) { $('rail-error').textContent = error.message; }
  });
})();
`;

export const ENROLL_SCRIPT = `(() => {
  const cfg = JSON.parse(document.getElementById('enroll-config').textContent);
  const $ = (id) => document.getElementById(id);
  const es = cfg.lang === 'es';
  const form = window.PasarelaCardForm.render($('card-form'), { publicKey: cfg.publicKey, locale: cfg.lang, accent: cfg.accent || undefined, onValidity: (ok) => { $('save').disabled = !ok; } });
  $('save').addEventListener('click', async () => {
    $('save').disabled = true;
    $('card-error').textContent = '';
    try {
      const fields = await form.encrypt();
      const response = await fetch('/e/' + cfg.token + '/save', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': cfg.lang }, body: JSON.stringify(fields) });
      const json = await response.json();
      if (!response.ok) throw new Error((json.error && (json.error.details && json.error.details[0] ? json.error.details[0].message : json.error.message)) || response.statusText);
      $('card-form').hidden = true;
      $('save').hidden = true;
      $('status').textContent = es ? 'Tarjeta guardada.' : 'Card saved.';
      // Only to the merchant's listed origins: a message whose target origin is not the parent's is dropped by the browser.
      if (window.parent !== window) for (const origin of cfg.parentOrigins || []) window.parent.postMessage({ type: 'pasarela.enrollment', status: 'ENROLLED', instrument_id: json.instrument_id }, origin);
    } catch (error) {
      $('card-error').textContent = error.message;
      $('save').disabled = false;
    }
  });
})();
`;
