/**
 * Request and response schemas of merchants, points of sale, terminals and
 * terminal users (docs/api-conventions.md "Paths the specification does not show").
 */
import { Type, type Static } from 'typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Timestamps = { created_at: Type.String({ format: 'date-time' }), updated_at: Type.String({ format: 'date-time' }) };

/** The answer to a DELETE: the object is gone for good. */
export const Deleted = Type.Object({ id: Type.String(), deleted: Type.Literal(true) });
export type Deleted = Static<typeof Deleted>;

export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const TAX_ID_TYPES = ['NIT', 'CC', 'CE', 'PASSPORT', 'TI'] as const;

export const MerchantInput = Type.Object({
  name: Name,
  legal_name: Type.Optional(Type.String({ maxLength: 200 })),
  tax_id: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'With `tax_id_type` NIT, the DIAN check digit is verified (900123456-8).' })),
  tax_id_type: Type.Optional(Type.Union(TAX_ID_TYPES.map((t) => Type.Literal(t)))),
  mcc: Type.Optional(Type.String({ pattern: '^[0-9]{4}$', description: 'Merchant category code, 4 digits.' })),
  country: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 3166-1 alpha-3; default COL.' })),
  parent_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Makes this a sub-merchant of a merchant of the same organization.' })),
});
export type MerchantInput = Static<typeof MerchantInput>;

export const Merchant = Type.Object(
  {
    id: Type.String({ description: '`mer-` prefix.' }),
    name: Type.String(),
    legal_name: Nullable(Type.String()),
    tax_id: Nullable(Type.String()),
    tax_id_type: Nullable(Type.String()),
    mcc: Nullable(Type.String()),
    country: Type.String(),
    parent_id: Nullable(Type.String({ description: 'The parent merchant of a sub-merchant.' })),
    status: Type.Literal('active'),
    ...Timestamps,
  },
  { $id: 'Merchant' },
);
export type Merchant = Static<typeof Merchant>;

export const PointOfSaleCreate = Type.Object({
  merchant_id: Type.String({ minLength: 1, maxLength: 100 }),
  name: Name,
  address: Type.Optional(Type.String({ maxLength: 500 })),
});
export const PointOfSaleUpdate = Type.Object({ name: Name, address: Type.Optional(Type.String({ maxLength: 500 })) });

export const PointOfSale = Type.Object(
  {
    id: Type.String({ description: '`pos-` prefix.' }),
    merchant_id: Type.String(),
    name: Type.String(),
    address: Nullable(Type.String()),
    ...Timestamps,
  },
  { $id: 'PointOfSale' },
);
export type PointOfSale = Static<typeof PointOfSale>;

const TerminalIds = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 });
export const TerminalAssociation = Type.Object({
  add: Type.Optional(TerminalIds),
  remove: Type.Optional(TerminalIds),
});

export const TerminalInput = Type.Object({
  serial: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'Unique within the organization.' }),
  model: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('inactive')], { default: 'active' })),
});
export type TerminalInput = Static<typeof TerminalInput>;

export const Terminal = Type.Object(
  {
    id: Type.String({ description: '`ter-` prefix.' }),
    serial: Type.String(),
    model: Nullable(Type.String()),
    status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]),
    point_of_sale_id: Nullable(Type.String({ description: 'The point of sale the terminal is attached to, if any.' })),
    ...Timestamps,
  },
  { $id: 'Terminal' },
);
export type Terminal = Static<typeof Terminal>;

export const TerminalUserInput = Type.Object({ name: Name, role: Type.Union([Type.Literal('cashier'), Type.Literal('supervisor')]) });

export const TerminalUser = Type.Object(
  {
    id: Type.String({ description: '`tus-` prefix.' }),
    terminal_id: Type.String(),
    name: Type.String(),
    role: Type.Union([Type.Literal('cashier'), Type.Literal('supervisor')]),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'TerminalUser' },
);
export type TerminalUser = Static<typeof TerminalUser>;
