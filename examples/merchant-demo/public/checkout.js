/* global document, PasarelaFields -- a browser script; the SDK is loaded by index.html */
// The merchant page: asks its backend for a checkout session's token (and the
// public key), mounts the fields, and shows results. Card data never reaches
// this script: it lives in the gateway's iframe. The token can make this
// page's one payment (or save one card) and nothing else.
const $ = (id) => document.getElementById(id);
const show = (value) => { $('result').textContent = typeof value === 'string' ? value : JSON.stringify(value, null, 2); };

async function session(path, body) {
  const reply = await (await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) })).json();
  if (!reply.token) throw new Error(reply.error || 'no checkout session');
  return reply;
}

function mount(selector, checkout, onValidity) {
  return PasarelaFields.mount(selector, {
    apiBase: checkout.apiBase,
    token: checkout.token,
    encryptionPublicKey: checkout.encryptionPublicKey,
    accent: '#7b2cbf',
    onReady: () => show('Listo: escriba una tarjeta de prueba, p. ej. 4242 4242 4242 4242.'),
    onValidity,
    onResult: (result) => show(result),
  });
}

async function main() {
  const checkout = await session('/session');
  $('total').textContent = `Total: ${checkout.currency} ${checkout.amount.toLocaleString('es-CO')}`;
  const fields = mount('#card', checkout, (ok) => { $('pay').disabled = !ok; });

  $('pay').addEventListener('click', async () => {
    $('pay').disabled = true;
    show('Procesando…');
    const result = await fields.pay();
    if (result.payment_id) {
      // Confirm on the backend: the browser's word is not proof of payment.
      const confirmed = await (await fetch(`/payments/${result.payment_id}`)).json();
      show({ result, confirmed_by_backend: confirmed });
    } else if (result.status !== 'ERROR') $('pay').disabled = false;
  });

  // Saving a card is another session (mode enrollment), for the user the backend names.
  let saving = null;
  $('start-enroll').addEventListener('click', async () => {
    $('start-enroll').disabled = true;
    try {
      const enrollment = await session('/enrollment-session', { name: $('name').value, email: $('email').value });
      saving = mount('#card-save', enrollment, (ok) => { $('enroll').disabled = !ok; });
    } catch (error) {
      show(`Error: ${error.message}`);
      $('start-enroll').disabled = false;
    }
  });
  $('enroll').addEventListener('click', () => saving?.enroll());
}

main().catch((error) => show(`Error: ${error.message}`));
