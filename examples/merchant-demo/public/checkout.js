/* global document, PasarelaFields -- a browser script; the SDK is loaded by index.html */
// The merchant page: asks its backend for a checkout session (a narrow token and
// the public key), mounts the fields, and shows results. Card data never reaches
// this script: it lives in the gateway's iframe.
const $ = (id) => document.getElementById(id);
const show = (value) => { $('result').textContent = typeof value === 'string' ? value : JSON.stringify(value, null, 2); };

async function main() {
  const session = await (await fetch('/session', { method: 'POST' })).json();
  if (!session.token) return show(session);
  $('total').textContent = `Total: ${session.currency} ${session.amount.toLocaleString('es-CO')}`;
  const fields = PasarelaFields.mount('#card', {
    apiBase: session.apiBase,
    token: session.token,
    encryptionPublicKey: session.encryptionPublicKey,
    amount: session.amount,
    currency: session.currency,
    accent: '#7b2cbf',
    onReady: () => show('Listo: escriba una tarjeta de prueba, p. ej. 4242 4242 4242 4242.'),
    onValidity: (ok) => { $('pay').disabled = !ok; $('enroll').disabled = !ok; },
    onResult: (result) => show(result),
  });

  $('pay').addEventListener('click', async () => {
    $('pay').disabled = true;
    show('Procesando…');
    const result = await fields.pay({ description: 'Pedido de la tienda demo' });
    if (result.payment_id) {
      // Confirm on the backend: the browser's word is not proof of payment.
      const confirmed = await (await fetch(`/payments/${result.payment_id}`)).json();
      show({ result, confirmed_by_backend: confirmed });
    }
    $('pay').disabled = false;
  });

  $('enroll').addEventListener('click', () => fields.enroll({ user: { name: $('name').value, email: $('email').value } }));
}

main().catch((error) => show(`Error: ${error.message}`));
