/**
 * Terminals and their users, and points of sale with their terminals
 * (docs/api-conventions.md). A terminal's serial is unique within its organization
 * (a unique index; a duplicate is 409 terminal_serial_taken). A terminal is
 * attached to at most one point of sale: adding it to another one moves it.
 * A point of sale that still has terminals cannot be deleted (409
 * point_of_sale_in_use); deleting a terminal deletes its users and detaches it.
 */
import { isUniqueViolation, type Db } from '../db/database.js';
import type { PointsOfSaleTable, TerminalsTable, TerminalUsersTable } from '../db/schema.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { paginate, type ListQuery, type Page } from '../http/pagination.js';
import { newId } from '../lib/ids.js';
import type { RealClock } from '../clock/clock.js';
import type { MerchantService } from './merchants.service.js';
import type { Deleted, PointOfSale, Terminal, TerminalInput, TerminalUser } from './schemas.js';

const pointView = (row: PointsOfSaleTable): PointOfSale => ({
  id: row.id,
  merchant_id: row.merchant_id,
  name: row.name,
  address: row.address,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const terminalView = (row: TerminalsTable): Terminal => ({
  id: row.id,
  serial: row.serial,
  model: row.model,
  status: row.status,
  point_of_sale_id: row.point_of_sale_id,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const userView = (row: TerminalUsersTable): TerminalUser => ({
  id: row.id,
  terminal_id: row.terminal_id,
  name: row.name,
  role: row.role,
  created_at: row.created_at,
});

const serialTaken = (serial: string) =>
  new ApiError('terminal_serial_taken', `A terminal with serial ${serial} already exists in this organization.`, [
    { field: 'serial', message: 'already used' },
  ]);

export class TerminalService {
  constructor(
    private readonly db: Db,
    private readonly merchants: MerchantService,
    private readonly clock: RealClock,
  ) {}

  // Terminals.

  private async terminalRow(organizationId: string, id: string): Promise<TerminalsTable> {
    const row = await this.db.selectFrom('terminals').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!row) throw ApiError.notFound('terminal');
    return row;
  }

  async createTerminal(organizationId: string, input: TerminalInput): Promise<Terminal> {
    const now = this.clock.realIso();
    const serial = input.serial.trim();
    const row: TerminalsTable = {
      id: newId('terminal'),
      organization_id: organizationId,
      point_of_sale_id: null,
      serial,
      model: input.model?.trim() || null,
      status: input.status ?? 'active',
      created_at: now,
      updated_at: now,
    };
    try {
      await this.db.insertInto('terminals').values(row).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw serialTaken(serial);
      throw error;
    }
    return terminalView(row);
  }

  async getTerminal(organizationId: string, id: string): Promise<Terminal> {
    return terminalView(await this.terminalRow(organizationId, id));
  }

  async listTerminals(organizationId: string, params: ListQuery): Promise<Page<Terminal>> {
    const page = await paginate(
      this.db.selectFrom('terminals').selectAll().where('organization_id', '=', organizationId),
      { id: 'id', createdAt: 'created_at', kind: 'terminal' },
      params,
    );
    return { data: page.data.map(terminalView), has_more: page.has_more };
  }

  /** PUT: replaces serial, model and status (an omitted model is cleared, an omitted status is active). */
  async updateTerminal(organizationId: string, id: string, input: TerminalInput): Promise<Terminal> {
    const current = await this.terminalRow(organizationId, id);
    const serial = input.serial.trim();
    const row: TerminalsTable = { ...current, serial, model: input.model?.trim() || null, status: input.status ?? 'active', updated_at: this.clock.realIso() };
    try {
      await this.db
        .updateTable('terminals')
        .set({ serial: row.serial, model: row.model, status: row.status, updated_at: row.updated_at })
        .where('id', '=', id)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw serialTaken(serial);
      throw error;
    }
    return terminalView(row);
  }

  async removeTerminal(organizationId: string, id: string): Promise<Deleted> {
    await this.terminalRow(organizationId, id);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('terminal_users').where('terminal_id', '=', id).execute();
      await trx.deleteFrom('terminals').where('id', '=', id).execute();
    });
    return { id, deleted: true };
  }

  // Terminal users.

  async addUser(organizationId: string, terminalId: string, input: { name: string; role: 'cashier' | 'supervisor' }): Promise<TerminalUser> {
    await this.terminalRow(organizationId, terminalId);
    const row: TerminalUsersTable = {
      id: newId('terminalUser'),
      terminal_id: terminalId,
      name: input.name.trim(),
      role: input.role,
      created_at: this.clock.realIso(),
    };
    await this.db.insertInto('terminal_users').values(row).execute();
    return userView(row);
  }

  async listUsers(organizationId: string, terminalId: string, params: ListQuery): Promise<Page<TerminalUser>> {
    await this.terminalRow(organizationId, terminalId);
    const page = await paginate(
      this.db.selectFrom('terminal_users').selectAll().where('terminal_id', '=', terminalId),
      { id: 'id', createdAt: 'created_at', kind: 'terminalUser' },
      params,
    );
    return { data: page.data.map(userView), has_more: page.has_more };
  }

  async removeUser(organizationId: string, terminalId: string, userId: string): Promise<Deleted> {
    await this.terminalRow(organizationId, terminalId);
    const removed = await this.db.deleteFrom('terminal_users').where('id', '=', userId).where('terminal_id', '=', terminalId).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw ApiError.notFound('user of this terminal');
    return { id: userId, deleted: true };
  }

  // Points of sale.

  private async pointRow(organizationId: string, id: string): Promise<PointsOfSaleTable> {
    const row = await this.db.selectFrom('points_of_sale').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!row) throw ApiError.notFound('point of sale');
    return row;
  }

  async createPoint(organizationId: string, input: { merchant_id: string; name: string; address?: string }): Promise<PointOfSale> {
    try {
      await this.merchants.row(organizationId, input.merchant_id);
    } catch {
      throw ApiError.validation([{ field: 'merchant_id', message: 'no such merchant in this organization' }]);
    }
    const now = this.clock.realIso();
    const row: PointsOfSaleTable = {
      id: newId('pointOfSale'),
      organization_id: organizationId,
      merchant_id: input.merchant_id,
      name: input.name.trim(),
      address: input.address?.trim() || null,
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('points_of_sale').values(row).execute();
    return pointView(row);
  }

  async getPoint(organizationId: string, id: string): Promise<PointOfSale> {
    return pointView(await this.pointRow(organizationId, id));
  }

  /** PUT: replaces name and address (an omitted address is cleared); the merchant does not change. */
  async updatePoint(organizationId: string, id: string, input: { name: string; address?: string }): Promise<PointOfSale> {
    const current = await this.pointRow(organizationId, id);
    const row: PointsOfSaleTable = { ...current, name: input.name.trim(), address: input.address?.trim() || null, updated_at: this.clock.realIso() };
    await this.db.updateTable('points_of_sale').set({ name: row.name, address: row.address, updated_at: row.updated_at }).where('id', '=', id).execute();
    return pointView(row);
  }

  async removePoint(organizationId: string, id: string): Promise<Deleted> {
    await this.pointRow(organizationId, id);
    const terminal = await this.db.selectFrom('terminals').select('id').where('point_of_sale_id', '=', id).limit(1).executeTakeFirst();
    if (terminal) throw new ApiError('point_of_sale_in_use', 'The point of sale has terminals; remove them first.');
    await this.db.deleteFrom('points_of_sale').where('id', '=', id).execute();
    return { id, deleted: true };
  }

  async pointTerminals(organizationId: string, id: string, params: ListQuery): Promise<Page<Terminal>> {
    await this.pointRow(organizationId, id);
    const query = this.db.selectFrom('terminals').selectAll().where('organization_id', '=', organizationId).where('point_of_sale_id', '=', id);
    const page = await paginate(query, { id: 'id', createdAt: 'created_at', kind: 'terminal' }, params);
    return { data: page.data.map(terminalView), has_more: page.has_more };
  }

  /**
   * PATCH: attaches `add` (moving a terminal attached elsewhere) and detaches
   * `remove` (a terminal not attached here is left alone). All or nothing.
   */
  async associate(organizationId: string, id: string, input: { add?: string[]; remove?: string[] }): Promise<Page<Terminal>> {
    await this.pointRow(organizationId, id);
    const add = input.add ?? [];
    const remove = input.remove ?? [];
    const ids = [...new Set([...add, ...remove])];
    const found =
      ids.length === 0 ? [] : await this.db.selectFrom('terminals').select('id').where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
    const known = new Set(found.map((t) => t.id));
    const details: ErrorDetail[] = [];
    add.forEach((t, i) => known.has(t) || details.push({ field: `add.${i}`, message: 'no such terminal in this organization' }));
    remove.forEach((t, i) => {
      if (!known.has(t)) details.push({ field: `remove.${i}`, message: 'no such terminal in this organization' });
      else if (add.includes(t)) details.push({ field: `remove.${i}`, message: 'the terminal is also in add' });
    });
    if (details.length > 0) throw ApiError.validation(details);
    const now = this.clock.realIso();
    await this.db.transaction().execute(async (trx) => {
      if (add.length > 0)
        await trx
          .updateTable('terminals')
          .set({ point_of_sale_id: id, updated_at: now })
          .where('organization_id', '=', organizationId)
          .where('id', 'in', add)
          .execute();
      if (remove.length > 0) {
        await trx
          .updateTable('terminals')
          .set({ point_of_sale_id: null, updated_at: now })
          .where('point_of_sale_id', '=', id)
          .where('id', 'in', remove)
          .execute();
      }
    });
    return this.pointTerminals(organizationId, id, { limit: 100 });
  }
}
