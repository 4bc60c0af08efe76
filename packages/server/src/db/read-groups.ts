/**
 * PostgreSQL point reads outside a transaction, in groups, as db/postgres-client.ts
 * sends commits (StatementGroups): while a read of one text is being answered, the
 * next reads of that text wait; then they go together as one statement, each
 * read's rows tagged with its place in the group:
 *
 *     select r.*, 0 as "__read" from (<read 0>) as r
 *     union all select r.*, 1 as "__read" from (<read 1>) as r ...
 *
 * One round trip, one executor start and one wake-up of a PostgreSQL backend for
 * the group instead of one each. Only for reads marked `grouped` (db/prepared.ts):
 * lookups by a unique key, whose rows need no order. `GET /v1/payments/{id}`'s read
 * is one: on PostgreSQL, 20 connections, 16,500-18,000 gets/s instead of 11,700,
 * and PostgreSQL's CPU per get down by about a third (docs/benchmarks-history.md, "2026-11-26,
 * reads of a payment in groups on PostgreSQL, the graded cases at four times their
 * connections"; commit dcf2909). A created payment's read (readTogether's JSON columns) is not: grouped,
 * PostgreSQL spent more CPU per payment on the union, and fewer payments went through.
 *
 * Each read still sees every row committed before it was called (it is sent
 * after it is called, never before), and a read has no effect, so a group that
 * fails is sent again one read at a time, each for its own answer.
 */
import { appendParameters, combineStatements } from './pg-statements.js';

/**
 * The column that tags each row with its read's place in the group, removed before the row is
 * answered. It is the last column: V8 deletes an object's last-added property by going back to
 * the shape it had before, while deleting any other turns the row into a dictionary, slower to
 * read for the view that reads all of its columns next (about 1 µs more per row in a loop).
 */
const READ = '__read';
/**
 * A group unanswered after this long gives up its turn, and the reads waiting behind it go
 * as the next group beside it. Short, unlike a commit group's turn (GROUP_TURN_MS): a read
 * group is answered in about a millisecond under load, and one held up longer (its backend
 * not scheduled, a periodic statement beside it) must not hold up every read of its kind.
 * Measured with `GET /v1/payments/{id}` on PostgreSQL, 20 connections (the same entry of
 * docs/benchmarks-history.md): with 50 ms, the evenly paced p99 at 7,500/s was 11-14 ms; with
 * 2 ms, 4-6 ms, and the full-load rate as high or higher.
 */
const READ_TURN_MS = 2;
/** At most this many reads in a group: bounds the texts (one per size) of each read. */
const MAX_MEMBERS = 16;
/** At most this many parameters in a group's statement (PostgreSQL's limit is 65 535). */
const MAX_PARAMETERS = 30_000;

type Row = Record<string, unknown>;
type Execute = (text: string, values: unknown[]) => Promise<Row[]>;

interface Pending {
  values: readonly unknown[];
  resolve: (rows: Row[]) => void;
  reject: (error: unknown) => void;
}

interface Turn {
  /** A group holds the turn: sent, and neither answered nor late. */
  held: boolean;
  waiting: Pending[];
}

export class ReadGroups {
  readonly #turns = new Map<string, Turn>();
  /** Groups of two or more sent, the reads in them, and reads sent again alone after their group failed. */
  readonly stats = { groups: 0, reads: 0, retried: 0 };

  constructor(
    private readonly execute: Execute,
    private readonly turnMs = READ_TURN_MS,
  ) {}

  /** The rows of `text` with `values`, read alone or in a group. */
  read(text: string, values: readonly unknown[]): Promise<Row[]> {
    return new Promise<Row[]>((resolve, reject) => {
      let turn = this.#turns.get(text);
      if (!turn) this.#turns.set(text, (turn = { held: false, waiting: [] }));
      turn.waiting.push({ values, resolve, reject });
      this.#pump(text, turn);
    });
  }

  #pump(text: string, turn: Turn): void {
    if (turn.held || turn.waiting.length === 0) return;
    const group = take(turn.waiting);
    turn.held = true;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      turn.held = false;
      this.#pump(text, turn);
    };
    const late = setTimeout(release, this.turnMs);
    late.unref();
    void this.#send(text, group).finally(() => {
      clearTimeout(late);
      release();
    });
  }

  async #send(text: string, group: Pending[]): Promise<void> {
    if (group.length === 1) return this.#sendAlone(text, group[0]!);
    this.stats.groups++;
    this.stats.reads += group.length;
    let rows: Row[];
    try {
      const parts = group.map((m) => ({ text, values: m.values }));
      const combined = combineStatements('reads', parts, () => {
        const parameters: unknown[] = [];
        return parts.map((p, i) => `select r.*, ${i} as "${READ}" from (${appendParameters(parameters, p.text, p.values)}) as r`).join(' union all ');
      });
      rows = await this.execute(combined.text, combined.values);
    } catch {
      this.stats.retried += group.length;
      await Promise.all(group.map((m) => this.#sendAlone(text, m)));
      return;
    }
    const out = group.map((): Row[] => []);
    for (const row of rows) {
      const i = row[READ] as number;
      delete row[READ];
      out[i]!.push(row);
    }
    group.forEach((m, i) => m.resolve(out[i]!));
  }

  async #sendAlone(text: string, m: Pending): Promise<void> {
    try {
      m.resolve(await this.execute(text, [...m.values]));
    } catch (error) {
      m.reject(error);
    }
  }
}

/** The oldest waiting reads, within a group's bounds. */
function take(waiting: Pending[]): Pending[] {
  let parameters = 0;
  let n = 0;
  while (n < waiting.length && n < MAX_MEMBERS && (n === 0 || parameters + waiting[n]!.values.length <= MAX_PARAMETERS)) {
    parameters += waiting[n]!.values.length;
    n++;
  }
  return waiting.splice(0, n);
}
