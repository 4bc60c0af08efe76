/**
 * Lists: `await list(...)` gives the first page (`{data, has_more}`);
 * `for await (const item of list(...))` walks every page with the API's keyset
 * cursors (newest first: `starting_after` the last id of a page; a list started
 * with `ending_before` walks towards newer items with the first id). A walk
 * never fetches the same cursor twice: a next cursor already fetched, or an
 * edge item without an `id`, throws a PaginationError instead of looping.
 */
import { PaginationError } from './errors.js';

export interface Page<T> {
  data: T[];
  has_more: boolean;
}

export interface Cursor {
  starting_after?: string;
  ending_before?: string;
}

export class PageList<T extends { id: string }> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  private first: Promise<Page<T>> | undefined;

  constructor(
    private readonly fetchPage: (cursor: Cursor) => Promise<Page<T>>,
    private readonly start: Cursor,
  ) {}

  private firstPage(): Promise<Page<T>> {
    this.first ??= this.fetchPage(this.start);
    return this.first;
  }

  // The first page, when awaited. Requested once, however often it is awaited or iterated.
  then<R1 = Page<T>, R2 = never>(
    onfulfilled?: ((value: Page<T>) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.firstPage().then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<Page<T> | R> {
    return this.firstPage().catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<Page<T>> {
    return this.firstPage().finally(onfinally);
  }

  /** Every page, one request each. */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    const backwards = this.start.ending_before !== undefined;
    const key = backwards ? 'ending_before' : 'starting_after';
    const fetched = new Set<string>();
    const first = this.start[key];
    if (first !== undefined) fetched.add(first);
    let page = await this.firstPage();
    for (;;) {
      yield page;
      if (!page.has_more || page.data.length === 0) return;
      const edge = backwards ? page.data[0] : page.data[page.data.length - 1];
      const id = (edge as { id?: unknown } | undefined)?.id;
      if (typeof id !== 'string' || id === '') {
        throw new PaginationError(
          'pagination_cursor_missing',
          `The page says has_more, but its ${backwards ? 'first' : 'last'} item has no id to continue from (${key}); stopped instead of fetching the same page again.`,
        );
      }
      const cursor: Cursor = { [key]: id };
      if (fetched.has(id)) {
        throw new PaginationError(
          'pagination_cursor_repeated',
          `The next page's cursor ${key}=${id} was already fetched in this walk; stopped instead of fetching the same page again.`,
          cursor,
        );
      }
      fetched.add(id);
      page = await this.fetchPage(cursor);
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Every item, up to `max` (default 10 000), in one array. */
  async toArray(max = 10_000): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this) {
      if (items.length >= max) break;
      items.push(item);
    }
    return items;
  }
}
