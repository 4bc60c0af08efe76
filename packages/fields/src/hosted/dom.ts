/** Small DOM and HTTP helpers shared by the hosted pages' scripts. */

export function byId<T extends HTMLElement = HTMLElement>(id: string): T | null {
  return document.getElementById(id) as T | null;
}

/** The JSON configuration the server put in `<script type="application/json" id=...>`. */
export function readConfig<T>(id: string): T {
  return JSON.parse(byId(id)?.textContent ?? '{}') as T;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `work` on each click; an error it did not catch itself goes to the console, never an unhandled rejection. */
export function onClick(element: HTMLElement, work: () => Promise<unknown>): void {
  element.addEventListener('click', () => {
    work().catch((error: unknown) => console.error('[Pasarela]', error));
  });
}

export interface ErrorBody {
  error?: { code?: string; message?: string; details?: Array<{ field: string; message: string }> };
}

/** A refused call: its HTTP status and the gateway's error body. */
export class CallError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    message: string,
  ) {
    super(message);
  }
}

/** POSTs JSON to the page's own endpoints, in the page's language; a non-2xx answer throws a CallError. */
export async function postJson<T>(url: string, body: unknown, lang: string): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': lang }, body: JSON.stringify(body) });
  const json = (await response.json().catch(() => ({}))) as T & ErrorBody;
  if (!response.ok) throw new CallError(response.status, json, json.error?.message ?? response.statusText);
  return json;
}
