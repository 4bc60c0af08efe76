/**
 * The postMessage protocol between the SDK (merchant page) and the iframe
 * (gateway origin). Every message is an object whose `type` starts with
 * `pasarela:`; each side also checks `event.origin` and `event.source`
 * before looking at the data (sdk.ts, frame.ts).
 */
import type { ExistingUser, FieldsResult, NewUser, ResultError } from './types.js';

export type Locale = 'es' | 'en';

export type ToFrame =
  | { type: 'pasarela:init'; token: string; publicKey: string; amount?: number; currency?: string; locale: Locale; accent?: string }
  | { type: 'pasarela:pay'; id: string; order_id?: string; description?: string }
  | { type: 'pasarela:enroll'; id: string; user?: NewUser | ExistingUser }
  | { type: 'pasarela:focus' };

export type FromFrame =
  | { type: 'pasarela:loaded' }
  | { type: 'pasarela:ready' }
  | { type: 'pasarela:validity'; ok: boolean }
  | { type: 'pasarela:resize'; height: number }
  | { type: 'pasarela:result'; id: string; result: FieldsResult }
  | { type: 'pasarela:error'; error: ResultError };

export function isMessage<T extends { type: string }>(data: unknown): data is T {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { type?: unknown }).type === 'string' &&
    (data as { type: string }).type.startsWith('pasarela:')
  );
}
