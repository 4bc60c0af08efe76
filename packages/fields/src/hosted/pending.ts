/** The rail payment a checkout tab started, kept across reloads (sessionStorage) so the next attempt can name it as `abandon`. */

export function pendingStore(token: string) {
  const key = `pasarela.checkout.${token}.pending`;
  return {
    get(): string | undefined {
      try {
        return sessionStorage.getItem(key) ?? undefined;
      } catch {
        return undefined;
      }
    },
    set(id: string | undefined): void {
      try {
        if (id) sessionStorage.setItem(key, id);
        else sessionStorage.removeItem(key);
      } catch {
        /* storage off: switching method then waits for the intent to lapse */
      }
    },
  };
}
