import type { Kysely } from 'kysely';

/**
 * An owner can disable a dashboard member (dashboard/service.ts): a disabled
 * member cannot sign in and has no session; enabling them again gives the
 * access back without a new invitation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dashboard_users').addColumn('disabled_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dashboard_users').dropColumn('disabled_at').execute();
}
