/* global document, PasarelaFields -- a browser script; the SDK is loaded by index.html */
// The merchant page: asks its backend for a checkout session's token (and the
// public key), mounts the fields, and shows results. Card data never reaches
// this script: it lives in the gateway's iframe. The token can make this
// page's one payment (or save one card) and nothing else, so after a decline
// the page asks its backend for a new session and mounts fresh fields with it.
const $ = (id) => document.getElementById(id);
const show = (value) => {
  $('result').textContent = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
};
const say = (text) => {
  $('message').textContent = text;
};

async function session(path, body) {
  const reply = await (await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) })).json();
  if (!reply.token) throw new Error(reply.error || 'no checkout session');
  return reply;
}

function mount(selector, checkout, handlers) {
  return PasarelaFields.mount(selector, {
    apiBase: checkout.apiBase,
    token: checkout.token,
    encryptionPublicKey: checkout.encryptionPublicKey,
    accent: '#7b2cbf',
    onReady: handlers.onReady,
    onValidity: handlers.onValidity,
    onDecline: handlers.onDecline,
    onResult: (result) => show(result),
  });
}

// One checkout session per attempt: the first when the page opens, a new one after each decline.
let fields = null;
let attempts = 0;
let declined = '';
async function newAttempt() {
  const checkout = await session('/session');
  $('total').textContent = `Total: ${checkout.currency} ${checkout.amount.toLocaleString('es-CO')}`;
  fields?.destroy();
  attempts += 1;
  fields = mount('#card', checkout, {
    onReady: () =>
      say(
        declined
          ? `${declined} Escriba otra tarjeta y pague de nuevo (intento ${attempts}).`
          : 'Listo: escriba una tarjeta de prueba, p. ej. 4242 4242 4242 4242.',
      ),
    onValidity: (ok) => {
      $('pay').disabled = !ok;
    },
    // The SDK's decline event: the session is spent (next_action "new_session").
    onDecline: (result) => {
      declined = result.message;
      say(`${declined} Preparando otro intento…`);
      newAttempt().catch((error) => say(`Error: ${error.message}`));
    },
  });
}

async function main() {
  await newAttempt();

  $('pay').addEventListener('click', async () => {
    $('pay').disabled = true;
    say('Procesando…');
    const result = await fields.pay();
    if (result.status === 'REJECTED') return; // onDecline has started a new attempt
    if (result.payment_id) {
      // Confirm on the backend: the browser's word is not proof of payment.
      const confirmed = await (await fetch(`/payments/${result.payment_id}`)).json();
      say(confirmed.status === 'APPROVED' ? `Pago aprobado: ${confirmed.id}.` : `Estado del pago: ${confirmed.status}.`);
      show({ result, confirmed_by_backend: confirmed });
    } else {
      say(result.error?.message ?? 'No se pudo pagar.');
      if (result.error?.code === 'invalid_card') $('pay').disabled = false;
    }
  });

  // Saving a card is another session (mode enrollment), for the user the backend names.
  let saving = null;
  $('start-enroll').addEventListener('click', async () => {
    $('start-enroll').disabled = true;
    try {
      const enrollment = await session('/enrollment-session', { name: $('name').value, email: $('email').value });
      saving = mount('#card-save', enrollment, {
        onValidity: (ok) => {
          $('enroll').disabled = !ok;
        },
      });
    } catch (error) {
      show(`Error: ${error.message}`);
      $('start-enroll').disabled = false;
    }
  });
  $('enroll').addEventListener('click', () => saving?.enroll());
}

main().catch((error) => say(`Error: ${error.message}`));
