import type { Kysely } from 'kysely';

/**
 * Two more test banks of the bank-redirect rail (PSE), for the outcomes a
 * PSE integration must handle besides approved, rejected and failed
 * (docs/sandbox.md): 9004 answers pending first and approves later; 9005's
 * customer abandons the bank's page. Listed after the other test banks.
 */
const BANKS = [
  { id: '9004', name: 'Banco de Pruebas: pendiente', sandbox_outcome: 'pending', position: 11 },
  { id: '9005', name: 'Banco de Pruebas: abandona', sandbox_outcome: 'abandon', position: 12 },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db
    .insertInto('banks' as never)
    .values(BANKS.map((b) => ({ ...b, rail_id: 'BANK_REDIRECT', country: 'COL', active: 1 })))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db
    .deleteFrom('banks' as never)
    .where('id' as never, 'in', BANKS.map((b) => b.id) as never)
    .execute();
}
