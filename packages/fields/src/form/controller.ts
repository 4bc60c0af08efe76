/**
 * The card form itself: renders the four fields into a container, formats
 * and validates them as the customer types, shows each problem next to its
 * field (aria-invalid, aria-describedby), reports completeness, and encrypts
 * on demand. Used by the iframe (frame.ts) and, alone, by the gateway's
 * hosted pages (card-form.ts).
 */
import { encryptField, importPublicKey } from './crypto.js';
import { digitsOf, formatCvv, formatExpiry, formatNumber, reformat } from './format.js';
import { TEXTS, type Locale } from './i18n.js';
import {
  BRAND_NAMES,
  brandOf,
  cvvProblem,
  expiryProblem,
  holderProblem,
  normalizeHolder,
  numberProblem,
  parseExpiry,
  type Brand,
  type Problem,
} from './rules.js';
import { STYLESHEET, STYLE_ID } from './styles.js';

export interface CardFormOptions {
  /** The organization's encryption public key (PEM, SPKI; GET /v1/encryption/keys). */
  publicKey: string;
  locale: Locale;
  /** A CSS colour for focus rings and focused borders. */
  accent?: string;
  /** Called whenever the form turns complete and valid (true) or stops being so (false). */
  onValidity?(ok: boolean): void;
  /**
   * Offers the installments selector ("cuotas"): asked with the card's first 6
   * digits, it answers how many installments the card takes (GET
   * /v1/bins/{bin} `installments`). Shown only when `allowed` (a credit card);
   * hidden, and 1, for a debit or prepaid card or until the answer comes.
   */
  installments?(bin: string): Promise<{ allowed: boolean; max: number } | undefined>;
}

export interface EncryptedCard {
  encrypted_number: string;
  encrypted_expiration_month: string;
  encrypted_expiration_year: string;
  encrypted_holder_name: string;
  encrypted_cvv: string;
}

export interface CardFormController {
  isValid(): boolean;
  encrypt(): Promise<EncryptedCard>;
  encryptCvv(): Promise<string>;
  focus(): void;
  /** Shows every field's problem and focuses the first invalid field. */
  showProblems(): void;
  /** Last four digits and brand of what was typed (for results). */
  summary(): { last_four_digits: string; brand: Brand };
  /** The installments chosen: 1 unless the selector is shown (a credit card). */
  installments(): number;
}

type FieldName = 'number' | 'expiry' | 'cvv' | 'holder';

interface Field {
  name: FieldName;
  input: HTMLInputElement;
  error: HTMLElement;
  touched: boolean;
  problem(): Problem | null;
}

let forms = 0;

function installStyle(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = STYLESHEET;
  doc.head.appendChild(style);
}

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function createCardForm(container: HTMLElement, options: CardFormOptions): CardFormController {
  if (!(container instanceof HTMLElement)) throw new TypeError('PasarelaCardForm.render needs a container element.');
  if (typeof options?.publicKey !== 'string' || !options.publicKey.trim()) throw new TypeError('PasarelaCardForm.render needs options.publicKey (PEM).');
  const doc = container.ownerDocument;
  const t = TEXTS[options.locale === 'en' ? 'en' : 'es'];
  const prefix = `pf${++forms}`;
  let key: Promise<CryptoKey> | null = null;
  const publicKey = () => (key ??= importPublicKey(options.publicKey));

  installStyle(doc);
  const form = element(doc, 'div', { class: 'pf-form', lang: options.locale });
  if (typeof options.accent === 'string' && typeof window.CSS?.supports === 'function' && window.CSS.supports('color', options.accent)) {
    form.style.setProperty('--pf-accent', options.accent);
  }

  const brand = (): Brand => brandOf(digitsOf(fields.number.input.value));
  const brandLabel = element(doc, 'span', { class: 'pf-brand', 'aria-hidden': 'true' });
  let cvvHint: HTMLElement | null = null;

  function addField(name: FieldName, label: string, attributes: Record<string, string>, problem: () => Problem | null, hint?: string): Field {
    const id = `${prefix}-${name}`;
    const wrapper = element(doc, 'div', { class: `pf-field pf-${name}` });
    const labelEl = element(doc, 'label', { for: id }, label);
    if (name === 'number') labelEl.appendChild(brandLabel);
    const describedBy = [`${id}-error`];
    const input = element(doc, 'input', {
      id,
      type: 'text',
      'aria-invalid': 'false',
      'aria-required': 'true',
      required: '',
      spellcheck: 'false',
      autocorrect: 'off',
      ...attributes,
    });
    wrapper.append(labelEl, input);
    if (hint) {
      cvvHint = element(doc, 'p', { class: 'pf-hint', id: `${id}-hint` }, hint);
      describedBy.unshift(`${id}-hint`);
      wrapper.appendChild(cvvHint);
    }
    const error = element(doc, 'p', { class: 'pf-error', id: `${id}-error`, 'aria-live': 'polite' });
    wrapper.appendChild(error);
    input.setAttribute('aria-describedby', describedBy.join(' '));
    form.appendChild(wrapper);
    return { name, input, error, touched: false, problem };
  }

  const numeric = { inputmode: 'numeric', autocapitalize: 'off' };
  const fields: Record<FieldName, Field> = {} as Record<FieldName, Field>;
  fields.number = addField('number', t.number, { ...numeric, name: 'cardnumber', autocomplete: 'cc-number', placeholder: t.numberPlaceholder }, () =>
    numberProblem(digitsOf(fields.number.input.value)),
  );
  fields.expiry = addField('expiry', t.expiry, { ...numeric, name: 'cc-exp', autocomplete: 'cc-exp', placeholder: t.expiryPlaceholder }, () =>
    expiryProblem(fields.expiry.input.value),
  );
  fields.cvv = addField(
    'cvv',
    t.cvv,
    { ...numeric, name: 'cvc', autocomplete: 'cc-csc', placeholder: '123' },
    () => cvvProblem(fields.cvv.input.value, brand()),
    t.cvvHint,
  );
  fields.holder = addField(
    'holder',
    t.holder,
    { name: 'ccname', autocomplete: 'cc-name', autocapitalize: 'words', placeholder: t.holderPlaceholder, maxlength: '120' },
    () => holderProblem(fields.holder.input.value),
  );
  const order: Field[] = [fields.number, fields.expiry, fields.cvv, fields.holder];

  // The installments selector: shown for a card whose BIN takes them (a credit card), 1 otherwise.
  const installmentsId = `${prefix}-installments`;
  const installmentsField = element(doc, 'div', { class: 'pf-field pf-installments', hidden: '' });
  const installmentsSelect = element(doc, 'select', { id: installmentsId, name: 'installments', 'aria-describedby': `${installmentsId}-hint` });
  installmentsField.append(
    element(doc, 'label', { for: installmentsId }, t.installments),
    installmentsSelect,
    element(doc, 'p', { class: 'pf-hint', id: `${installmentsId}-hint` }, t.installmentsHint),
  );
  if (options.installments) form.appendChild(installmentsField);
  let askedBin = '';
  function showInstallments(max: number): void {
    installmentsSelect.replaceChildren(
      ...Array.from({ length: max }, (_, i) => element(doc, 'option', { value: String(i + 1) }, i === 0 ? t.installmentsOne : String(i + 1))),
    );
    installmentsField.hidden = max < 2;
  }
  function lookUpInstallments(): void {
    const digits = digitsOf(fields.number.input.value);
    const bin = digits.length >= 6 ? digits.slice(0, 6) : '';
    if (!options.installments || bin === askedBin) return;
    askedBin = bin;
    showInstallments(1);
    if (!bin) return;
    options.installments(bin).then(
      (terms) => {
        // Only the answer for the BIN still typed counts.
        if (askedBin === bin && terms?.allowed) showInstallments(Math.min(36, Math.max(1, Math.floor(terms.max))));
      },
      () => undefined,
    );
  }
  // The layout follows the space the form gets, not the window (a hosted page or an iframe may be narrower).
  container.classList.add('pf-host');
  container.appendChild(form);

  function paint(field: Field): void {
    const problem = field.touched ? field.problem() : null;
    field.input.setAttribute('aria-invalid', String(problem !== null));
    field.error.textContent = problem ? t.problems[problem] : '';
  }

  let valid = false;
  function update(): void {
    const now = order.every((f) => f.problem() === null);
    if (now !== valid) {
      valid = now;
      options.onValidity?.(now);
    }
  }

  const formatters: Partial<Record<FieldName, (text: string) => string>> = {
    number: formatNumber,
    expiry: formatExpiry,
    cvv: (text) => formatCvv(text, brand()),
  };
  for (const field of order) {
    field.input.addEventListener('input', (event) => {
      const format = formatters[field.name];
      if (format) reformat(field.input, format, event);
      if (field.name === 'number') {
        const b = brand();
        brandLabel.textContent = BRAND_NAMES[b];
        if (cvvHint) cvvHint.textContent = b === 'amex' ? t.cvvHintAmex : t.cvvHint;
        fields.cvv.input.value = formatCvv(fields.cvv.input.value, b);
        if (fields.cvv.touched) paint(fields.cvv);
        lookUpInstallments();
      }
      // A shown problem goes away as soon as it is fixed, but a new one waits for blur.
      if (field.touched && field.problem() === null) paint(field);
      update();
    });
    field.input.addEventListener('blur', () => {
      if (field.input.value !== '') field.touched = true;
      paint(field);
    });
  }

  function snapshot() {
    const expiry = parseExpiry(fields.expiry.input.value);
    return {
      number: digitsOf(fields.number.input.value),
      month: expiry ? String(expiry.month).padStart(2, '0') : '',
      year: expiry ? String(expiry.year) : '',
      holder: normalizeHolder(fields.holder.input.value),
      cvv: fields.cvv.input.value,
    };
  }

  const controller: CardFormController = {
    isValid: () => order.every((f) => f.problem() === null),
    focus() {
      (order.find((f) => f.problem() !== null) ?? fields.number).input.focus();
    },
    showProblems() {
      for (const field of order) {
        field.touched = true;
        paint(field);
      }
      controller.focus();
    },
    async encrypt() {
      if (!controller.isValid()) {
        controller.showProblems();
        throw new Error(t.incomplete);
      }
      const card = snapshot();
      const k = await publicKey();
      const [n, m, y, h, c] = await Promise.all([card.number, card.month, card.year, card.holder, card.cvv].map((v) => encryptField(k, v)));
      return { encrypted_number: n!, encrypted_expiration_month: m!, encrypted_expiration_year: y!, encrypted_holder_name: h!, encrypted_cvv: c! };
    },
    async encryptCvv() {
      if (fields.cvv.problem() !== null) {
        controller.showProblems();
        throw new Error(t.incomplete);
      }
      return encryptField(await publicKey(), fields.cvv.input.value);
    },
    summary: () => ({ last_four_digits: digitsOf(fields.number.input.value).slice(-4), brand: brand() }),
    installments: () => (installmentsField.hidden ? 1 : Number(installmentsSelect.value) || 1),
  };
  return controller;
}
