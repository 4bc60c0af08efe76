import { Type, type Static } from 'typebox';

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Not empty (not only spaces).' });

export const Organization = Type.Object(
  {
    id: Type.String({ description: '`org-` prefix.' }),
    name: Type.String(),
    parent_id: Type.Union([Type.String(), Type.Null()], {
      description: 'The organization that registered this one, or null.',
    }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Organization' },
);
export type Organization = Static<typeof Organization>;

export const CreateOrganization = Type.Object({ name: Name });
export const UpdateOrganization = Type.Object({ name: Name });
export const OrganizationParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
