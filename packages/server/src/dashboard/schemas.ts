/** The dashboard's own JSON (docs/dashboard.md); hidden from /openapi.json: it is not the merchant API. */
import { Type } from 'typebox';
import { PERMISSIONS, type Permission } from '../http/permissions.js';
import { ApiClient } from '../auth/clients.routes.js';

const Role = Type.Union([Type.Literal('owner'), Type.Literal('developer'), Type.Literal('viewer')]);
const Time = Type.String({ format: 'date-time' });
const NullableTime = Type.Union([Time, Type.Null()]);

export const OrganizationSummary = Type.Object({ id: Type.String(), name: Type.String(), parent_id: Type.Union([Type.String(), Type.Null()]) });

export const SessionView = Type.Object({
  user: Type.Object({ id: Type.String(), email: Type.String(), role: Role, organization_id: Type.String(), created_at: Time, last_sign_in_at: NullableTime }),
  organization: OrganizationSummary,
  /** The user's organization and those it registered (the organization switcher). */
  organizations: Type.Array(OrganizationSummary),
  csrf_token: Type.String(),
  /** The deployment's environment: the Sandbox pages exist only in `sandbox`. */
  environment: Type.Union([Type.Literal('sandbox'), Type.Literal('production')]),
});

export const SignIn = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});

export const SetPassword = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ maxLength: 1024 }),
  /** For an invitation made without an e-mail address. */
  email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
});

export const LinkToken = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const LinkView = Type.Object({ email: Type.Union([Type.String(), Type.Null()]), organization_name: Type.String(), role: Role, expires_at: Time });

export const Members = Type.Object({
  data: Type.Array(
    Type.Object({
      id: Type.String(),
      email: Type.String(),
      role: Role,
      created_at: Time,
      last_sign_in_at: NullableTime,
      disabled_at: NullableTime,
      /** Set while the account's sign-in budget (failures from any address) is spent: sign-in answers 429 until then. */
      locked_until: NullableTime,
    }),
  ),
});
export const Member = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: Role,
  created_at: Time,
  last_sign_in_at: NullableTime,
  disabled_at: NullableTime,
});
export const MemberParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
/** At least one change; `disabled: true` ends the member's sessions, as a demotion does. */
export const UpdateMember = Type.Object({ role: Type.Optional(Role), disabled: Type.Optional(Type.Boolean()) }, { minProperties: 1 });
export const PendingInvitations = Type.Object({
  data: Type.Array(Type.Object({ id: Type.String(), email: Type.Union([Type.String(), Type.Null()]), role: Role, created_at: Time, expires_at: Time })),
});

/** The invitee's address is the owner's to give: an invitation without one would let whoever holds the link claim any address. */
export const Invite = Type.Object({ role: Role, email: Type.String({ minLength: 1, maxLength: 254 }) });
export const Invitation = Type.Object({ url: Type.String(), expires_at: Time, role: Role });

export const Keys = Type.Object({ data: Type.Array(ApiClient), has_more: Type.Boolean() });
export const CreateKey = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  permissions: Type.Array(Type.Unsafe<Permission>(Type.Union(PERMISSIONS.map((p) => Type.Literal(p)))), {
    minItems: 1,
    maxItems: PERMISSIONS.length,
    uniqueItems: true,
  }),
});
export const CreatedKey = Type.Object({
  client_id: Type.String(),
  client_secret: Type.String({ description: 'Shown only in this answer; stored hashed.' }),
  name: Type.String(),
  organization_id: Type.String(),
  permissions: Type.Array(Type.String()),
  created_at: Time,
});
export const KeyParams = Type.Object({ client_id: Type.String({ minLength: 1, maxLength: 100 }) });

export const Permissions = Type.Object({
  data: Type.Array(Type.Object({ resource: Type.String(), permissions: Type.Array(Type.Object({ name: Type.String(), description: Type.String() })) })),
});
