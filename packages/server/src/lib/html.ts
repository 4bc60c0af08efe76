/**
 * HTML for the server-rendered hosted pages (checkout, enrollment form,
 * sandbox bank): `html` is a tagged template whose interpolated values are
 * escaped unless they are `Html` themselves (another template, or `raw`
 * markup the caller vouches for). Arrays are joined; null, undefined and
 * false render nothing.
 */

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Markup that is already safe: the result of `html`, or `raw`. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new Html(out);
}

/** Markup taken as it is: only for constants of our own (a stylesheet), never for input. */
export function raw(markup: string): Html {
  return new Html(markup);
}

/** JSON inside a `<script type="application/json">`: never closes the element. */
export function jsonScript(id: string, value: unknown): Html {
  return new Html(`<script type="application/json" id="${escapeHtml(id)}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`);
}
