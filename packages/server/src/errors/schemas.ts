import { Type } from 'typebox';

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Stable snake_case error code.' }),
      message: Type.String(),
      details: Type.Array(Type.Object({ field: Type.String(), message: Type.String() })),
      request_id: Type.String({ description: 'Also in the X-Request-Id header.' }),
    }),
  },
  { $id: 'Error', description: 'Every non-OAuth error has this body.' },
);

export const OAuthErrorBody = Type.Object(
  { error: Type.String(), error_description: Type.String() },
  { $id: 'OAuthError', description: 'RFC 6749 section 5.2 error.' },
);
