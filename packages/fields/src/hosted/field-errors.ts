/** A refused rail intent's problems, each beside its field on the checkout page (or above Continue when it has none). */
import { byId, type CallError } from './dom.js';

export function fieldErrors() {
  /** Where each field of the intent is on the page: the rails' inputs say which `customer` field they fill (`data-customer`). */
  const FIELD_INPUTS: Record<string, string> = { amount: 'custom-amount' };
  document.querySelectorAll<HTMLElement>('[data-customer]').forEach((input) => {
    FIELD_INPUTS[`customer.${input.dataset.customer!}`] = input.id;
  });

  function clearFieldErrors(): void {
    for (const id of Object.values(FIELD_INPUTS)) {
      const input = byId(id);
      const error = byId(`${id}-error`);
      if (error && id !== 'custom-amount') error.textContent = '';
      if (input && id !== 'custom-amount') input.removeAttribute('aria-invalid');
    }
    const railError = byId('rail-error');
    if (railError) railError.textContent = '';
  }

  /** Each problem beside its field (visible ones first); the rest, and a summary, above Continue. */
  function showFieldErrors(error: CallError): void {
    const details = error.body.error?.details ?? [];
    let first: HTMLElement | undefined;
    const before = (a: HTMLElement, b: HTMLElement) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    const loose: string[] = [];
    for (const detail of details) {
      const id = FIELD_INPUTS[detail.field];
      const input = id ? byId(id) : null;
      const slot = id ? byId(`${id}-error`) : null;
      if (input && slot && input.offsetParent !== null) {
        slot.textContent = detail.message;
        input.setAttribute('aria-invalid', 'true');
        if (!first || before(input, first)) first = input;
      } else loose.push(detail.message);
    }
    byId('rail-error')!.textContent = [first ? error.message : '', ...loose].filter(Boolean).join(' ');
    first?.focus();
  }

  return { clear: clearFieldErrors, show: showFieldErrors };
}
